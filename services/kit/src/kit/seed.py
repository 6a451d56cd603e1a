"""Demo data: each service's `<ctx>.seed.seed_demo(db)`, run by the embedded runner (`embedded.app`) or by
this command for the full topology (`scripts/stack.py up --demo` starts it once the services answer):

    python -m kit.seed identity projects rosters calling surveys reporting

Never by a service's own app factory or an event consumer. Demo data that depends on other contexts' events
(a project needs its manager's user record) appears once those events have arrived, so a seed is called again
until it reports done: True, None (nothing to do) or a dict whose values are all truthy. Each service's
settings come from its environment (`<CTX>_DATABASE_URL`, ...), as for its uvicorn process."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import time
from collections.abc import Callable

from kit.db import Database

log = logging.getLogger("kit.seed")
EVERY_SECONDS, FOR_SECONDS = 1.5, 90.0
# Connections per service's database while seeding: few are idle, but a seed may hold its session while the work
# it calls opens its own (the rosters import on PostgreSQL writes on VISIT_WRITERS + 1 connections beside the
# seed's session, and marks an Errored roster on one more); with no overflow it waited for a connection until the
# pool's timeout and left the demo roster Errored.
SEED_POOL = {"pool_size": 2, "max_overflow": 6}

Seed = Callable[[Database], object]


def seed_of(package: str) -> Seed | None:
    """`<package>.seed.seed_demo`, or None for a service without demo data."""
    try:
        return importlib.import_module(f"{package}.seed").seed_demo
    except (ImportError, AttributeError):
        return None


def is_done(result: object) -> bool:
    if result is None or result is True:
        return True
    if isinstance(result, dict):
        return all(result.values())
    return False


def seed_once(name: str, seed: Seed, db: Database) -> bool:
    try:
        return is_done(seed(db))
    except Exception:  # noqa: BLE001 - retried; demo data only
        log.warning("demo seed pass failed", extra={"service": name}, exc_info=True)
        return False


async def seed_until_done(name: str, seed: Seed, db: Database, every: float = EVERY_SECONDS,
                          for_seconds: float = FOR_SECONDS) -> bool:
    """The embedded runner's loop (one task per service)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + for_seconds
    while True:
        if await asyncio.to_thread(seed_once, name, seed, db):
            return True
        if loop.time() >= deadline:
            log.warning("demo seed gave up waiting", extra={"service": name})
            return False
        await asyncio.sleep(every)


def service_database(ctx: str) -> Database:
    """The service's database as its uvicorn process opens it (settings from the environment)."""
    from kit.events import bind_event_tables

    settings = importlib.import_module(f"{ctx}.config").Settings()
    base = importlib.import_module(f"{ctx}.models").Base
    db = Database(settings.resolved_database_url(), base, **SEED_POOL)
    bind_event_tables(db)
    return db


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Seed the demo data of running services (full topology).")
    ap.add_argument("services", nargs="+")
    ap.add_argument("--for-seconds", type=float, default=FOR_SECONDS)
    a = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    pending = {ctx: (seed, service_database(ctx)) for ctx in a.services if (seed := seed_of(ctx))}
    deadline = time.monotonic() + a.for_seconds
    while pending:
        for ctx in list(pending):
            seed, db = pending[ctx]
            if seed_once(ctx, seed, db):
                log.info("demo data seeded: %s", ctx)
                db.engine.dispose()
                del pending[ctx]
        if not pending or time.monotonic() >= deadline:
            break
        time.sleep(EVERY_SECONDS)
    if pending:
        log.warning("demo seed incomplete: %s", ", ".join(pending))
    return 1 if pending else 0


if __name__ == "__main__":
    raise SystemExit(main())
