"""Project rules: who sees which project, deadline defaults, lock toggling, manager checks."""

import calendar
from datetime import date

from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import BadRequest, NotFound
from kit.paging import Page
from projects.events import published
from projects.language import repository as language_repository
from projects.models import Project
from projects.project import repository
from projects.project.schemas import ProjectCreate, ProjectUpdate
from projects.user import repository as user_repository

# Roles that may see every project (Project Managers only their own, surveyors only assigned ones).
SEE_ALL = (Role.ADMIN, Role.OPERATIONS, Role.QUALITY, Role.COMMENT_CLEANER, Role.CIMR_MANAGER)
MANAGER_USER_ROLES = (int(Role.PROJECT_MANAGER), int(Role.OPERATIONS))


def add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def can_see(s: Session, principal: Principal, project: Project) -> bool:
    if principal.role in SEE_ALL:
        return True
    if principal.role == Role.PROJECT_MANAGER:
        return project.manager_id == principal.id
    if principal.role in SURVEYOR_ROLES:
        return repository.is_assigned(s, project.id, principal.id)
    return False


def get_visible_or_404(s: Session, principal: Principal, project_id: int) -> Project:
    project = repository.get(s, project_id)
    # A project the caller may not see answers exactly like a missing one.
    if project is None or not can_see(s, principal, project):
        raise NotFound("Project not found")
    return project


def get_manageable_or_404(s: Session, principal: Principal, project_id: int) -> Project:
    """Admin and Operations manage every project; a Project Manager only own ones."""
    project = get_visible_or_404(s, principal, project_id)
    if principal.role == Role.PROJECT_MANAGER and project.manager_id != principal.id:
        raise NotFound("Project not found")
    return project


def list_projects(s: Session, principal: Principal, page: Page, *, search: str | None, type_id: int | None,
                  user_id: int | None) -> tuple[list[Project], int]:
    manager_id = user_id
    surveyor_id = None
    if principal.role == Role.PROJECT_MANAGER:
        manager_id = principal.id
    elif principal.role in SURVEYOR_ROLES:
        manager_id, surveyor_id = None, principal.id
    search = search.strip() if search else None
    if search is not None and len(search) < 2:
        search = None  # searches start at 2 characters
    return repository.list_page(s, page, manager_id=manager_id, surveyor_id=surveyor_id, search=search, type_id=type_id)


def _check_references(s: Session, body: ProjectCreate) -> None:
    manager = user_repository.get(s, body.managerId)
    if manager is None or manager.is_deleted or manager.role not in MANAGER_USER_ROLES:
        raise BadRequest("managerId: must be an active Project Manager or Operations user")
    if body.clientId is not None and not repository.clients_by_id(s, {body.clientId}):
        raise BadRequest("clientId: client not found")
    if body.langIds:
        known = {lang.id for lang in language_repository.list_page(s, None, body.langIds)[0]}
        missing = sorted(set(body.langIds) - known)
        if missing:
            raise BadRequest(f"langIds: unknown language id {missing[0]}")


def _apply(project: Project, body: ProjectCreate) -> None:
    project.name = body.name
    project.type_id, project.status_id = body.typeId, body.statusId
    project.manager_id, project.report_freq_id = body.managerId, body.reportFreqId
    project.client_id = body.clientId
    project.is_benchmarked, project.collab_grp = body.isBenchmarked, body.collabGrp
    project.start_date, project.contract_date = body.startDate, body.contractDate
    project.deadline = body.deadline or add_months(body.startDate, body.reportFreqId)
    project.report_weeks, project.client_buz_add = body.reportWeeks, body.clientBuzAdd
    project.timezone, project.approval_status = body.timezone, body.approvalStatus
    project.associate_agreement = body.associateAgreement
    project.sampling = ",".join(dict.fromkeys(body.sampling))
    project.notes = body.notes
    project.lang_ids = list(dict.fromkeys(body.langIds))
    project.contacts = [c.model_dump(mode="json") for c in body.contacts]
    project.billable_rate, project.payment_rate = body.billableRate, body.paymentRate
    project.billing_modifier = [m.model_dump(mode="json") for m in body.billingModifier]
    project.payment_modifier = [m.model_dump(mode="json") for m in body.paymentModifier]
    project.per_reporting_period_fee, project.power_bi_fee, project.pm_fee = body.perReportingPeriodFee, body.powerBiFee, body.pmFee
    project.line_items = [i.model_dump(mode="json") for i in body.lineItems]
    project.comp_goals, project.req_goals = body.compGoals, body.reqGoals


def create_project(s: Session, principal: Principal, body: ProjectCreate) -> Project:
    _check_references(s, body)
    project = Project(is_locked=False)
    _apply(project, body)
    repository.add(s, project)
    published.project_created(s, project)
    return project


def update_project(s: Session, principal: Principal, body: ProjectUpdate) -> Project:
    project = get_manageable_or_404(s, principal, body.id)
    if principal.role == Role.PROJECT_MANAGER and body.managerId != project.manager_id:
        raise BadRequest("managerId: a Project Manager cannot hand a project to another manager")
    _check_references(s, body)
    _apply(project, body)
    s.flush()
    published.project_updated(s, project)
    return project


def set_lock(s: Session, principal: Principal, *, project_id: int, is_locked: bool) -> Project:
    project = get_manageable_or_404(s, principal, project_id)
    if project.is_locked != is_locked:
        project.is_locked = is_locked
        s.flush()
        published.project_lock_changed(s, project)
        published.project_updated(s, project)
    return project


def to_read(s: Session, projects: list[Project]) -> list[dict]:
    """Projects plus their manager, client and language names for the wire."""
    managers = user_repository.get_many(s, list({p.manager_id for p in projects}))
    clients = repository.clients_by_id(s, {p.client_id for p in projects if p.client_id})
    lang_ids = sorted({int(i) for p in projects for i in (p.lang_ids or [])})
    langs = {lang.id: lang for lang in language_repository.list_page(s, None, lang_ids)[0]} if lang_ids else {}
    out = []
    for p in projects:
        m, c = managers.get(p.manager_id), clients.get(p.client_id) if p.client_id else None
        out.append({
            "id": p.id, "name": p.name, "typeId": p.type_id, "statusId": p.status_id, "managerId": p.manager_id,
            "reportFreqId": p.report_freq_id, "clientId": p.client_id, "isBenchmarked": p.is_benchmarked,
            "collabGrp": p.collab_grp, "startDate": p.start_date, "contractDate": p.contract_date,
            "deadline": p.deadline, "reportWeeks": p.report_weeks, "clientBuzAdd": p.client_buz_add,
            "timezone": p.timezone, "approvalStatus": p.approval_status, "associateAgreement": p.associate_agreement,
            "sampling": p.sampling or "", "notes": p.notes, "langIds": list(p.lang_ids or []),
            "contacts": list(p.contacts or []), "billableRate": p.billable_rate, "paymentRate": p.payment_rate,
            "billingModifier": list(p.billing_modifier or []), "paymentModifier": list(p.payment_modifier or []),
            "perReportingPeriodFee": p.per_reporting_period_fee, "powerBiFee": p.power_bi_fee, "pmFee": p.pm_fee,
            "lineItems": list(p.line_items or []), "isLocked": p.is_locked, "compGoals": p.comp_goals,
            "reqGoals": p.req_goals, "createdAt": p.created_at, "updatedAt": p.updated_at, "deletedAt": p.deleted_at,
            "user": {"id": p.manager_id, "firstName": m.first_name, "lastName": m.last_name} if m else
                    {"id": p.manager_id, "firstName": "", "lastName": ""},
            "client": {"id": c.id, "name": c.name, "abbr": c.abbr} if c else None,
            "languages": [{"id": i, "name": langs[i].name} for i in (p.lang_ids or []) if i in langs],
        })
    return out
