"""Nothing reaches a 500 on input: bounds every service inherits.

- integers: a database integer is signed 64-bit, so an int query or path parameter (`?skip=10**30`,
  `surveyorId=9223372036854775808`) or body field beyond it is a 422 naming the field (`bounded_params`, a
  dependency the app factory adds to every route; `kit.schema.Schema` for bodies);
- text: one policy for names and free text (`kit.schema.NameStr`, `TextStr`, and no control characters in any
  body string); a text query or path parameter with a control character (`?search=a%00b`: PostgreSQL refuses NUL
  in text, SQLite took it) is a 422 naming the parameter (`bounded_params`).
"""

from __future__ import annotations

import re
import types
import typing

from fastapi import Request
from fastapi.exceptions import RequestValidationError

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
RANGE_TEXT = f"must be an integer between {INT64_MIN} and {INT64_MAX}"
CONTROL_TEXT = "must not contain control characters"
# C0 controls but tab, LF, CR; DEL; C1 controls (the body strings' policy, kit.schema)
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _holds(annotation, base: type) -> bool:
    """Whether a parameter's annotation carries values of `base`: `base`, `base | None`, `list[base]`,
    `Annotated[base, ...]` and the like; for str also a Literal of strings."""
    if annotation is base:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _holds(typing.get_args(annotation)[0], base)
    if origin is typing.Literal:  # a Literal of ints is checked by its own values
        return base is str and any(isinstance(a, str) for a in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType, list, tuple, set, frozenset):
        return any(_holds(a, base) for a in typing.get_args(annotation) if a is not type(None))
    return False


def _is_int_type(annotation) -> bool:
    """int, int | None, list[int], Annotated[int, ...] and the like (bool is not an int here)."""
    return _holds(annotation, int)


def _is_str_type(annotation) -> bool:
    """str, str | None, list[str], Annotated[str, ...], a Literal of strings and the like."""
    return _holds(annotation, str)


Params = tuple[tuple[str, str, str], ...]  # (where, wire name, "int" or "str")
_seen: dict[int, tuple[object, Params]] = {}  # id(route) -> (route, params); routes are unhashable


def _checked_params(route) -> Params:
    """(where, wire name, kind) of the route's int and text query and path parameters, dependencies included."""
    hit = _seen.get(id(route))
    if hit is not None and hit[0] is route:
        return hit[1]
    params = _find_checked_params(route)
    _seen[id(route)] = (route, params)
    return params


def _find_checked_params(route) -> Params:
    out: list[tuple[str, str, str]] = []

    def walk(dependant) -> None:
        for where, params in (("query", dependant.query_params), ("path", dependant.path_params)):
            for p in params:
                annotation = getattr(p.field_info, "annotation", None)
                if _is_int_type(annotation):
                    out.append((where, p.alias or p.name, "int"))
                elif _is_str_type(annotation):
                    out.append((where, p.alias or p.name, "str"))
        for sub in dependant.dependencies:
            walk(sub)

    dependant = getattr(route, "dependant", None)
    if dependant is not None:
        walk(dependant)
    return tuple(dict.fromkeys(out))


def _out_of_range(text: str) -> bool:
    text = text.strip()
    digits = text.lstrip("+-")
    if not (digits.isascii() and digits.isdigit()):
        return False  # not an integer ('¹' is a digit to str.isdigit, not to int): the route's own validation answers
    if len(text) > 25:
        return True
    return not INT64_MIN <= int(text) <= INT64_MAX


async def bounded_params(request: Request) -> None:
    """Route dependency: int query/path parameters beyond signed 64 bits, and text ones with a control character,
    are a 422 naming the parameter."""
    route = request.scope.get("route")
    if route is None:
        return
    errors = []
    for where, name, kind in _checked_params(route):
        values = request.query_params.getlist(name) if where == "query" else [str(request.path_params.get(name, ""))]
        if kind == "int" and any(_out_of_range(v) for v in values):
            errors.append({"type": "int64_range", "loc": (where, name), "msg": RANGE_TEXT, "input": None})
        elif kind == "str" and any(CONTROL.search(v) for v in values):
            errors.append({"type": "control_characters", "loc": (where, name), "msg": CONTROL_TEXT, "input": None})
    if errors:
        raise RequestValidationError(errors)
