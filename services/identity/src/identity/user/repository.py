from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import case, delete, func, or_, select
from sqlalchemy.orm import Session, lazyload

from identity.models import User, UserCimrManager, UserLanguage
from kit.paging import MAX_LIMIT, Page, order_column

# The Status column of Account Management: what the row shows (service.to_read's isDeleted and invitationPending).
STATUS = case((User.is_deleted.is_(True), "Deactivated"), (User.password_hash.is_(None), "Invited"), else_="Active")

ORDER_COLUMNS = {
    "id": User.id, "firstName": User.first_name, "lastName": User.last_name, "email": User.email,
    "role": User.role, "phoneNumber": User.phone_number, "vonageExt": User.vonage_ext, "cid": User.cid,
    "createdAt": User.created_at, "updatedAt": User.updated_at, "isDeleted": User.is_deleted, "status": STATUS,
}


@dataclass
class UserFilter:
    search: str | None = None
    roles: tuple[int, ...] | None = None
    is_deleted: bool | None = None
    manager_id: int | None = None  # only CIMR Surveyors linked to this CIMR Manager


def get(session: Session, user_id: int) -> User | None:
    return session.get(User, user_id)


def get_by_email(session: Session, email: str) -> User | None:
    return session.scalars(select(User).where(User.email == email.lower())).first()


# The sign-in steps read the account row; its languages and managers (selectin-loaded everywhere else, where
# lists of users show them) load only if the step reads them: three queries per step became one.
_ACCOUNT_ONLY = (lazyload(User.languages), lazyload(User.cimr_managers))


def get_account(session: Session, user_id: int) -> User | None:
    return session.get(User, user_id, options=_ACCOUNT_ONLY)


def get_account_by_email(session: Session, email: str) -> User | None:
    return session.scalars(select(User).where(User.email == email.lower()).options(*_ACCOUNT_ONLY)).first()


def add(session: Session, user: User) -> User:
    session.add(user)
    session.flush()
    return user


def _where(stmt, f: UserFilter):
    if f.search and len(f.search) >= 2:
        like = "%" + f.search.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        full = func.lower(User.first_name + " " + User.last_name)
        stmt = stmt.where(or_(func.lower(User.first_name).like(like, escape="\\"),
                              func.lower(User.last_name).like(like, escape="\\"), full.like(like, escape="\\"),
                              User.email.like(like, escape="\\"), func.lower(User.cid).like(like, escape="\\")))
    if f.roles is not None:
        stmt = stmt.where(User.role.in_(f.roles))
    if f.is_deleted is not None:
        stmt = stmt.where(User.is_deleted.is_(f.is_deleted))
    if f.manager_id is not None:
        stmt = stmt.where(User.id.in_(select(UserCimrManager.surveyor_id).where(UserCimrManager.manager_id == f.manager_id)))
    return stmt


def search(session: Session, f: UserFilter, page: Page, *, paginated: bool = True,
           default_order=User.id) -> tuple[list[User], int]:
    """Matching users in the page's order; unpaginated lists ignore skip/limit but keep the order (capped)."""
    count = session.scalar(_where(select(func.count()).select_from(User), f)) or 0
    order = order_column(ORDER_COLUMNS, page, default_order, fold_case=True, nulls_last=True)
    stmt = _where(select(User), f).order_by(order, User.id)
    stmt = stmt.offset(page.skip).limit(page.limit) if paginated else stmt.limit(MAX_LIMIT)
    return list(session.scalars(stmt)), int(count)


def each_matching(session: Session, f: UserFilter, order=User.id, batch: int = 1000) -> Iterator[User]:
    """Every matching user, fetched from the database `batch` rows at a time (an export has no page size)."""
    stmt = _where(select(User), f).order_by(order, User.id).execution_options(yield_per=batch)
    yield from session.scalars(stmt)


def lang_ids(session: Session, user_id: int) -> list[int]:
    return sorted(session.scalars(select(UserLanguage.lang_id).where(UserLanguage.user_id == user_id)))


def manager_ids(session: Session, surveyor_id: int) -> list[int]:
    return sorted(session.scalars(select(UserCimrManager.manager_id).where(UserCimrManager.surveyor_id == surveyor_id)))


def set_languages(session: Session, user_id: int, ids: list[int]) -> None:
    session.execute(delete(UserLanguage).where(UserLanguage.user_id == user_id))
    session.add_all(UserLanguage(user_id=user_id, lang_id=i) for i in sorted(set(ids)))
    session.flush()


def set_managers(session: Session, surveyor_id: int, ids: list[int]) -> None:
    session.execute(delete(UserCimrManager).where(UserCimrManager.surveyor_id == surveyor_id))
    session.add_all(UserCimrManager(surveyor_id=surveyor_id, manager_id=i) for i in sorted(set(ids)))
    session.flush()


def users_by_ids(session: Session, ids: list[int]) -> list[User]:
    if not ids:
        return []
    return list(session.scalars(select(User).where(User.id.in_(ids))))


def surveyors_of_manager(session: Session, manager_id: int) -> list[int]:
    return list(session.scalars(select(UserCimrManager.surveyor_id).where(UserCimrManager.manager_id == manager_id)))


def count_active_admins(session: Session) -> int:
    return session.scalar(select(func.count()).select_from(User).where(User.role == 0, User.is_deleted.is_(False))) or 0


def delete_user(session: Session, user: User) -> None:
    session.execute(delete(UserLanguage).where(UserLanguage.user_id == user.id))
    session.execute(delete(UserCimrManager).where(or_(UserCimrManager.surveyor_id == user.id,
                                                      UserCimrManager.manager_id == user.id)))
    session.delete(user)
    session.flush()
