"""Bounded integer types for ids the rosters tables keep in 32-bit columns: a larger value is a clear 422, never
a database overflow (500)."""

from typing import Annotated

from fastapi import Path, Query
from pydantic import Field

INT32_MAX = 2**31 - 1

DbId = Annotated[int, Field(ge=1, le=INT32_MAX)]
ProjectPath = Annotated[int, Path(ge=1, le=INT32_MAX)]


def id_query(default=..., alias: str | None = None):
    return Query(default, ge=1, le=INT32_MAX, alias=alias)
