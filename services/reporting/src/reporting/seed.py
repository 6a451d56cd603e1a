"""Reporting has no demo data of its own: its read model fills from the other services' events."""


def seed_demo(db) -> None:  # noqa: ARG001 - same signature as every service's seed
    return None
