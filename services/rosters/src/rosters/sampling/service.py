"""Sampling parameters and settings per project; every change is announced as `rosters.sampling.updated`."""

from sqlalchemy.orm import Session

from kit.auth import Principal
from kit.errors import BadRequest, NotFound
from rosters.events import published
from rosters.readmodel.access import project_or_404
from rosters.sampling import repository
from rosters.sampling.schemas import SamplingParameterCreate, SamplingUpdate

DEFAULT_LOOK_BACK_DAYS = 30
DEFAULT_MAX_CALLS = 3
PROVIDER = 0


def _announce(s: Session, project_id: int) -> dict:
    settings = repository.get_settings(s, project_id)
    params = repository.parameters(s, project_id)
    published.sampling_updated(s, project_id=project_id, look_back_days=settings.look_back_days,
                               max_calls=settings.max_calls, parameters=params)
    return _read(project_id, settings, params)


def _read(project_id: int, settings, params) -> dict:
    return {"projectId": project_id, "lookBackDays": settings.look_back_days, "maxCalls": settings.max_calls,
            "rows": [{"id": p.id, "projectId": p.project_id, "typeId": p.type_id, "priority": p.priority} for p in params],
            "count": len(params), "languages": []}


def ensure_defaults(s: Session, *, project_id: int) -> bool:
    """Creates the default sampling of a new project once; returns True when it did."""
    if repository.get_settings(s, project_id) is not None:
        return False
    repository.add_settings(s, project_id, DEFAULT_LOOK_BACK_DAYS, DEFAULT_MAX_CALLS)
    if not repository.parameters(s, project_id):
        repository.add_parameter(s, project_id, PROVIDER, 1)
    _announce(s, project_id)
    return True


def _settings_or_404(s: Session, project_id: int):
    settings = repository.get_settings(s, project_id)
    if settings is None:
        raise NotFound("Sampling not found for this project")
    return settings


def get_sampling(s: Session, principal: Principal, *, project_id: int) -> dict:
    project_or_404(s, principal, project_id)
    settings = _settings_or_404(s, project_id)
    return _read(project_id, settings, repository.parameters(s, project_id))


def update_sampling(s: Session, principal: Principal, body: SamplingUpdate) -> dict:
    project_or_404(s, principal, body.projectId)
    settings = _settings_or_404(s, body.projectId)
    look_back = body.lookBackDays if body.lookBackDays is not None else body.lookBack
    if look_back is not None:
        settings.look_back_days = look_back
    if body.maxCalls is not None:
        settings.max_calls = body.maxCalls
    if body.parameters is not None:
        known = {p.id for p in repository.parameters(s, body.projectId)}
        for p in body.parameters:
            if p.id is not None and p.id not in known:
                raise BadRequest(f"parameters: sampling parameter {p.id} is not in this project")
        repository.replace_parameters(s, body.projectId, [(p.id, p.typeId, p.priority) for p in body.parameters])
    s.flush()
    return _announce(s, body.projectId)


def add_parameter(s: Session, principal: Principal, body: SamplingParameterCreate) -> dict:
    project_or_404(s, principal, body.projectId)
    _settings_or_404(s, body.projectId)
    params = repository.parameters(s, body.projectId)
    priority = body.priority or (max((p.priority for p in params), default=0) + 1)
    repository.add_parameter(s, body.projectId, body.typeId, priority)
    return _announce(s, body.projectId)


def delete_parameter(s: Session, principal: Principal, *, parameter_id: int, project_id: int) -> dict:
    project_or_404(s, principal, project_id)
    p = repository.get_parameter(s, parameter_id)
    if p is None or p.project_id != project_id:
        raise NotFound("Sampling parameter not found")
    if len(repository.parameters(s, project_id)) <= 1:
        raise BadRequest("There should be at least one Sampling parameter")
    repository.remove_parameter(s, p)
    return _announce(s, project_id)
