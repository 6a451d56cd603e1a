"""One clock for the service: naive UTC like the kit's tables; freezable in tests (time-machine)."""

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)
