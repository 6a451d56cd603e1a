"""Project rules: who sees which project, deadline defaults, lock, status, dates, visit info, deletion."""

from datetime import UTC, date

from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import BadRequest, Conflict, NotFound
from kit.events import utcnow
from kit.paging import Page
from kit.visit_info import NOT_SHOWN_BY_DEFAULT
from projects import periods
from projects.access import MANAGER_USER_ROLES, MONEY_READERS, SEE_ALL
from projects.events import published
from projects.language import repository as language_repository
from projects.models import ASSIGNED, COVERAGE, Project
from projects.project import repository
from projects.project.schemas import VISIT_INFO_FIELDS, ProjectCreate, ProjectDates, ProjectUpdate, VisitInfoUpdate
from projects.readmodel import repository as readmodel
from projects.user import repository as user_repository

add_months = periods.add_months  # kept importable from here (seed, tests)
MONEY_FIELDS = ("billableRate", "paymentRate", "billingModifier", "paymentModifier", "perReportingPeriodFee",
                "powerBiFee", "pmFee", "lineItems")
SLIM_ATTRS = ("clientId", "managerId", "typeId", "statusId", "isLocked", "timezone", "startDate", "deadline",
              "deletedAt", "reportFreqId", "langIds", "client", "user")


def can_see(s: Session, principal: Principal, project: Project) -> bool:
    if principal.role in SEE_ALL:
        return True
    if principal.role == Role.PROJECT_MANAGER:
        return project.manager_id == principal.id
    if principal.role in SURVEYOR_ROLES:
        return project.deleted_at is None and repository.is_assigned(s, project.id, principal.id)
    return False


def get_visible_or_404(s: Session, principal: Principal, project_id: int) -> Project:
    project = repository.get(s, project_id)
    # A project the caller may not see answers exactly like a missing one.
    if project is None or not can_see(s, principal, project):
        raise NotFound(f"Project {project_id} not found")
    return project


def get_manageable_or_404(s: Session, principal: Principal, project_id: int) -> Project:
    """Admin and Operations manage every project; a Project Manager only own ones."""
    project = get_visible_or_404(s, principal, project_id)
    if principal.role not in (Role.ADMIN, Role.OPERATIONS, Role.PROJECT_MANAGER):
        raise NotFound(f"Project {project_id} not found")
    return project


def _search(search: str | None) -> str | None:
    search = search.strip() if search else None
    return search if search and len(search) >= 2 else None  # searches start at 2 characters


def list_projects(s: Session, principal: Principal, page: Page, *, search: str | None, type_id: int | None,
                  user_id: int | None, is_weekly: bool, is_admin: bool, is_escalations: bool,
                  today: date | None = None) -> tuple[list[tuple], int]:
    manager_id, surveyor_id = user_id, None
    if principal.role == Role.PROJECT_MANAGER:
        manager_id = principal.id
    elif principal.role in SURVEYOR_ROLES:
        manager_id, surveyor_id = None, principal.id
    # Deactivated projects stay in the Admin's management list; the working lists hide them.
    include_deactivated = is_admin and principal.role == Role.ADMIN
    today = today or periods.business_today()
    if not is_weekly and page.order_by == "surveysRP":
        raise BadRequest("orderBy: surveysRP sorts the Current Week reading only (isWeekly=true)")
    if is_weekly:
        window = periods.window(True, today, 1, today)
    else:
        # Reporting periods differ per project; the list counts the surveys of the last reporting frequency
        # step of each project from its own start (approximated by the window of its current period below).
        window = None
    rows, count = repository.list_page(
        s, page, manager_id=manager_id, surveyor_id=surveyor_id, search=_search(search), type_id=type_id,
        include_deactivated=include_deactivated, escalated_only=is_escalations,
        window=window or _widest_window(today))
    if window is None:
        rows = _period_surveys(s, rows, today, surveyor_id)
    return rows, count


def _widest_window(today: date):
    # An annual reporting period is the longest: the list query counts within it; the per-project period
    # counts are then taken exactly by `_period_surveys` for the page's rows.
    return periods.utc_bounds(periods.add_months(today, -12), periods.add_months(today, 12))


def _period_surveys(s: Session, rows: list[tuple], today: date, surveyor_id: int | None) -> list[tuple]:
    # one statement for the page, not one per row (a dropdown fetching every project asked 580 counts)
    windows = {r[0].id: periods.window(False, r[0].start_date, r[0].report_freq_id, today) for r in rows}
    counts = readmodel.count_surveys_in_windows(s, windows, surveyor_id)
    return [(*r[:-1], counts.get(r[0].id, 0)) for r in rows]


def _check_references(s: Session, body: ProjectCreate) -> None:
    manager = user_repository.get(s, body.managerId)
    if manager is None or manager.is_deleted or manager.role not in MANAGER_USER_ROLES:
        raise BadRequest(f"managerId: user {body.managerId} is not an active Project Manager or Operations user "
                         "known to the projects service (a user created a moment ago may not have arrived yet)")
    if body.clientId is not None:
        client = repository.clients_by_id(s, {body.clientId}).get(body.clientId)
        if client is None:
            raise BadRequest(f"clientId: client {body.clientId} not found")
        if client.deleted_at is not None:
            raise BadRequest(f"clientId: client {body.clientId} is deactivated")
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
    project = Project(is_locked=False, visit_info=[])
    _apply(project, body)
    repository.add(s, project)
    published.project_created(s, project)
    return project


def check_active(project: Project, field: str = "id") -> None:
    """A deactivated project offers no Edit (spec §4): nothing of it (its assignments and goals included) changes
    until it is reactivated."""
    if project.deleted_at is not None:
        raise BadRequest(f"{field}: project {project.id} is deactivated; reactivate it before changing it")


def _editable(s: Session, principal: Principal, project_id: int) -> Project:
    project = get_manageable_or_404(s, principal, project_id)
    check_active(project)
    return project


PROJECT_CHANGED = ("Another user saved this project after you opened it, so your changes were not saved. Reload the "
                   "project to see theirs, then make yours again.")


def update_project(s: Session, principal: Principal, body: ProjectUpdate) -> Project:
    project = _editable(s, principal, body.id)
    if body.updatedAt is not None:
        s.refresh(project, with_for_update=True)  # PostgreSQL: two saves of the same version wait for each other
        if project.updated_at != body.updatedAt.astimezone(UTC).replace(tzinfo=None):
            raise Conflict(PROJECT_CHANGED)
    if principal.role == Role.PROJECT_MANAGER and body.managerId != project.manager_id:
        raise BadRequest("managerId: a Project Manager cannot hand a project to another manager")
    _check_references(s, body)
    _apply(project, body)
    project.updated_at = utcnow()  # a new version even when only the JSON lists (contacts, line items) changed
    s.flush()
    published.project_updated(s, project)
    return project


def set_lock(s: Session, principal: Principal, *, project_id: int, is_locked: bool) -> Project:
    project = _editable(s, principal, project_id)
    if project.is_locked != is_locked:
        project.is_locked = is_locked
        s.flush()
        published.project_lock_changed(s, project)
        published.project_updated(s, project)
    return project


def set_status(s: Session, principal: Principal, *, project_id: int, status_id: int) -> Project:
    project = _editable(s, principal, project_id)
    if project.status_id != status_id:
        project.status_id = status_id
        s.flush()
        published.project_updated(s, project)
    return project


def set_dates(s: Session, principal: Principal, body: ProjectDates) -> Project:
    project = _editable(s, principal, body.id)
    if body.startDate is None and body.deadline is None and "reportWeeks" not in body.model_fields_set:
        raise BadRequest("startDate: give startDate, deadline or reportWeeks")
    if body.startDate is not None and body.startDate != project.start_date:
        project.start_date = body.startDate
        # A start change sets the deadline to the start plus the reporting frequency in months, unless the same
        # call gives the deadline too.
        project.deadline = body.deadline or add_months(body.startDate, project.report_freq_id)
    elif body.deadline is not None:
        project.deadline = body.deadline
    if project.deadline < project.start_date:
        raise BadRequest("deadline: must not be before the start date")
    if "reportWeeks" in body.model_fields_set:
        project.report_weeks = body.reportWeeks
    s.flush()
    published.project_updated(s, project)
    return project


def delete_project(s: Session, principal: Principal, *, project_id: int, is_deactivated: bool | None) -> tuple[Project, str]:
    """isDeactivated=true deactivates, false reactivates, absent deletes permanently."""
    project = get_manageable_or_404(s, principal, project_id)
    if is_deactivated is True:
        if project.deleted_at is None:
            project.deleted_at = utcnow()
            s.flush()
            published.project_updated(s, project)
        return project, "Project deactivated successfully"
    if is_deactivated is False:
        if project.deleted_at is not None:
            project.deleted_at = None
            s.flush()
            published.project_updated(s, project)
        return project, "Project reactivated successfully"
    published.project_deleted(s, project.id)
    repository.remove(s, project)
    return project, "Project deleted successfully"


def visit_info(project: Project) -> list[dict]:
    """The Additional Info checklist. A project that never saved a selection shows what the call screen shows until
    it hears of one (projects.visit_info.updated): every field but DOB and MRN."""
    stored = {f.get("field"): bool(f.get("show")) for f in (project.visit_info or []) if isinstance(f, dict)}
    if not stored:
        return [{"field": name, "show": name not in NOT_SHOWN_BY_DEFAULT} for name in VISIT_INFO_FIELDS]
    return [{"field": name, "show": stored.get(name, False)} for name in VISIT_INFO_FIELDS]


def get_visit_info(s: Session, principal: Principal, project_id: int, manager_id: int | None) -> Project:
    project = get_manageable_or_404(s, principal, project_id)
    if manager_id is not None and principal.role != Role.PROJECT_MANAGER and project.manager_id != manager_id:
        raise NotFound(f"Project {project_id} not found")
    return project


def set_visit_info(s: Session, principal: Principal, body: VisitInfoUpdate) -> Project:
    project = _editable(s, principal, body.projectId)
    chosen = {f.field: f.show for f in body.fields}
    project.visit_info = [{"field": name, "show": chosen.get(name, False)} for name in VISIT_INFO_FIELDS]
    s.flush()
    published.visit_info_updated(s, project)
    return project


def project_for_detail(s: Session, principal: Principal, project_id: int, manager_id: int | None,
                       is_admin: bool = False) -> Project:
    """`is_admin`: the Admin's project management screen, where deactivated projects stay (as in its list);
    every other screen is a working one, which deactivated projects leave."""
    project = get_visible_or_404(s, principal, project_id)
    if project.deleted_at is not None and not (is_admin and principal.role == Role.ADMIN):
        raise NotFound(f"Project {project_id} is deactivated")
    if manager_id is not None and principal.role in (Role.ADMIN, Role.OPERATIONS) and project.manager_id != manager_id:
        raise NotFound(f"Project {project_id} not found")
    return project


def shows_money(principal: Principal, is_sv_project: bool = False) -> bool:
    """Rates, fees and modifiers: only for those who set projects up (`access.MONEY_READERS`)."""
    return principal.role in MONEY_READERS and not is_sv_project


def _money(p: Project) -> dict:
    return {"billableRate": p.billable_rate, "paymentRate": p.payment_rate,
            "billingModifier": list(p.billing_modifier or []), "paymentModifier": list(p.payment_modifier or []),
            "perReportingPeriodFee": p.per_reporting_period_fee, "powerBiFee": p.power_bi_fee, "pmFee": p.pm_fee,
            "lineItems": list(p.line_items or [])}


def to_read(s: Session, projects: list[Project], *, money: bool = True) -> list[dict]:
    """Projects plus their manager, client and language names for the wire (money fields only when allowed)."""
    managers = user_repository.get_many(s, list({p.manager_id for p in projects}))
    clients = repository.clients_by_id(s, {p.client_id for p in projects if p.client_id})
    lang_ids = sorted({int(i) for p in projects for i in (p.lang_ids or [])})
    langs = {lang.id: lang for lang in language_repository.list_page(s, None, lang_ids)[0]} if lang_ids else {}
    out = []
    for p in projects:
        m, c = managers.get(p.manager_id), clients.get(p.client_id) if p.client_id else None
        row = {
            "id": p.id, "name": p.name, "typeId": p.type_id, "statusId": p.status_id, "managerId": p.manager_id,
            "reportFreqId": p.report_freq_id, "clientId": p.client_id, "isBenchmarked": p.is_benchmarked,
            "collabGrp": p.collab_grp, "startDate": p.start_date, "contractDate": p.contract_date,
            "deadline": p.deadline, "reportWeeks": p.report_weeks, "clientBuzAdd": p.client_buz_add,
            "timezone": p.timezone, "approvalStatus": p.approval_status, "associateAgreement": p.associate_agreement,
            "sampling": p.sampling or "", "notes": p.notes, "langIds": list(p.lang_ids or []),
            "contacts": list(p.contacts or []), "isLocked": p.is_locked, "compGoals": p.comp_goals,
            "reqGoals": p.req_goals, "createdAt": p.created_at, "updatedAt": p.updated_at, "deletedAt": p.deleted_at,
            "user": {"id": p.manager_id, "firstName": m.first_name if m else "", "lastName": m.last_name if m else ""},
            "client": {"id": c.id, "name": c.name, "abbr": c.abbr} if c else None,
            "languages": [{"id": i, "name": langs[i].name} for i in (p.lang_ids or []) if i in langs],
        }
        if money:
            row.update(_money(p))
        out.append(row)
    return out


def list_rows(s: Session, rows: list[tuple], *, money: bool, only_names: bool, attrs: list[str]) -> list[dict]:
    if only_names or attrs:
        unknown = [a for a in attrs if a not in SLIM_ATTRS]
        if unknown:
            raise BadRequest(f"onlyNamesAttrs: unknown attribute {unknown[0]}; one of {', '.join(SLIM_ATTRS)}")
    full = to_read(s, [r[0] for r in rows], money=money)
    assigned = repository.assignment_counts(s, [r[0].id for r in rows])
    out = []
    for row, (_, _client_name, last, unresolved, undefined, oldest, last_qa, surveys) in zip(full, rows, strict=True):
        counts = assigned.get(row["id"], {})
        row.update({"lastRosterUpload": last, "uncleanedEscalation": int(unresolved or 0),
                    "undefinedProviders": undefined, "oldestUncleanedSurveyedOn": oldest, "surveysRP": int(surveys or 0),
                    "lastQA": last_qa, "assignedSurveyors": counts.get(ASSIGNED, 0),
                    "coverageSurveyors": counts.get(COVERAGE, 0)})
        if only_names or attrs:
            row = {k: row[k] for k in ("id", "name", *attrs)}
        out.append(row)
    return out


def detail(s: Session, project: Project, *, money: bool, is_weekly: bool, surveyor_id: int | None) -> dict:
    """The Project Details screen: the project, its figures, goals per surveyor with weekly history, visit info."""
    row = to_read(s, [project], money=money)[0]
    lo, hi = periods.window(is_weekly, project.start_date, project.report_freq_id)
    by_surveyor = readmodel.surveys_by_surveyor(s, project.id, lo, hi)
    fig = repository.figures(s, project.id)
    assignments = repository.project_assignments(s, project.id)
    if surveyor_id is not None:
        assignments = [a for a in assignments if a.surveyor_id == surveyor_id]
    users = user_repository.get_many(s, [a.surveyor_id for a in assignments])
    goals = []
    for a in assignments:
        u = users.get(a.surveyor_id)
        goals.append({
            "assignmentId": a.id, "surveyorId": a.surveyor_id, "firstName": u.first_name if u else "",
            "lastName": u.last_name if u else "", "email": u.email if u else "", "typeId": a.type_id,
            "priority": a.priority, "surveyorGoals": a.surveyor_goals, "surveyorCompGoals": a.surveyor_comp_goals,
            "surveys": by_surveyor.get(a.surveyor_id, 0),
            "assignmentHistory": [week_read(w) for w in a.history]})
    surveys = sum(g["surveys"] for g in goals) if surveyor_id is not None else sum(by_surveyor.values())
    last = readmodel.last_roster_upload(s, project.id)
    day, day_lo, day_hi = periods.survey_day()
    row.update({
        "surveyDay": {"date": day, **readmodel.survey_day_counts(s, project.id, day_lo, day_hi, surveyor_id)},
        "goals": goals, "visitInfo": visit_info(project), "periodStart": lo, "periodEnd": hi, "surveysRP": surveys,
        "lastRosterUpload": last, "uncleanedEscalation": readmodel.unresolved_escalations(s, project.id),
        "undefinedProviders": fig.undefined_providers if fig else None,
        "oldestUncleanedSurveyedOn": fig.oldest_uncleaned_surveyed_on if fig else None,
        "lastQA": fig.last_qa if fig else None})
    return row


def week_read(w) -> dict:
    return {"id": w.id, "assignmentId": w.assignment_id, "projectId": w.project_id, "surveyorId": w.surveyor_id,
            "weekDate": w.week_date, "weekGoals": w.week_goals, "weekCompGoals": w.week_comp_goals}


def surveyor_projects(s: Session, principal: Principal, *, surveyor_id: int | None, is_weekly: bool) -> list[dict]:
    """My Projects for a surveyor (own id), or a surveyor's projects as a manager sees them."""
    if principal.role in SURVEYOR_ROLES:
        surveyor_id = principal.id
    if surveyor_id is None:
        raise BadRequest("surveyorId: required")
    user = user_repository.get(s, surveyor_id)
    if principal.role == Role.CIMR_MANAGER and (user is None or user.role != int(Role.CIMR_SURVEYOR)):
        raise NotFound(f"Surveyor {surveyor_id} not found")
    manager_id = principal.id if principal.role == Role.PROJECT_MANAGER else None
    pairs = repository.surveyor_assignments(s, surveyor_id, manager_id)
    clients = repository.clients_by_id(s, {p.client_id for _, p in pairs if p.client_id})
    today = periods.business_today()
    this_week = periods.week_start(today)
    surveys = readmodel.count_surveys_in_windows(
        s, {p.id: periods.window(is_weekly, p.start_date, p.report_freq_id, today) for _, p in pairs}, surveyor_id)
    out = []
    for a, p in pairs:
        # the week's goal as Project Details and My Surveyors read it: the latest history week started by now
        week = max((w for w in a.history if w.week_date <= this_week), key=lambda w: w.week_date, default=None)
        out.append({
            "id": p.id, "name": p.name, "clientName": clients[p.client_id].name if p.client_id in clients else None,
            "statusId": p.status_id, "isLocked": p.is_locked, "timezone": p.timezone, "startDate": p.start_date,
            "deadline": p.deadline, "assignmentId": a.id, "typeId": a.type_id, "surveyorGoals": a.surveyor_goals,
            "surveyorCompGoals": a.surveyor_comp_goals, "weekGoals": week.week_goals if week else None,
            "weekCompGoals": week.week_comp_goals if week else None,
            "surveys": surveys.get(p.id, 0)})
    return out
