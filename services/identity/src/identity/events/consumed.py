"""Events identity reads: the projects service's languages, kept as a local read model (id, name).

A tolerant reader: only `id` and `name` are used; anything else in the payload is ignored.
"""

from sqlalchemy.orm import Session

from identity.language import repository as languages
from kit.db import Database
from kit.events import EventConsumer, PoisonMessage


def _id(data: dict) -> int:
    try:
        value = int(data["id"])
    except (KeyError, TypeError, ValueError) as exc:
        raise PoisonMessage("language event without an integer id") from exc
    if value <= 0:
        raise PoisonMessage("language id must be positive")
    return value


def on_language_created(session: Session, envelope: dict) -> None:
    data = envelope.get("data") or {}
    name = str(data.get("name") or "").strip()[:100]
    if not name:
        raise PoisonMessage("language event without a name")
    languages.upsert(session, _id(data), name)


def on_language_deleted(session: Session, envelope: dict) -> None:
    languages.remove(session, _id(envelope.get("data") or {}))


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("identity", db, {
        "projects.language.created": on_language_created,
        "projects.language.updated": on_language_created,
        "projects.language.deleted": on_language_deleted,
    })]
