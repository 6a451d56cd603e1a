"""The answers the kit itself gives, written into every operation of a service's OpenAPI document.

A route documents its own refusals (`kit.errors.error_responses`); what happens before or around it is the
kit's: a guarded route answers 401 without a live session and 403 to a role it does not allow; any request can
meet a lost database connection (503, retry); a body that cannot be parsed is 400 and one beyond the size
limit 413; a parameter out of range is 422; a list sorted by an unknown column is 400. Documenting them here keeps the document true for every route (the schema tests check that no
undocumented status code is ever answered) without repeating them on each route.
"""

from typing import Any

from fastapi import FastAPI

from kit.auth import route_access_table
from kit.errors import DATABASE_UNAVAILABLE, ErrorBody

ERROR_REF = "#/components/schemas/ErrorBody"
GUARDED = {"401": "Session Expired (no token, an expired or a revoked session)",
           "403": "The caller's role may not use this operation"}
EVERY = {"422": "A parameter or field is invalid (the message names it)", "503": DATABASE_UNAVAILABLE}
WITH_BODY = {"400": "The body could not be parsed", "413": "Request body is too large"}
SORTED = {"400": "orderBy or orderDir is not one this list sorts by (the message lists them)"}  # kit.paging
METHODS = ("get", "put", "post", "delete", "patch")


def _error(description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": {"$ref": ERROR_REF}}}}


def _is_fastapi_validation(response: dict) -> bool:
    schema = response.get("content", {}).get("application/json", {}).get("schema", {})
    return schema.get("$ref", "").endswith("/HTTPValidationError")


def add_kit_responses(document: dict[str, Any], guarded: set[tuple[str, str]]) -> dict[str, Any]:
    """Adds the kit's answers to each operation that does not document them already (a route's own
    description of a status wins). `guarded` holds (METHOD, path) of the routes that need a session."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("ErrorBody", ErrorBody.model_json_schema())
    for path, item in document.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            answers = dict(EVERY)
            if (method.upper(), path) in guarded:
                answers.update(GUARDED)
            if "requestBody" in op:
                answers.update(WITH_BODY)
            if any(p.get("name") in ("orderBy", "orderDir") for p in op.get("parameters", [])):
                answers.update(SORTED)
            responses = op.setdefault("responses", {})
            for status, description in answers.items():
                responses.setdefault(status, _error(description))
            if _is_fastapi_validation(responses["422"]):  # the kit answers 422 in its envelope, not FastAPI's
                responses["422"] = _error(EVERY["422"])
    return document


def install(app: FastAPI) -> None:
    """Replaces `app.openapi` with FastAPI's document plus the kit's answers (built once, then cached)."""

    fastapi_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            guarded = {(m, p) for m, p, g in route_access_table(app) if g != "public"}
            app.openapi_schema = add_kit_responses(fastapi_openapi(), guarded)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
