from dataclasses import dataclass
from typing import Literal

from fastapi import Query

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


def order_column(columns: dict, page: Page, default):
    """Map an orderBy name to a column from an allow-list."""
    if page.order_by and page.order_by not in columns:
        from kit.errors import BadRequest

        raise BadRequest(f"orderBy: must be one of {', '.join(sorted(columns))}")
    col = columns.get(page.order_by or "", default)
    return col.desc() if page.descending else col.asc()
