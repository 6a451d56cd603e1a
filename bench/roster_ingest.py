"""Roster ingest benchmark: rosters of 100,000 and 1,000,000 rows through the real rosters service vs a plain COPY.

    .venv/bin/python bench/roster_ingest.py [--rows 100000,1000000] [--pg postgresql://postgres@127.0.0.1:5432/postgres]

For each size: creates a fresh PostgreSQL database `bench_roster_<random>`, starts the rosters service with
uvicorn on a free port against it, uploads the CSV from disk (streamed), times preview (parse + validate +
stage) and commit (COPY of visits + outbox events) over HTTP and reads the service process's peak RSS (VmHWM),
then in the same run COPYs the same CSV into a plain table as the baseline. Drops the database at the end.
Patients are fake and deterministic (seeded).
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "services/kit/src"))
sys.path.insert(0, str(ROOT / "services/rosters/src"))

from kit.auth import Role, TokenSigner, generate_keypair  # noqa: E402
from kit.db import drop_postgres_database, ensure_postgres_database  # noqa: E402
from rosters.demo import COLUMNS, fake_roster  # noqa: E402

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base: str, proc: subprocess.Popen, timeout: float = 300) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("rosters service exited during start-up")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError("rosters service did not become healthy")


def write_roster(path: Path, rows: int, chunk: int = 100_000) -> None:
    """The fake roster written in chunks (the header once), so the benchmark itself stays small too."""
    with open(path, "wb") as f:
        for start in range(0, rows, chunk):
            part = fake_roster(min(chunk, rows - start), seed=2026 + start)
            f.write(part if start == 0 else part.split(b"\n", 1)[1])


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", default="100000,1000000", help="comma-separated roster sizes")
    ap.add_argument("--pg", default=os.environ.get("SURVEYOPS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres"))
    args = ap.parse_args()
    results = [run(int(n), args.pg) for n in args.rows.split(",")]
    print("\nrows        preview+commit rows/s   COPY rows/s   service/COPY speed   peak RSS MB")
    for rows, total_rate, copy_rate, rss in results:
        print(f"{rows:>9,}   {total_rate:>20,.0f}   {copy_rate:>11,.0f}   {total_rate / copy_rate:>18.2f}   {rss:>11.0f}")
    if len(results) > 1:
        print(f"peak RSS ratio largest / smallest: {results[-1][3] / results[0][3]:.2f}")


def run(rows: int, pg: str) -> tuple[int, float, float, float]:
    tmp0 = Path(tempfile.mkdtemp(prefix="bench-roster-csv-"))
    csv_path = tmp0 / "roster.csv"
    t = time.perf_counter()
    write_roster(csv_path, rows)
    print(f"\ngenerated {rows:,} rows ({csv_path.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - t:.2f} s")

    db_url = pg.rsplit("/", 1)[0] + f"/bench_roster_{secrets.token_hex(4)}"
    ensure_postgres_database(db_url)
    tmp = Path(tempfile.mkdtemp(prefix="bench-roster-"))
    proc = None
    try:
        priv, pub = tmp / "jwt-private.pem", tmp / "jwt-public.pem"
        generate_keypair(priv, pub)
        token = TokenSigner(priv, "surveyops-identity", "surveyops").sign(sub=1, role=int(Role.ADMIN), sid="bench",
                                                                         name="bench", ttl_seconds=3600)
        port = free_port()
        env = {**os.environ, "ROSTERS_DATABASE_URL": db_url, "ROSTERS_JWT_PUBLIC_KEY_FILE": str(pub),
               "ROSTERS_VAR_DIR": str(tmp / "var"), "ROSTERS_LOG_LEVEL": "WARNING"}
        proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "rosters.main:create_app", "--factory",
                                 "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"],
                                env=env, cwd=ROOT)
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, proc)
        with psycopg.connect(db_url, autocommit=True) as conn:  # the project arrives by event in production
            conn.execute("INSERT INTO project_refs (id, name, manager_id, is_locked, is_deleted) "
                         "VALUES (1, 'Bench', 2, false, false)")

        from rosters.roster.parser import parse_roster_file
        langs = [(1, "English"), (2, "Spanish"), (3, "Albanian"), (4, "Arabic"), (5, "Cantonese"),
                 (6, "Cape Verdean"), (7, "Haitian Creole"), (8, "Korean"), (9, "Mandarin"), (10, "Portuguese"),
                 (11, "Russian"), (12, "Vietnamese")]
        t = time.perf_counter()
        parsed = parse_roster_file(csv_path, langs, "roster.csv")
        parse_s = time.perf_counter() - t
        assert parsed.error_count == 0, parsed.errors[:3]

        headers = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=base, headers=headers, timeout=3600) as http:
            # warm-up: a running service has loaded its libraries and started its thread pools before a roster
            # arrives; a 10-row preview (then cancelled) does that here, outside the timings
            r = http.post("/api/roster/1", files={"file": ("warm.csv", fake_roster(10, seed=1), "text/csv")},
                          data={"onlyParse": "true"})
            r.raise_for_status()
            http.delete("/api/roster/1", params={"uploadId": r.json()["data"]["uploadId"]}).raise_for_status()
            t = time.perf_counter()
            with open(csv_path, "rb") as f:
                r = http.post("/api/roster/1", files={"file": ("roster.csv", f, "text/csv")}, data={"onlyParse": "true"})
            preview_s = time.perf_counter() - t
            if r.status_code != 200:
                raise RuntimeError(f"preview failed: {r.status_code} {r.text[:300]}")
            preview = r.json()["data"]
            print(f"preview over HTTP: {preview_s:.1f} s ({rows / preview_s:,.0f} rows/s); "
                  f"service peak RSS so far {peak_rss_mb(proc.pid):.0f} MB", flush=True)
            assert preview["errorCount"] == 0 and preview["rowCount"] == rows, preview["errors"][:3]
            t = time.perf_counter()
            r = http.post("/api/roster/1", data={"onlyParse": "false", "uploadId": preview["uploadId"]})
            commit_s = time.perf_counter() - t
            if r.status_code != 200:
                raise RuntimeError(f"commit failed: {r.status_code} {r.text[:300]}")
        rss = peak_rss_mb(proc.pid)

        with psycopg.connect(db_url, autocommit=True) as conn:
            n_visits = conn.execute("SELECT count(*) FROM visits").fetchone()[0]
            n_events, event_mb = conn.execute(
                "SELECT count(*), coalesce(sum(length(envelope::text)), 0) / 1e6 FROM outbox "
                "WHERE routing_key = 'rosters.visits.imported'").fetchone()
            assert n_visits == rows, n_visits
            cols = ", ".join(f'"{c}" text' for c in COLUMNS)
            conn.execute(f"CREATE TABLE baseline_roster (id bigserial primary key, {cols})")
            t = time.perf_counter()
            with conn.cursor() as cur:
                names = ", ".join(f'"{c}"' for c in COLUMNS)
                with cur.copy(f"COPY baseline_roster ({names}) FROM STDIN WITH (FORMAT csv, HEADER true)") as cp, \
                        open(csv_path, "rb") as f:
                    while block := f.read(1 << 20):
                        cp.write(block)
            copy_s = time.perf_counter() - t
            assert conn.execute("SELECT count(*) FROM baseline_roster").fetchone()[0] == rows

        total_s = preview_s + commit_s
        print(f"parse+validate in process (polars):      {parse_s * 1000:8.0f} ms  {rows / parse_s:12,.0f} rows/s")
        print(f"preview over HTTP (upload+parse+stage):  {preview_s * 1000:8.0f} ms  {rows / preview_s:12,.0f} rows/s")
        print(f"commit over HTTP (COPY visits+{n_events} events): {commit_s * 1000:8.0f} ms  {rows / commit_s:12,.0f} rows/s"
              f"  ({event_mb:.1f} MB of visit events in the outbox)")
        print(f"service total (preview + commit):        {total_s * 1000:8.0f} ms  {rows / total_s:12,.0f} rows/s")
        print(f"baseline: plain COPY of the same CSV:    {copy_s * 1000:8.0f} ms  {rows / copy_s:12,.0f} rows/s")
        print(f"ratio commit / baseline: {commit_s / copy_s:.1f}x   ratio (preview+commit) / baseline: {total_s / copy_s:.1f}x")
        print(f"rosters service peak RSS (VmHWM): {rss:.0f} MB")
        return rows, rows / total_s, rows / copy_s, rss
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        drop_postgres_database(db_url)
        csv_path.unlink(missing_ok=True)
        tmp0.rmdir()


if __name__ == "__main__":
    main()
