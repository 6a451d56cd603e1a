from dataclasses import dataclass
from typing import Literal

from fastapi import Query
from sqlalchemy import String, func

MAX_LIMIT = 5000
DEFAULT_LIMIT = 10


@dataclass(frozen=True)
class Page:
    skip: int
    limit: int
    order_by: str | None
    order_dir: Literal["ASC", "DESC"]

    @property
    def descending(self) -> bool:
        return self.order_dir == "DESC"


def page_params(
    skip: int = Query(0, ge=0, le=2**63 - 1),
    limit: int = Query(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT),
    orderBy: str | None = Query(None, max_length=64),
    orderDir: Literal["ASC", "DESC", "asc", "desc"] = Query("ASC"),
) -> Page:
    return Page(skip=skip, limit=limit, order_by=orderBy, order_dir=orderDir.upper())  # type: ignore[arg-type]


def window_params(
    skip: int = Query(0, ge=0, le=2**63 - 1),
    limit: int = Query(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT),
) -> Page:
    """skip/limit of a list with one fixed order: it declares no orderBy/orderDir, which it could only ignore."""
    return Page(skip=skip, limit=limit, order_by=None, order_dir="ASC")


def order_column(columns: dict, page: Page, default, *, fold_case: bool = False, nulls_last: bool = False):
    """Map an orderBy name to a column from an allow-list.

    fold_case: text columns sort case-insensitively (a person reads "de la Cruz" between "Davis" and "Evans").
    nulls_last: empty values sort last in both directions, on SQLite as on PostgreSQL (their defaults differ);
    columns declared NOT NULL keep the plain order, so an index on them still serves it."""
    if page.order_by and page.order_by not in columns:
        from kit.errors import BadRequest

        raise BadRequest(f"orderBy: must be one of {', '.join(sorted(columns))}")
    col = columns.get(page.order_by or "", default)
    nullable = getattr(getattr(col, "expression", col), "nullable", True)
    if fold_case and isinstance(getattr(col, "type", None), String):
        col = func.lower(col)
    ordered = col.desc() if page.descending else col.asc()
    return ordered.nulls_last() if nulls_last and nullable else ordered


LIKE_ESCAPE = "\\"


def contains_pattern(term: str) -> str:
    """A LIKE pattern matching `term` anywhere, lower-cased, its own % and _ taken literally (use with
    `.like(pattern, escape=LIKE_ESCAPE)`): a search for "10%" finds "10%", not every row."""
    literal = term.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{literal}%"
