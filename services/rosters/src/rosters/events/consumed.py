"""Events the rosters context reads (tolerant copies): projects for access checks and default sampling,
languages for roster matching."""

from sqlalchemy.orm import Session

from kit.db import Database
from kit.events import EventConsumer, PoisonMessage
from rosters.readmodel import repository
from rosters.sampling import service as sampling_service


def _data_with_id(envelope: dict) -> dict:
    d = envelope.get("data")
    if not isinstance(d, dict) or not isinstance(d.get("id"), int):
        raise PoisonMessage(f"{envelope.get('type')} without an integer id")
    return d


def on_project_changed(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    manager_id = d.get("managerId")
    ref, created = repository.upsert_project(
        s, id=d["id"], name=str(d.get("name") or "") or None,
        manager_id=manager_id if isinstance(manager_id, int) else None,
        is_locked=bool(d["isLocked"]) if "isLocked" in d else None,
        is_deleted=bool(d.get("deletedAt")) if "deletedAt" in d else None)
    # Every project starts with one sampling parameter (Provider, priority 1) and default settings.
    sampling_service.ensure_defaults(s, project_id=ref.id)


def on_project_lock(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    repository.upsert_project(s, id=d["id"], is_locked=envelope["type"].endswith(".locked"))


def on_project_deleted(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    repository.upsert_project(s, id=d["id"], is_deleted=True)


def on_language_created(s: Session, envelope: dict) -> None:
    d = _data_with_id(envelope)
    if not isinstance(d.get("name"), str) or not d["name"].strip():
        raise PoisonMessage("projects.language.created without a name")
    repository.upsert_language(s, d["id"], d["name"].strip())


def on_language_deleted(s: Session, envelope: dict) -> None:
    repository.delete_language(s, _data_with_id(envelope)["id"])


def consumers(db: Database) -> list[EventConsumer]:
    return [EventConsumer("rosters.projects", db, {
        "projects.project.created": on_project_changed,
        "projects.project.updated": on_project_changed,
        "projects.project.locked": on_project_lock,
        "projects.project.unlocked": on_project_lock,
        "projects.project.deleted": on_project_deleted,
        "projects.language.created": on_language_created,
        "projects.language.deleted": on_language_deleted,
    })]
