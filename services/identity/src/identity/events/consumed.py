"""Events identity reads: the projects service's languages, kept as a local read model (id, name).

A tolerant reader (kit.eventdata): only `id` and `name` are used; anything else in the payload is ignored.
"""

from sqlalchemy.orm import Session

from identity.language import repository as languages
from kit.db import Database
from kit.eventdata import data_of, opt_str, req_int
from kit.events import EventConsumer, PoisonMessage


def _id(data: dict) -> int:
    value = req_int(data, "id")
    if value <= 0:
        raise PoisonMessage("language id must be positive")
    return value


def on_language_created(session: Session, envelope: dict) -> None:
    data = data_of(envelope)
    name = (opt_str(data, "name") or "").strip()[:100]
    if not name:
        raise PoisonMessage("language event without a name")
    languages.upsert(session, _id(data), name)


def on_language_deleted(session: Session, envelope: dict) -> None:
    languages.remove(session, _id(data_of(envelope)))


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("identity", db, {
        "projects.language.created": on_language_created,
        "projects.language.deleted": on_language_deleted,
    })]
