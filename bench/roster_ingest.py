"""Roster ingest benchmark: a 100,000-row roster through the real rosters service vs a plain COPY.

    .venv/bin/python bench/roster_ingest.py [--rows 100000] [--pg postgresql://postgres@127.0.0.1:5432/postgres]

Creates a fresh PostgreSQL database `bench_roster_<random>`, starts the rosters service with uvicorn on a free
port against it, times preview (parse + validate + stage) and commit (COPY of visits + outbox events) over
HTTP, then in the same run COPYs the same CSV into a plain table as the baseline. Drops the database at the end.
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


def wait_healthy(base: str, proc: subprocess.Popen, timeout: float = 60) -> None:
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--pg", default=os.environ.get("SURVEYOPS_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres"))
    args = ap.parse_args()

    t = time.perf_counter()
    content = fake_roster(args.rows)
    print(f"generated {args.rows:,} rows ({len(content) / 1e6:.1f} MB) in {time.perf_counter() - t:.2f} s")

    db_url = args.pg.rsplit("/", 1)[0] + f"/bench_roster_{secrets.token_hex(4)}"
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

        from rosters.roster.parser import parse_roster
        langs = [(1, "English"), (2, "Spanish"), (3, "Albanian"), (4, "Arabic"), (5, "Cantonese"),
                 (6, "Cape Verdean"), (7, "Haitian Creole"), (8, "Korean"), (9, "Mandarin"), (10, "Portuguese"),
                 (11, "Russian"), (12, "Vietnamese")]
        t = time.perf_counter()
        parsed = parse_roster(content, langs)
        parse_s = time.perf_counter() - t
        assert parsed.error_count == 0, parsed.errors[:3]

        headers = {"Authorization": f"Bearer {token}"}
        with httpx.Client(base_url=base, headers=headers, timeout=300) as http:
            t = time.perf_counter()
            r = http.post("/api/roster/1", files={"file": ("roster.csv", content, "text/csv")}, data={"onlyParse": "true"})
            preview_s = time.perf_counter() - t
            if r.status_code != 200:
                raise RuntimeError(f"preview failed: {r.status_code} {r.text[:300]}")
            preview = r.json()["data"]
            assert preview["errorCount"] == 0 and preview["rowCount"] == args.rows, preview["errors"][:3]
            t = time.perf_counter()
            r = http.post("/api/roster/1", data={"onlyParse": "false", "uploadId": preview["uploadId"]})
            commit_s = time.perf_counter() - t
            if r.status_code != 200:
                raise RuntimeError(f"commit failed: {r.status_code} {r.text[:300]}")

        with psycopg.connect(db_url, autocommit=True) as conn:
            n_visits = conn.execute("SELECT count(*) FROM visits").fetchone()[0]
            n_events, event_mb = conn.execute(
                "SELECT count(*), coalesce(sum(length(envelope::text)), 0) / 1e6 FROM outbox "
                "WHERE routing_key = 'rosters.visits.imported'").fetchone()
            assert n_visits == args.rows, n_visits
            cols = ", ".join(f'"{c}" text' for c in COLUMNS)
            conn.execute(f"CREATE TABLE baseline_roster (id bigserial primary key, {cols})")
            t = time.perf_counter()
            with conn.cursor() as cur:
                names = ", ".join(f'"{c}"' for c in COLUMNS)
                with cur.copy(f"COPY baseline_roster ({names}) FROM STDIN WITH (FORMAT csv, HEADER true)") as cp:
                    cp.write(content)
            copy_s = time.perf_counter() - t
            assert conn.execute("SELECT count(*) FROM baseline_roster").fetchone()[0] == args.rows

        rows = args.rows
        total_s = preview_s + commit_s
        print(f"parse+validate in process (polars):      {parse_s * 1000:8.0f} ms  {rows / parse_s:12,.0f} rows/s")
        print(f"preview over HTTP (upload+parse+stage):  {preview_s * 1000:8.0f} ms  {rows / preview_s:12,.0f} rows/s")
        print(f"commit over HTTP (COPY visits+{n_events} events): {commit_s * 1000:8.0f} ms  {rows / commit_s:12,.0f} rows/s"
              f"  ({event_mb:.1f} MB of visit events in the outbox)")
        print(f"service total (preview + commit):        {total_s * 1000:8.0f} ms  {rows / total_s:12,.0f} rows/s")
        print(f"baseline: plain COPY of the same CSV:    {copy_s * 1000:8.0f} ms  {rows / copy_s:12,.0f} rows/s")
        print(f"ratio commit / baseline: {commit_s / copy_s:.1f}x   ratio (preview+commit) / baseline: {total_s / copy_s:.1f}x")
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        drop_postgres_database(db_url)


if __name__ == "__main__":
    main()
