"""Input types shared by the projects modules: database-safe ids and bodies without NUL characters."""

from typing import Annotated, Any

from fastapi import Path, Query
from pydantic import Field, model_validator

from kit.phones import ContactPhone as ContactPhone  # re-exported: the kit's one phone rule
from kit.schema import Schema

MAX_ID = 2_147_483_647  # INTEGER columns; larger ids cannot exist, so they are refused as bad input
Id = Annotated[int, Field(ge=1, le=MAX_ID)]
IdPath = Annotated[int, Path(ge=1, le=MAX_ID)]


def id_query(required: bool = True, **kw):
    return Query(... if required else None, ge=1, le=MAX_ID, **kw)


def _has_nul(v: Any) -> bool:
    if isinstance(v, str):
        return "\x00" in v
    if isinstance(v, dict):
        return any(_has_nul(x) for x in v.values())
    if isinstance(v, list):
        return any(_has_nul(x) for x in v)
    return False


class Body(Schema):
    """A request body: camelCase, unknown fields refused, and no NUL characters in any text."""

    @model_validator(mode="before")
    @classmethod
    def _no_nul(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for k, v in data.items():
                if _has_nul(v):
                    raise ValueError(f"{k}: must not contain NUL characters")
        return data
