"""Sign-in throughput: password + send-otp + OTP verification per flow, against identity and a bare baseline.

Default: starts identity itself (uvicorn, one worker, on a free port, behind Traefik configured from gateway/routes.yaml) against a fresh PostgreSQL database
`bench_login_<random>` with console SMS into a temporary var dir, creates a separate bench user population (one user
per client, so per-account throttling never interferes), runs N concurrent clients for D seconds, then serves a bare
FastAPI endpoint the same way (uvicorn, one worker) and runs the same number of HTTP requests per "flow" against it.

    .venv/bin/python bench/login.py --clients 8 --duration 10
    .venv/bin/python bench/login.py --base-url http://127.0.0.1:8101 --var-dir var --database-url postgresql://...

With --base-url the running identity must write console SMS to <var-dir>/sms.log and the bench users are created in
--database-url. BENCH-ONLY RELAXATION (clearly labelled): the self-started identity runs with
IDENTITY_OTP_MAX_SENDS_PER_USER_HOUR=1000000 because each bench user signs in many times an hour; every other limit
(code rules, per-account and per-address failure throttles) is at its production value. Self-started, the flow is
measured twice: with the server's argon2id parameters, and (bench only) with argon2id at its minimum cost, which
shows what the sign-in path costs besides the password hash (goal: within 2x of the bare endpoint).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import ROOT, free_port, percentile, proc_cpu_seconds, start_traefik, start_uvicorn, stop, wait_up  # noqa: E402
PASSWORD = "Bench-Login-8472"
PG = os.environ.get("SURVEYOPS_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/postgres")

try:
    from fastapi import FastAPI

    baseline_app = FastAPI()

    @baseline_app.post("/bench-baseline/ping")
    def ping(body: dict | None = None):
        return {"ok": True}
except ImportError:  # pragma: no cover
    baseline_app = None


# BENCH-ONLY: argon2id at its minimum cost (one pass over 8 KiB, one lane), to show what the sign-in path costs
# besides the password hash. Never a production setting.
ARGON2_MIN = {"argon2_time_cost": 1, "argon2_memory_cost_kib": 8, "argon2_parallelism": 1}


def seed_users(database_url: str, n: int, tag: str, argon2: dict | None = None) -> list[tuple[str, str]]:
    from identity import clock, security
    from identity.config import Settings
    from identity.models import User
    from kit.db import make_engine
    from sqlalchemy.orm import Session

    # the server's argon2id parameters (its defaults, or the bench's minimum), so no sign-in rehashes
    pw_hash = security.hash_password(Settings(**(argon2 or {})), PASSWORD)
    users = []
    engine = make_engine(database_url)
    with Session(engine) as s:
        for i in range(n):
            email, phone = f"bench-{tag}-{i}@bench.test", f"20255{(int(tag, 16) + i) % 100000:05d}"
            now = clock.now()
            s.add(User(first_name="Bench", last_name=f"User{i}", email=email, phone_number=phone, role=1,
                       is_deleted=False, password_hash=pw_hash, password_changed_at=now, created_at=now, updated_at=now))
            users.append((email, phone))
        s.commit()
    engine.dispose()
    return users


def code_for(sms_log: Path, phone: str) -> str:
    with sms_log.open("rb") as f:
        f.seek(0, 2)
        f.seek(max(0, f.tell() - 65536))
        lines = f.read().decode(errors="replace").splitlines()
    for line in reversed(lines):
        parts = line.split("\t")
        if len(parts) == 3 and parts[1] == phone:
            return re.findall(r"\b\d{6}\b", parts[2])[-1]
    raise RuntimeError("code not found")


def run_load(n_clients: int, duration: float, flow) -> tuple[list[float], int]:
    lat: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.perf_counter() + duration

    def worker(i: int):
        with httpx.Client(timeout=30) as client:
            while time.perf_counter() < stop_at:
                t0 = time.perf_counter()
                try:
                    flow(client, i)
                    with lock:
                        lat.append(time.perf_counter() - t0)
                except Exception:  # noqa: BLE001 - counted, reported
                    with lock:
                        errors[0] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(n_clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return lat, errors[0]


def summarize(name: str, lat: list[float], errors: int, duration: float) -> dict:
    lat_ms = sorted(x * 1000 for x in lat)
    p = (lambda q: percentile(lat_ms, q))
    out = {"name": name, "flows": len(lat), "errors": errors, "flows_per_s": len(lat) / duration,
           "p50_ms": p(0.50), "p99_ms": p(0.99)}
    print(f"{name:<10} flows={out['flows']:<6} errors={errors:<4} {out['flows_per_s']:8.1f} flows/s  "
          f"p50={out['p50_ms']:8.1f} ms  p99={out['p99_ms']:8.1f} ms")
    return out


def argon2_verify_ms() -> tuple[dict, float]:
    from identity import security
    from identity.config import Settings

    st = Settings()
    h = security.hash_password(st, PASSWORD)
    times = []
    for _ in range(20):
        t0 = time.perf_counter()
        security.verify_password(st, h, PASSWORD)
        times.append((time.perf_counter() - t0) * 1000)
    params = {"type": "argon2id", "time_cost": st.argon2_time_cost, "memory_cost_kib": st.argon2_memory_cost_kib,
              "parallelism": st.argon2_parallelism}
    return params, statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base-url", help="a running identity (default: start one)")
    ap.add_argument("--var-dir", help="with --base-url: the identity var dir holding sms.log")
    ap.add_argument("--database-url", help="with --base-url: identity's database, to create the bench users")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--duration", type=float, default=10.0)
    ap.add_argument("--out", default=str(ROOT / "bench" / "out" / "login.json"))
    args = ap.parse_args()

    params, verify_ms = argon2_verify_ms()
    print(f"argon2id parameters: {params}; one hash verify: {verify_ms:.1f} ms (median of 20)")
    if args.base_url:
        if not (args.var_dir and args.database_url):
            ap.error("--base-url needs --var-dir and --database-url")
        modes = [("identity", None)]  # a running system: its own argon2 parameters
    else:
        modes = [("identity", None), ("identity, argon2 at its minimum (bench only)", ARGON2_MIN)]
    results, baseline, code = {}, None, 0
    for label, argon2 in modes:
        ident, base_sum = measure(args, label, argon2, with_baseline=baseline is None)
        results[label] = ident
        baseline = baseline or base_sum
        code = code or (1 if ident["errors"] else 0)
    kit = baseline.get("kit")
    if kit and kit["flows_per_s"]:
        print(f"clients={args.clients} duration={args.duration}s; baseline / the bare endpoint in a kit app: "
              f"{baseline['flows_per_s'] / kit['flows_per_s']:.1f}x (what the kit and its app cost three calls before "
              "any of identity's work; the 2x goal's room for identity is what is left of it)")
    for label, ident in results.items():
        ratio = baseline["flows_per_s"] / ident["flows_per_s"] if ident["flows_per_s"] else float("inf")
        ident["ratio"] = ratio
        goal = "; goal <= 2x" if label != "identity" else ""
        print(f"clients={args.clients} duration={args.duration}s; baseline / {label} throughput ratio: {ratio:.1f}x "
              f"(reaches {100 / ratio:.1f}% of the bare endpoint{goal})")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"argon2": params, "argon2_verify_ms": verify_ms, "clients": args.clients,
                               "duration_s": args.duration, "runs": results, "baseline": baseline}, indent=2))
    return code


def three_calls(args, url: str, pid: int, name: str, what: str) -> dict:
    """A "flow" of three POSTs to a bare endpoint (as many HTTP calls as a sign-in), under the same load; with the
    CPU the serving process spent per flow."""

    def flow(client: httpx.Client, i: int):
        for _ in range(3):
            client.post(url, json={"email": "x"}).raise_for_status()

    cpu0 = proc_cpu_seconds(pid)
    lat, err = run_load(args.clients, args.duration, flow)
    out = summarize(name, lat, err, args.duration)
    if lat:
        out["cpu_ms_per_flow"] = (proc_cpu_seconds(pid) - cpu0) * 1000 / len(lat)
        print(f"{'':<10} {what}, CPU per flow (3 calls): {out['cpu_ms_per_flow']:.1f} ms")
    return out


def measure(args, label: str, argon2: dict | None, *, with_baseline: bool) -> tuple[dict, dict | None]:
    """One identity (started here unless --base-url) with its own database and bench users: the sign-in flow's
    throughput, then (once) the bare endpoint through the same gateway, the same number of HTTP calls per flow."""
    tag = uuid.uuid4().hex[:5]
    procs, db_url, tmp = [], None, Path(tempfile.mkdtemp(prefix="bench_login_"))
    try:
        if args.base_url:
            base, sms_log, db_url_seed = args.base_url.rstrip("/"), Path(args.var_dir) / "sms.log", args.database_url
        else:
            from kit.db import ensure_postgres_database

            db_url = PG.rsplit("/", 1)[0] + f"/bench_login_{tag}"
            ensure_postgres_database(db_url)
            port = free_port()
            env = {"IDENTITY_DATABASE_URL": db_url, "IDENTITY_VAR_DIR": str(tmp / "var"),
                   "IDENTITY_JWT_PRIVATE_KEY_FILE": str(tmp / "keys/jwt-private.pem"),
                   "IDENTITY_JWT_PUBLIC_KEY_FILE": str(tmp / "keys/jwt-public.pem"),
                   "IDENTITY_EXTERNAL_ATTEMPTS_KEY_FILE": str(tmp / "keys/external.key"),
                   "IDENTITY_LOG_LEVEL": "WARNING",
                   "IDENTITY_OTP_MAX_SENDS_PER_USER_HOUR": "1000000",  # BENCH-ONLY relaxation (see docstring)
                   **{f"IDENTITY_{k.upper()}": str(v) for k, v in (argon2 or {}).items()}}
            procs.append(start_uvicorn("identity.main:create_app", port, env, tmp / "identity.log", factory=True))
            wait_up(f"http://127.0.0.1:{port}/healthz")
            bport = free_port()
            procs.append(start_uvicorn("login:baseline_app", bport, {}, tmp / "baseline.log", factory=False,
                                       app_dir=ROOT / "bench"))
            wait_up(f"http://127.0.0.1:{bport}/docs")
            kport = free_port()
            if with_baseline:  # the same bare endpoint inside an app the kit builds (bench/kit_ping.py)
                procs.append(start_uvicorn("kit_ping:create_app", kport, {
                    "KITPING_DATABASE_URL": f"sqlite:///{tmp / 'kitping.sqlite3'}", "KITPING_VAR_DIR": str(tmp / "kitping"),
                    "KITPING_JWT_PUBLIC_KEY_FILE": str(tmp / "keys/jwt-public.pem"), "KITPING_LOG_LEVEL": "WARNING"},
                    tmp / "kitping.log", factory=True, app_dir=ROOT / "bench"))
                wait_up(f"http://127.0.0.1:{kport}/healthz")
            # The identity flow and the baselines cross the same Traefik gateway.
            traefik, base = start_traefik(tmp / "traefik", {"identity": port},
                                          {"/bench-baseline": bport, "/bench-kit": kport})
            procs.append(traefik)
            wait_up(base + "/api/docs/identity/openapi.json")
            print(f"\n{label}: uvicorn, 1 worker, behind Traefik {base} (routes from gateway/routes.yaml), PostgreSQL",
                  db_url.rsplit("/", 1)[1], "(bench-only: otp_max_sends_per_user_hour=1000000"
                  + (f", {argon2}" if argon2 else "") + ")")
            sms_log, db_url_seed = tmp / "var" / "sms.log", db_url
        users = seed_users(db_url_seed, args.clients, tag, argon2)

        def flow(client: httpx.Client, i: int):
            email, phone = users[i]
            client.cookies.clear()
            r = client.post(base + "/api/sessions?jwt=1", json={"email": email, "password": PASSWORD})
            r.raise_for_status()
            uid = r.json()["data"]["user"]["id"]
            client.post(base + "/api/sessions/send-otp", json={"id": uid}).raise_for_status()
            r = client.post(base + "/api/sessions/otp-verification",
                            json={"email": email, "id": uid, "otp": code_for(sms_log, phone)})
            r.raise_for_status()
            assert r.json()["data"]["accessToken"]

        flow(httpx.Client(timeout=30), 0)  # warm-up
        ident_pid = procs[0].pid if procs else None
        cpu0 = proc_cpu_seconds(ident_pid) if ident_pid else 0.0
        lat, err = run_load(args.clients, args.duration, flow)
        ident = summarize(label[:10], lat, err, args.duration)
        if ident_pid and lat:
            ident["cpu_ms_per_flow"] = (proc_cpu_seconds(ident_pid) - cpu0) * 1000 / len(lat)
            print(f"{'':<10} identity's CPU per flow: {ident['cpu_ms_per_flow']:.1f} ms "
                  f"({(proc_cpu_seconds(ident_pid) - cpu0) / args.duration * 100:.0f} % of a core over the run)")
        if not with_baseline:
            return ident, None
        if args.base_url:  # a running system: its gateway has no baseline route, so measure it directly
            bport = free_port()
            procs.append(start_uvicorn("login:baseline_app", bport, {}, tmp / "baseline.log", factory=False,
                                       app_dir=ROOT / "bench"))
            bbase = f"http://127.0.0.1:{bport}"
            wait_up(bbase + "/docs")
        else:
            bbase = base

        base_pid = procs[1].pid if not args.base_url else procs[-1].pid
        base_sum = three_calls(args, bbase + "/bench-baseline/ping", base_pid, "baseline", "the bare endpoint")
        if not args.base_url:  # the same endpoint inside an app the kit builds (bench/kit_ping.py)
            base_sum["kit"] = three_calls(args, base + "/bench-kit/ping", procs[2].pid, "kit",
                                          "the same endpoint in a kit app")
        return ident, base_sum
    finally:
        stop(procs)
        if db_url:
            from kit.db import drop_postgres_database

            drop_postgres_database(db_url)


if __name__ == "__main__":
    raise SystemExit(main())
