from sqlalchemy import String, case, cast, func, select
from sqlalchemy.orm import Session

from kit.paging import Page, order_column
from projects.models import Language, Project
from projects.readmodel.views import UserView

ORDER = {"id": Language.id, "name": Language.name}
# English and Spanish are listed first, whatever the requested order.
_FIRST = case((Language.id.in_((1, 2)), Language.id), else_=99)


def get(s: Session, lang_id: int) -> Language | None:
    return s.get(Language, lang_id)


def get_by_name(s: Session, name: str) -> Language | None:
    return s.scalars(select(Language).where(func.lower(Language.name) == name.lower())).first()


def list_page(s: Session, page: Page | None, ids: list[int] | None = None) -> tuple[list[Language], int]:
    q = select(Language)
    if ids is not None:
        q = q.where(Language.id.in_(ids or [-1]))
    count = s.scalar(select(func.count()).select_from(q.subquery()))
    order = order_column(ORDER, page, Language.name, fold_case=True) if page else Language.name.asc()
    q = q.order_by(_FIRST, order, Language.id)
    if page:
        q = q.offset(page.skip).limit(page.limit)
    return list(s.scalars(q)), int(count or 0)


def add(s: Session, name: str) -> Language:
    lang = Language(name=name)
    s.add(lang)
    s.flush()
    return lang


def remove(s: Session, lang: Language) -> None:
    s.delete(lang)
    s.flush()


def _speaking(s: Session, entity, lang_id: int) -> list:
    """The rows of `entity` whose languages include lang_id. lang_ids is a JSON list: the text match narrows
    portably (SQLite and PostgreSQL), the list test decides."""
    q = select(entity).where(cast(entity.lang_ids, String).like(f"%{int(lang_id)}%"))
    return [r for r in s.scalars(q) if lang_id in {int(i) for i in r.lang_ids or []}]


def projects_speaking(s: Session, lang_id: int) -> list[Project]:
    return _speaking(s, Project, lang_id)


def users_speaking(s: Session, lang_id: int) -> list[UserView]:
    """The accounts speaking lang_id (surveyors: only they carry languages)."""
    return _speaking(s, UserView, lang_id)
