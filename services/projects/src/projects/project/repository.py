from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from kit.errors import BadRequest
from kit.paging import LIKE_ESCAPE, Page, contains_pattern
from projects.models import Assignment, Client, Project
from projects.readmodel import repository as readmodel
from projects.readmodel.views import ProjectFiguresView

ORDER = {"id": Project.id, "name": Project.name, "deadline": Project.deadline, "startDate": Project.start_date,
         "statusId": Project.status_id, "typeId": Project.type_id, "createdAt": Project.created_at,
         "updatedAt": Project.updated_at, "managerId": Project.manager_id, "timezone": Project.timezone,
         "clientName": Client.name, "isLocked": Project.is_locked}
TEXT_KEYS = ("name", "timezone", "clientName")
# Sort keys fed by other contexts' events (read models).
FIGURE_KEYS = ("lastRosterUpload", "oldestUncleanedSurveyedOn", "undefinedProviders", "uncleanedEscalation",
               "surveysRP")


def get(s: Session, project_id: int) -> Project | None:
    return s.get(Project, project_id)


def get_by_name(s: Session, name: str) -> Project | None:
    return s.scalars(select(Project).where(Project.name == name)).first()


def is_assigned(s: Session, project_id: int, surveyor_id: int) -> bool:
    return s.scalar(select(Assignment.id).where(Assignment.project_id == project_id,
                                                Assignment.surveyor_id == surveyor_id)) is not None


def list_page(s: Session, page: Page, *, manager_id: int | None = None, surveyor_id: int | None = None,
              search: str | None = None, type_id: int | None = None, include_deactivated: bool = True,
              escalated_only: bool = False, window: tuple[datetime, datetime]) -> tuple[list[tuple], int]:
    """Rows of (Project, client name, last roster upload, unresolved escalations, undefined providers,
    oldest uncleaned surveyed-on, surveys in the window).

    Two steps, so that a page costs what its rows cost: the page's project ids, filtered, counted and ordered with
    only the sort key's own figure joined; then the projects of that page with every figure, each aggregate
    limited to those ids (bench/project_list.py)."""
    key = page.order_by or "name"
    if key not in FIGURE_KEYS and key not in ORDER:
        raise BadRequest(f"orderBy: must be one of {', '.join(sorted([*ORDER, *FIGURE_KEYS]))}")
    ids_q = select(Project.id).outerjoin(Client, Client.id == Project.client_id)
    if manager_id is not None:
        ids_q = ids_q.where(Project.manager_id == manager_id)
    if surveyor_id is not None:
        ids_q = ids_q.where(Project.id.in_(select(Assignment.project_id).where(Assignment.surveyor_id == surveyor_id)))
    if type_id is not None:
        ids_q = ids_q.where(Project.type_id == type_id)
    if not include_deactivated:
        ids_q = ids_q.where(Project.deleted_at.is_(None))
    if escalated_only:
        ids_q = ids_q.where(Project.id.in_(readmodel.escalated_project_ids_q()))
    if search:
        like = contains_pattern(search)
        ids_q = ids_q.where(or_(func.lower(Project.name).like(like, escape=LIKE_ESCAPE),
                                func.lower(Client.name).like(like, escape=LIKE_ESCAPE)))
    count = s.scalar(select(func.count()).select_from(ids_q.subquery()))
    if key in FIGURE_KEYS:
        col, ids_q = _join_figure(ids_q, key, window, surveyor_id)
    else:
        col = ORDER[key]
        if key in TEXT_KEYS:
            col = func.lower(col)  # a person reads "de la Cruz" between "Davis" and "Evans"
    ordered = (col.desc() if page.descending else col.asc()).nulls_last()
    ids = list(s.scalars(ids_q.order_by(ordered, Project.id).offset(page.skip).limit(page.limit)))
    if not ids:
        return [], int(count or 0)
    last = readmodel.last_roster_upload_q(ids)
    unresolved = readmodel.unresolved_escalations_q(ids)
    surveys = readmodel.surveys_q(*window, surveyor_id=surveyor_id, project_ids=ids)
    q = (select(Project, Client.name, last.c.v, func.coalesce(unresolved.c.v, 0),
                ProjectFiguresView.undefined_providers, ProjectFiguresView.oldest_uncleaned_surveyed_on,
                ProjectFiguresView.last_qa, func.coalesce(surveys.c.v, 0))  # surveys last: _period_surveys
         .outerjoin(Client, Client.id == Project.client_id)
         .outerjoin(last, last.c.project_id == Project.id)
         .outerjoin(unresolved, unresolved.c.project_id == Project.id)
         .outerjoin(ProjectFiguresView, ProjectFiguresView.project_id == Project.id)
         .outerjoin(surveys, surveys.c.project_id == Project.id)
         .where(Project.id.in_(ids)))
    by_id = {r[0].id: tuple(r) for r in s.execute(q).all()}
    return [by_id[i] for i in ids if i in by_id], int(count or 0)


def _join_figure(q, key: str, window: tuple[datetime, datetime], surveyor_id: int | None):
    """The ids query joined to the one figure it is sorted by, and that figure's column."""
    if key in ("undefinedProviders", "oldestUncleanedSurveyedOn"):
        col = (ProjectFiguresView.undefined_providers if key == "undefinedProviders"
               else ProjectFiguresView.oldest_uncleaned_surveyed_on)
        return col, q.outerjoin(ProjectFiguresView, ProjectFiguresView.project_id == Project.id)
    if key == "lastRosterUpload":
        sub = readmodel.last_roster_upload_q()
        return sub.c.v, q.outerjoin(sub, sub.c.project_id == Project.id)
    if key == "uncleanedEscalation":
        sub = readmodel.unresolved_escalations_q()
        return func.coalesce(sub.c.v, 0), q.outerjoin(sub, sub.c.project_id == Project.id)
    sub = readmodel.surveys_q(*window, surveyor_id=surveyor_id)
    return func.coalesce(sub.c.v, 0), q.outerjoin(sub, sub.c.project_id == Project.id)


def assignment_counts(s: Session, project_ids: list[int]) -> dict[int, dict[int, int]]:
    """{projectId: {assignment typeId (Assigned 0, Coverage 1): surveyors}} of the given projects."""
    if not project_ids:
        return {}
    out: dict[int, dict[int, int]] = {}
    q = (select(Assignment.project_id, Assignment.type_id, func.count()).where(Assignment.project_id.in_(project_ids))
         .group_by(Assignment.project_id, Assignment.type_id))
    for pid, type_id, n in s.execute(q):
        out.setdefault(pid, {})[type_id] = n
    return out


def with_visit_info(s: Session, project_ids: list[int] | None) -> list[Project]:
    """The projects (all, or those given) that saved an Additional Info selection, by id."""
    q = select(Project).where(func.coalesce(func.json_array_length(Project.visit_info), 0) > 0)
    if project_ids is not None:
        q = q.where(Project.id.in_(project_ids))
    return list(s.scalars(q.order_by(Project.id)))


def add(s: Session, project: Project) -> Project:
    s.add(project)
    s.flush()
    return project


def remove(s: Session, project: Project) -> None:
    s.delete(project)
    s.flush()


def clients_by_id(s: Session, ids: set[int]) -> dict[int, Client]:
    if not ids:
        return {}
    return {c.id: c for c in s.scalars(select(Client).where(Client.id.in_(ids)))}


def names(s: Session, ids: list[int]) -> dict[int, str]:
    return dict(s.execute(select(Project.id, Project.name).where(Project.id.in_(ids))).all()) if ids else {}


def surveyor_assignments(s: Session, surveyor_id: int, manager_id: int | None) -> list[tuple[Assignment, Project]]:
    q = (select(Assignment, Project).join(Project, Project.id == Assignment.project_id)
         .where(Assignment.surveyor_id == surveyor_id, Project.deleted_at.is_(None)))
    if manager_id is not None:
        q = q.where(Project.manager_id == manager_id)
    return [tuple(r) for r in s.execute(q.order_by(Assignment.priority, Project.name, Project.id)).all()]


def project_assignments(s: Session, project_id: int) -> list[Assignment]:
    return list(s.scalars(select(Assignment).where(Assignment.project_id == project_id)
                          .order_by(Assignment.priority, Assignment.id)))


def figures(s: Session, project_id: int) -> ProjectFiguresView | None:
    return s.get(ProjectFiguresView, project_id)
