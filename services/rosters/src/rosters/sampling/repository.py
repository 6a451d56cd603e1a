from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from rosters.models import SamplingParameter, SamplingSetting


def get_settings(s: Session, project_id: int) -> SamplingSetting | None:
    return s.get(SamplingSetting, project_id)


def add_settings(s: Session, project_id: int, look_back_days: int, max_calls: int) -> SamplingSetting:
    row = SamplingSetting(project_id=project_id, look_back_days=look_back_days, max_calls=max_calls)
    s.add(row)
    s.flush()
    return row


def parameters(s: Session, project_id: int) -> list[SamplingParameter]:
    return list(s.scalars(select(SamplingParameter).where(SamplingParameter.project_id == project_id)
                          .order_by(SamplingParameter.priority, SamplingParameter.id)))


def get_parameter(s: Session, parameter_id: int) -> SamplingParameter | None:
    return s.get(SamplingParameter, parameter_id)


def replace_parameters(s: Session, project_id: int, items: list[tuple[int | None, int, int]]) -> None:
    """items: (id or None, typeId, priority). Existing ids are kept, others deleted, new ones added."""
    current = {p.id: p for p in parameters(s, project_id)}
    keep = set()
    for pid, type_id, priority in items:
        p = current.get(pid) if pid is not None else None
        if p is None:
            p = SamplingParameter(project_id=project_id)
            s.add(p)
        p.type_id, p.priority = type_id, priority
        if p.id is not None:
            keep.add(p.id)
    gone = [pid for pid in current if pid not in keep]
    if gone:
        s.execute(delete(SamplingParameter).where(SamplingParameter.id.in_(gone)))
    s.flush()


def add_parameter(s: Session, project_id: int, type_id: int, priority: int) -> SamplingParameter:
    p = SamplingParameter(project_id=project_id, type_id=type_id, priority=priority)
    s.add(p)
    s.flush()
    return p


def remove_parameter(s: Session, p: SamplingParameter) -> None:
    s.delete(p)
    s.flush()
