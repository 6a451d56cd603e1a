"""Events the projects context publishes: routing keys and payload builders."""

from sqlalchemy.orm import Session

from kit.events import publish
from projects.models import Assignment, Guideline, GuidelineStatus, Language, Project

PROJECT_CREATED = "projects.project.created"
PROJECT_UPDATED = "projects.project.updated"
PROJECT_LOCKED = "projects.project.locked"
PROJECT_UNLOCKED = "projects.project.unlocked"
ASSIGNMENT_CREATED = "projects.assignment.created"
ASSIGNMENT_DELETED = "projects.assignment.deleted"
ASSIGNMENT_UPDATED = "projects.assignment.updated"
PROJECT_DELETED = "projects.project.deleted"
CLIENT_DELETED = "projects.client.deleted"
VISIT_INFO_UPDATED = "projects.visit_info.updated"
GUIDELINE_UPLOADED = "projects.guideline.uploaded"
GUIDELINE_STATUS_CHANGED = "projects.guideline.status_changed"
LANGUAGE_CREATED = "projects.language.created"
LANGUAGE_DELETED = "projects.language.deleted"
CLIENT_CREATED = "projects.client.created"
CLIENT_UPDATED = "projects.client.updated"

# Every routing key this context publishes (tests/test_event_catalogue.py reads it).
PUBLISHED = (PROJECT_CREATED, PROJECT_UPDATED, PROJECT_LOCKED, PROJECT_UNLOCKED, PROJECT_DELETED, CLIENT_CREATED,
             CLIENT_UPDATED, CLIENT_DELETED, ASSIGNMENT_CREATED, ASSIGNMENT_UPDATED, ASSIGNMENT_DELETED,
             LANGUAGE_CREATED, LANGUAGE_DELETED, VISIT_INFO_UPDATED, GUIDELINE_UPLOADED, GUIDELINE_STATUS_CHANGED)


def _iso(d):
    return d.isoformat() if d is not None else None


def project_data(p: Project) -> dict:
    return {
        "id": p.id, "name": p.name, "clientId": p.client_id, "managerId": p.manager_id, "typeId": p.type_id,
        "statusId": p.status_id, "reportFreqId": p.report_freq_id, "startDate": _iso(p.start_date),
        "deadline": _iso(p.deadline), "timezone": p.timezone,
        "paymentRate": float(p.payment_rate) if p.payment_rate is not None else None,
        "billableRate": float(p.billable_rate) if p.billable_rate is not None else None,
        "isLocked": bool(p.is_locked), "langIds": list(p.lang_ids or []), "deletedAt": _iso(p.deleted_at),
    }


def assignment_data(a: Assignment) -> dict:
    return {"id": a.id, "projectId": a.project_id, "surveyorId": a.surveyor_id, "managerId": a.manager_id,
            "typeId": a.type_id, "priority": a.priority, "surveyorGoals": a.surveyor_goals,
            "surveyorCompGoals": a.surveyor_comp_goals}


def project_created(s: Session, p: Project) -> None:
    publish(s, PROJECT_CREATED, project_data(p))


def project_updated(s: Session, p: Project) -> None:
    publish(s, PROJECT_UPDATED, project_data(p))


def project_lock_changed(s: Session, p: Project) -> None:
    publish(s, PROJECT_LOCKED if p.is_locked else PROJECT_UNLOCKED, {"id": p.id, "isLocked": bool(p.is_locked)})


def assignment_created(s: Session, a: Assignment) -> None:
    publish(s, ASSIGNMENT_CREATED, assignment_data(a))


def assignment_deleted(s: Session, a: Assignment) -> None:
    publish(s, ASSIGNMENT_DELETED, assignment_data(a))


def language_created(s: Session, lang: Language) -> None:
    publish(s, LANGUAGE_CREATED, {"id": lang.id, "name": lang.name})


def language_deleted(s: Session, lang: Language) -> None:
    publish(s, LANGUAGE_DELETED, {"id": lang.id, "name": lang.name})


def assignment_updated(s: Session, a: Assignment) -> None:
    publish(s, ASSIGNMENT_UPDATED, assignment_data(a))


def project_deleted(s: Session, project_id: int) -> None:
    publish(s, PROJECT_DELETED, {"id": project_id})


def client_deleted(s: Session, client_id: int, project_ids: list[int]) -> None:
    publish(s, CLIENT_DELETED, {"id": client_id, "projectIds": project_ids})


def visit_info_updated(s: Session, p: Project) -> None:
    """The Additional Info selection as saved: the names shown, in the checklist's order ([] = none shown);
    calling's call screen and Call Log Details show exactly these."""
    publish(s, VISIT_INFO_UPDATED, {"projectId": p.id, "fields": [f["field"] for f in p.visit_info if f.get("show")]})


def guideline_uploaded(s: Session, g: Guideline) -> None:
    publish(s, GUIDELINE_UPLOADED, {"projectId": g.project_id, "guidelineId": g.id, "fileName": g.file_name,
                                    "uploadedAt": _instant(g.uploaded_at)})


def guideline_status_changed(s: Session, st: GuidelineStatus) -> None:
    publish(s, GUIDELINE_STATUS_CHANGED, {"projectId": st.project_id, "surveyorId": st.surveyor_id,
                                          "guidelineId": st.guideline_id, "status": st.status})


def _instant(dt):
    return dt.isoformat(timespec="microseconds") + "Z" if dt is not None else None


def assignment_history_changed(s: Session, a: Assignment) -> None:
    """Weekly goals changed: the assignment again, with its weeks (consumers keep goals per week)."""
    publish(s, ASSIGNMENT_UPDATED, {**assignment_data(a), "weeks": [
        {"weekDate": w.week_date.isoformat(), "weekGoals": w.week_goals, "weekCompGoals": w.week_comp_goals}
        for w in a.history]})


def client_changed(s: Session, key: str, client_id: int, name: str) -> None:
    """`projects.client.created` / `.updated` {id, name}: the client name other contexts show (reporting)."""
    publish(s, key, {"id": client_id, "name": name})
