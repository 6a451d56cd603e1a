"""Revoked sessions, refused on every service within a second (docs/decisions.md, "Revocation everywhere").

Identity publishes `identity.session.revoked {sid, userId, reason, revokedAt, expiresAt}` when a session ends
before its tokens do: sign-out, deactivation, deletion, role change, password reset, idle or absolute expiry.
Every replica of every service keeps those session ids in memory until `expiresAt` (past which no token of the
session verifies anyway) and refuses their tokens with 401 "Session Expired".

Delivery is a broadcast, not the competing consumers of `kit.events.EventConsumer`: each replica must see every
revocation. The bus keeps the events retained (RabbitMQ: a stream with a maximum age; the in-process bus: in
memory), and a replica that starts, or reconnects after a broker restart, reads them again from the start, so
its list is rebuilt before or while it serves. Adding the same session twice is harmless.

`ensure_not_revoked` is the per-request check: a dict probe, no I/O. Call it after a token is verified, also
when verified claims come from a cache.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import UTC, datetime

from kit.errors import Unauthorized

log = logging.getLogger("kit.revocation")

SESSION_REVOKED = "identity.session.revoked"
# The broadcast subscription's name (the RabbitMQ stream is named after it).
LISTENER = "session-revocations"
# How long the bus retains revocation events for replay; far beyond any access token's lifetime.
RETAIN_SECONDS = 6 * 3600
PRUNE_EVERY = 1024  # additions between sweeps of expired entries


def _epoch(value: object) -> float | None:
    """An ISO-8601 instant (naive = UTC, as the kit writes them) as epoch seconds; None when malformed."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.timestamp()


class RevocationList:
    """Session ids whose tokens are refused, each until the instant its tokens expire anyway."""

    def __init__(self) -> None:
        self._until: dict[str, float] = {}
        self._lock = threading.Lock()  # writers only; readers probe the dict (atomic under the GIL)
        self._added = 0

    def revoke(self, sid: str, until: float) -> None:
        with self._lock:
            if until > self._until.get(sid, 0.0):
                self._until[sid] = until
            self._added += 1
            if self._added % PRUNE_EVERY == 0:
                self.prune()

    def is_revoked(self, sid: str) -> bool:
        until = self._until.get(sid)
        return until is not None and until > time.time()

    def prune(self, now: float | None = None) -> int:
        now = time.time() if now is None else now
        expired = [sid for sid, until in list(self._until.items()) if until <= now]
        for sid in expired:
            self._until.pop(sid, None)
        return len(expired)

    def __len__(self) -> int:
        return len(self._until)

    def apply(self, envelope: dict) -> None:
        """The broadcast listener: one `identity.session.revoked` envelope. A malformed one is logged and
        skipped (it cannot be dead-lettered per replica; identity's own tests pin the shape)."""
        data = envelope.get("data") if isinstance(envelope, dict) else None
        sid = data.get("sid") if isinstance(data, dict) else None
        until = _epoch(data.get("expiresAt")) if isinstance(data, dict) else None
        if not isinstance(sid, str) or not sid or len(sid) > 64 or until is None:
            log.error("malformed session revocation ignored", extra={"event_id": str(envelope.get("id"))[:36]
                                                                     if isinstance(envelope, dict) else None})
            return
        self.revoke(sid, until)


def ensure_not_revoked(revocations: RevocationList | None, sid: str) -> None:
    """Raise 401 "Session Expired" when the token's session was revoked. No I/O: a dict probe."""
    if revocations is not None and revocations.is_revoked(sid):
        raise Unauthorized("Session Expired")
