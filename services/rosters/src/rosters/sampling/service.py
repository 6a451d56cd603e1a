"""Sampling per project: settings, parameters, language sampling, cell quotas and their figures. Every change is
announced as `rosters.sampling.updated` carrying the whole sampling (the call engine applies it)."""

from datetime import timedelta

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import BadRequest, NotFound
from kit.events import utcnow
from kit.paging import Page
from rosters.constants import (CELL_TYPES, PARAMETER_TYPES, DEFAULT_LOOK_BACK_DAYS, DEFAULT_MAX_CALLS, OPEN, PROVIDER,
                               SEARCH_MIN_CHARS, SET)
from rosters.events import published
from rosters.readmodel import repository as readmodel
from rosters.readmodel.access import project_or_404
from rosters.sampling import repository
from rosters.sampling.schemas import (LanguageUpdate, ProvidersUpdate, SamplingOperations, SamplingParameterCreate,
                                      SamplingUpdate)

PROVIDER_ORDER = ("name", "surveyRequired", "surveys", "surveyRemaining", "lastEncounter", "eligibleEnc", "encounters")


def _undefined_providers(s: Session, project_id: int) -> int:
    return repository.undefined_cells(s, project_id, repository.CELL_COLUMN[PROVIDER], PROVIDER)


def announce(s: Session, project_id: int) -> dict:
    """Publish the project's whole sampling (also after a roster change: undefinedProviders moves with it)."""
    settings = repository.get_settings(s, project_id)
    if settings is None:
        return {}
    params = repository.parameters(s, project_id)
    undefined = _undefined_providers(s, project_id)
    published.sampling_updated(s, project_id=project_id, look_back_days=settings.look_back_days,
                               max_calls=settings.max_calls, parameters=params,
                               languages=repository.languages(s, project_id), quotas=repository.quotas(s, project_id),
                               undefined_providers=undefined)
    return _read(s, project_id, settings, params, undefined)


def _languages(s: Session, project_id: int) -> list[dict]:
    """The project's languages with their rule (Open when none is stored) and completed surveys: the languages the
    project is run in (its `langIds`), those of its Ready rosters' patients (the call engine hands a patient to any
    surveyor speaking their language, so a language a roster brings can be limited or refused here), and any that
    has a rule or surveys. While the project's languages are not known (a project not heard of since they were
    kept), every known language."""
    rules = {r.language_id: r for r in repository.languages(s, project_id)}
    surveys = repository.language_surveys(s, project_id)
    project = readmodel.get_project(s, project_id)
    shown = None
    if project is not None and project.lang_ids is not None:
        shown = {*project.lang_ids, *repository.roster_languages(s, project_id), *rules, *surveys}
    out = []
    for lang_id, name in readmodel.languages(s):
        if shown is not None and lang_id not in shown:
            continue
        rule = rules.get(lang_id)
        out.append({"samplingId": lang_id, "languageId": lang_id, "name": name, "mode": rule.mode if rule else OPEN,
                    "allowedSamples": rule.allowed_samples if rule else None, "surveys": surveys.get(lang_id, 0)})
    return out


def _read(s: Session, project_id: int, settings, params, undefined: int | None = None, type_id: int | None = None) -> dict:
    rows = [{"id": p.id, "projectId": p.project_id, "typeId": p.type_id, "priority": p.priority} for p in params
            if type_id is None or p.type_id == type_id]
    return {"projectId": project_id, "lookBackDays": settings.look_back_days, "lookBack": settings.look_back_days,
            "maxCalls": settings.max_calls, "finalCountAt": settings.final_count_at, "rows": rows, "count": len(rows),
            "languages": _languages(s, project_id),
            "undefinedProviders": _undefined_providers(s, project_id) if undefined is None else undefined}


def ensure_defaults(s: Session, *, project_id: int) -> bool:
    """Creates the default sampling of a new project once; returns True when it did."""
    if repository.get_settings(s, project_id) is not None:
        return False
    repository.add_settings(s, project_id, DEFAULT_LOOK_BACK_DAYS, DEFAULT_MAX_CALLS)
    if not repository.parameters(s, project_id):
        repository.add_parameter(s, project_id, PROVIDER, 1)
    announce(s, project_id)
    return True


def _settings_or_404(s: Session, project_id: int):
    settings = repository.get_settings(s, project_id)
    if settings is None:
        raise NotFound(f"Sampling of project {project_id} is not known to the rosters service yet; it is created "
                       "when the project's creation arrives - try again shortly")
    return settings


def get_sampling(s: Session, principal: Principal, *, project_id: int, type_id: int | None = None) -> dict:
    if type_id is not None and type_id not in PARAMETER_TYPES:
        raise BadRequest("type: must be 0 (Provider), 1 (Site), 2 (Department) or 999 (Language)")
    project_or_404(s, principal, project_id, read=True)
    settings = _settings_or_404(s, project_id)
    return _read(s, project_id, settings, repository.parameters(s, project_id), type_id=type_id)


def _apply_settings(settings, look_back: int | None, look_back_days: int | None, max_calls: int | None) -> None:
    value = look_back_days if look_back_days is not None else look_back
    if value is not None:
        settings.look_back_days = value
    if max_calls is not None:
        settings.max_calls = max_calls


def update_sampling(s: Session, principal: Principal, body: SamplingUpdate) -> dict:
    project_or_404(s, principal, body.projectId)
    settings = _settings_or_404(s, body.projectId)
    _apply_settings(settings, body.lookBack, body.lookBackDays, body.maxCalls)
    if body.parameters is not None:
        known = {p.id for p in repository.parameters(s, body.projectId)}
        for p in body.parameters:
            if p.id is not None and p.id not in known:
                raise BadRequest(f"parameters: sampling parameter {p.id} is not in this project")
        repository.replace_parameters(s, body.projectId, [(p.id, p.typeId, p.priority) for p in body.parameters])
    s.flush()
    return announce(s, body.projectId)


def add_parameter(s: Session, principal: Principal, body: SamplingParameterCreate) -> dict:
    project_or_404(s, principal, body.projectId)
    _settings_or_404(s, body.projectId)
    params = repository.parameters(s, body.projectId)
    if any(p.type_id == body.typeId for p in params):
        raise BadRequest(f"typeId: the project already has a sampling parameter of type {body.typeId}")
    priority = body.priority or (max((p.priority for p in params), default=0) + 1)
    repository.add_parameter(s, body.projectId, body.typeId, priority)
    return announce(s, body.projectId)


def delete_parameter(s: Session, principal: Principal, *, parameter_id: int, project_id: int) -> dict:
    project_or_404(s, principal, project_id)
    p = repository.get_parameter(s, parameter_id)
    if p is None or p.project_id != project_id:
        raise NotFound(f"Sampling parameter {parameter_id} not found in project {project_id}")
    if len(repository.parameters(s, project_id)) <= 1:
        raise BadRequest("There should be at least one Sampling parameter")
    repository.remove_parameter(s, p)
    return announce(s, project_id)


def update_languages(s: Session, principal: Principal, body: LanguageUpdate) -> dict:
    project_or_404(s, principal, body.projectId)
    _settings_or_404(s, body.projectId)
    known = dict(readmodel.languages(s))
    for item in body.languages:
        if item.languageId not in known:
            raise BadRequest(f"languageId: language {item.languageId} is not known")
    for item in body.languages:
        repository.set_language(s, body.projectId, item.languageId, item.mode,
                                item.allowedSamples if item.mode == SET else None)
    return announce(s, body.projectId)


def update_providers(s: Session, principal: Principal, body: ProvidersUpdate) -> dict:
    project_or_404(s, principal, body.projectId)
    _settings_or_404(s, body.projectId)
    for row in body.rows:
        repository.set_quota(s, body.projectId, body.type, row.name.strip(), row.surveyRequired)
    return announce(s, body.projectId)


def operations(s: Session, principal: Principal, body: SamplingOperations, *, reset_roster) -> dict:
    """Look-back days and max calls; `finalCount: true` submits the final count, which resets the project's roster
    (every roster Removed, its not-yet-called patients out of the queue) - irreversible. `reset_roster(s, project_id)`
    is the roster module's reset (passed in so sampling does not import the roster module)."""
    project_or_404(s, principal, body.projectId)
    settings = _settings_or_404(s, body.projectId)
    _apply_settings(settings, body.lookBack, body.lookBackDays, body.maxCalls)
    if body.finalCount:
        reset_roster(s, body.projectId)
        settings.final_count_at = utcnow()
    s.flush()
    return announce(s, body.projectId)


def provider_figures(s: Session, principal: Principal, page: Page, *, project_id: int, type_id: int,
                     search: str | None) -> tuple[list[dict], int]:
    project_or_404(s, principal, project_id, read=True)
    settings = _settings_or_404(s, project_id)
    if type_id not in CELL_TYPES:
        raise BadRequest("type: must be 0 (Provider), 1 (Site) or 2 (Department)")
    if page.order_by and page.order_by not in PROVIDER_ORDER:
        raise BadRequest(f"orderBy: must be one of {', '.join(PROVIDER_ORDER)}")
    rows = cell_rows(s, project_id, type_id, settings)
    term = (search or "").strip().lower()
    if len(term) >= SEARCH_MIN_CHARS:  # shorter input does not search
        rows = [r for r in rows if term in r["name"].lower()]
    key = page.order_by or "name"
    present = [r for r in rows if r[key] is not None]
    present.sort(key=lambda r: (r[key].lower() if key == "name" else r[key]), reverse=page.descending)
    rows = present + [r for r in rows if r[key] is None]  # no value sorts last either way
    return rows[page.skip:page.skip + page.limit], len(rows)


def cell_rows(s: Session, project_id: int, type_id: int, settings) -> list[dict]:
    """The figures of every provider / site / department value of the project, with its required count."""
    required = {q.value: q.required for q in repository.quotas(s, project_id, type_id)}
    # calling's look-back: a patient given a result in the last N days is not called again (0: no look-back)
    contacted_since = utcnow() - timedelta(days=settings.look_back_days) if settings.look_back_days else None
    out = []
    for value, encounters, last, eligible, surveys in repository.cell_figures(
            s, project_id, repository.CELL_COLUMN[type_id], contacted_since=contacted_since,
            max_calls=settings.max_calls):
        req = required.get(value)
        out.append({"name": value, "typeId": type_id, "surveyRequired": req, "surveys": surveys,
                    "surveyRemaining": None if req is None else max(req - surveys, 0), "lastEncounter": last,
                    "eligibleEnc": eligible, "encounters": encounters})
    return out


def figures_by_type(s: Session, project_id: int) -> dict[int, dict[str, dict]]:
    """{typeId: {value: figures}} for the called-roster export."""
    settings = repository.get_settings(s, project_id)
    if settings is None:
        return {t: {} for t in CELL_TYPES}
    return {t: {r["name"]: r for r in cell_rows(s, project_id, t, settings)} for t in CELL_TYPES}
