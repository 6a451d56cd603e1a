"""Where the sign-in flow's CPU goes below HTTP: its three steps called in-process, one after another, on SQLite
and on PostgreSQL, with the statements and transactions each step sends to the database.

    .venv/bin/python bench/login_steps.py [--flows 400]

`bench/login.py` measures the flow through the gateway (HTTP, the thread pool, eight clients at once); this
script takes HTTP and concurrency away and counts what is left: the service code, SQLAlchemy and the driver.
argon2id at its minimum cost (bench only), as in login.py's second run, so the password hash is not the figure.
Each figure is the median over --flows flows (after 20 warm-up flows) of this process's CPU time
(time.process_time) around one step; the database server's own CPU is not in it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from login import ARGON2_MIN, PASSWORD, PG, code_for, seed_users  # noqa: E402

STEPS = ("password (POST /api/sessions)", "send code (POST /api/sessions/send-otp)",
         "verify code (POST /api/sessions/otp-verification)")


def run(database_url: str, tmp: Path, flows: int) -> list[dict]:
    from fastapi.testclient import TestClient
    from sqlalchemy import event

    os.environ.update({"IDENTITY_DATABASE_URL": database_url, "IDENTITY_VAR_DIR": str(tmp / "var"),
                       "IDENTITY_JWT_PRIVATE_KEY_FILE": str(tmp / "keys/jwt-private.pem"),
                       "IDENTITY_JWT_PUBLIC_KEY_FILE": str(tmp / "keys/jwt-public.pem"),
                       "IDENTITY_EXTERNAL_ATTEMPTS_KEY_FILE": str(tmp / "keys/external.key"),
                       "IDENTITY_LOG_LEVEL": "WARNING",
                       "IDENTITY_OTP_MAX_SENDS_PER_USER_HOUR": "1000000",  # BENCH-ONLY, as in login.py
                       **{f"IDENTITY_{k.upper()}": str(v) for k, v in ARGON2_MIN.items()}})
    from identity.main import create_app
    from identity.session import service
    from identity.session.schemas import SendOtp, SignIn, VerifyOtp

    app = create_app()
    with TestClient(app):  # start-up: migrations, keys, the relay
        db, c = app.state.db, app.state.identity
        c.sms.echo = False  # the console sender (development) would print every code
        email, phone = seed_users(database_url, 1, uuid.uuid4().hex[:5], ARGON2_MIN)[0]
        sms_log = tmp / "var" / "sms.log"
        sent: list[str] = []

        me = threading.get_ident()  # the relay and the session sweep run on threads of their own

        def count(conn, cursor, statement, *_):
            if threading.get_ident() == me:
                sent.append(statement)

        commits = [0]
        # the steps' statements go to the autocommit engine, a pool of its own on PostgreSQL (kit.db)
        for engine in {db.engine, db.autocommit_engine().engine}:
            event.listen(engine, "before_cursor_execute", count)
            event.listen(engine, "commit",
                         lambda conn: commits.__setitem__(0, commits[0] + 1) if threading.get_ident() == me else None)
        cpu: list[list[float]] = [[], [], []]
        statements, transactions = [0, 0, 0], [0, 0, 0]
        for i in range(flows + 20):
            marks = []
            t0 = time.process_time()
            pre = service.sign_in(db, c, SignIn(email=email, password=PASSWORD), "127.0.0.1")
            marks.append((time.process_time() - t0, len(sent), commits[0]))
            uid = pre.user["id"]
            t0 = time.process_time()
            service.send_otp(db, c, pre.secret, SendOtp(id=uid), "127.0.0.1")
            marks.append((time.process_time() - t0, len(sent), commits[0]))
            code = code_for(sms_log, phone)
            t0 = time.process_time()
            service.verify_otp(db, c, pre.secret, VerifyOtp(email=email, id=uid, otp=code), "127.0.0.1")
            marks.append((time.process_time() - t0, len(sent), commits[0]))
            prev_n, prev_c = 0, 0
            for k, (t, n, cm) in enumerate(marks):
                if i >= 20:
                    cpu[k].append(t)
                if i == 20:
                    statements[k], transactions[k] = n - prev_n, cm - prev_c
                prev_n, prev_c = n, cm
            sent.clear()
            commits[0] = 0
    return [{"step": STEPS[k], "cpu_ms": statistics.median(cpu[k]) * 1000, "statements": statements[k],
             "transactions": transactions[k]} for k in range(3)]


def transaction_cost(n: int = 3000) -> dict[str, float]:
    """CPU of this process per transaction of one `SELECT 1` through SQLAlchemy (pool checkout, BEGIN, statement,
    COMMIT, check-in), on SQLite and on PostgreSQL with and without the pool's ping; and the statement alone on a
    raw psycopg connection. What every unit of work pays before its own statements."""
    import psycopg
    from sqlalchemy import literal, select

    from kit.db import drop_postgres_database, ensure_postgres_database, make_engine

    url = PG.rsplit("/", 1)[0] + f"/bench_login_tx_{uuid.uuid4().hex[:6]}"
    ensure_postgres_database(url)
    tmp = Path(tempfile.mkdtemp(prefix="bench_login_tx_"))
    out = {}
    try:
        for label, u, kw in (("sqlite", f"sqlite:///{tmp / 'tx.sqlite3'}", {}), ("postgresql", url, {}),
                             ("postgresql_no_ping", url, {"pool_pre_ping": False})):
            engine = make_engine(u, **kw)
            stmt = select(literal(1))

            def tx():
                with engine.connect() as c:
                    c.execute(stmt).scalar()
                    c.commit()

            for _ in range(50):
                tx()
            t0 = time.process_time()
            for _ in range(n):
                tx()
            out[label] = (time.process_time() - t0) * 1000 / n
            engine.dispose()
        with psycopg.connect(url) as c:
            t0 = time.process_time()
            for _ in range(n):
                c.execute("SELECT 1").fetchone()
            out["raw_psycopg"] = (time.process_time() - t0) * 1000 / n
    finally:
        drop_postgres_database(url)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--flows", type=int, default=400)
    args = ap.parse_args()
    from kit.db import drop_postgres_database, ensure_postgres_database

    results = {}
    for label in ("SQLite", "PostgreSQL"):
        tmp = Path(tempfile.mkdtemp(prefix="bench_login_steps_"))
        url = (f"sqlite:///{tmp / 'identity.sqlite3'}" if label == "SQLite"
               else PG.rsplit("/", 1)[0] + f"/bench_login_steps_{uuid.uuid4().hex[:6]}")
        if label == "PostgreSQL":
            ensure_postgres_database(url)
        try:
            results[label] = run(url, tmp, args.flows)
        finally:
            if label == "PostgreSQL":
                drop_postgres_database(url)
    print(f"sign-in steps in-process, argon2id at its minimum (bench only); median CPU of this process per step "
          f"over {args.flows} flows")
    print(f"{'step':<52}{'SQLite':>16}{'PostgreSQL':>16}   statements + commits per step (PostgreSQL)")
    for k, step in enumerate(STEPS):
        lite, pg = results["SQLite"][k], results["PostgreSQL"][k]
        print(f"{step:<52}{lite['cpu_ms']:>13.2f} ms{pg['cpu_ms']:>13.2f} ms   "
              f"{pg['statements']} + {pg['transactions']}")
    total = {k: sum(r["cpu_ms"] for r in v) for k, v in results.items()}
    n = sum(r["statements"] + r["transactions"] for r in results["PostgreSQL"])
    print(f"{'the flow':<52}{total['SQLite']:>13.2f} ms{total['PostgreSQL']:>13.2f} ms   "
          f"{n} round trips on PostgreSQL, besides a BEGIN per transaction and the pool's ping per checkout "
          f"(ratio PostgreSQL / SQLite {total['PostgreSQL'] / total['SQLite']:.2f})")
    probe = transaction_cost()
    print(f"one transaction of one trivial statement through SQLAlchemy: SQLite {probe['sqlite']:.3f} ms, "
          f"PostgreSQL {probe['postgresql']:.3f} ms ({probe['postgresql_no_ping']:.3f} ms without the pool's ping); "
          f"the statement alone on a raw psycopg connection {probe['raw_psycopg']:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
