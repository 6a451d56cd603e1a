"""The error envelope: real HTTP status and {"statusCode", "message"}; never a stack trace."""

import logging
import re

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic.alias_generators import to_camel
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from kit.bounds import RANGE_TEXT

log = logging.getLogger("kit.errors")

DEFAULT_ERROR_TEXT = "Something went wrong. Please try again later."
DATABASE_UNAVAILABLE = "Database unavailable, try again"
# Seconds a client is told to wait before retrying after a lost database connection (the pool reconnects on the
# next checkout: pool_pre_ping).
DATABASE_RETRY_AFTER = 2
# Every pooled connection stayed in use for the pool's whole timeout: the service is overloaded, not broken.
SERVICE_BUSY = "The service is busy, try again in a moment"


def is_database_unavailable(exc: BaseException) -> bool:
    """A lost or refused database connection (server restarted, backend terminated, too many connections): the
    request did not commit and may be retried. Constraint and data errors are the client's, never this."""
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    if not isinstance(exc, (OperationalError, InterfaceError)):
        return False
    orig = exc.orig
    if not type(orig).__module__.startswith("psycopg"):
        return False  # SQLite reports a misspelt column as an OperationalError too: that one is a bug, a 500
    state = getattr(orig, "sqlstate", None)
    # no SQLSTATE: the connection could not be made or was lost; 08: connection exception; 57P01-03: the server
    # shut down or terminated the backend; 53300: too many connections
    return state is None or state.startswith("08") or state in {"57P01", "57P02", "57P03", "53300"}


class ServiceError(Exception):
    status_code = 400
    message = "Bad request"

    def __init__(self, message: str | None = None, status_code: int | None = None, headers: dict | None = None):
        self.message = message or self.message
        if status_code is not None:
            self.status_code = status_code
        self.headers = headers
        super().__init__(self.message)


class BadRequest(ServiceError):
    status_code = 400


class Unauthorized(ServiceError):
    status_code = 401
    message = "Unauthorized"


class Forbidden(ServiceError):
    status_code = 403
    message = "You do not have access to this resource"


class NotFound(ServiceError):
    status_code = 404
    message = "Not found"


class Conflict(ServiceError):
    status_code = 409


class NotAcceptable(ServiceError):
    status_code = 406


class PayloadTooLarge(ServiceError):
    status_code = 413
    message = "Request body is too large"


class TooManyRequests(ServiceError):
    status_code = 429
    message = "Too Many Requests"

    def __init__(self, message: str | None = None, retry_after: int = 60):
        super().__init__(message, headers={"Retry-After": str(max(1, int(retry_after)))})
        self.retry_after = retry_after


def body_too_large(limit: int) -> str:
    return f"Request body is too large (limit {limit} bytes)"


def envelope(status: int, message: str, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"statusCode": status, "message": message}, status_code=status, headers=headers)


def _field_name(loc: tuple) -> str:
    """A field's path as a person reads it: list positions counted from 1 (`contacts #2, email`, not
    `contacts.1.email`)."""
    out = ""
    for p in loc[1:] if loc and loc[0] in ("body", "query", "path", "header", "cookie") else loc:
        if isinstance(p, int):
            out += f" #{p + 1}"
        else:
            out += f", {p}" if out else str(p)
    return out or "body"


# pydantic's prefixes of a validator's own message ("Value error, positiveWoNSM: ... is required")
_VALIDATOR_PREFIXES = ("Value error, ", "Assertion failed, ")


def _field_message(loc: tuple, msg: str) -> str:
    field = _field_name(loc)
    for prefix in _VALIDATOR_PREFIXES:
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
            if field == "body":  # a validator of the whole body: its message names the fields itself
                return msg
            # a validator that names its field itself is not prefixed twice
            last = next((str(p) for p in reversed(loc) if not isinstance(p, int)), "")
            if last and msg.startswith(f"{last}:"):
                return msg if field == last else f"{field.rsplit(', ', 1)[0]}, {msg}"
    return f"{field}: {msg}"


_DATE = "must be a date (YYYY-MM-DD)"
_DATETIME = "must be a date and time (ISO 8601, e.g. 2026-01-31T09:00:00Z)"
# pydantic's error types said in a person's words ("Input should be a valid integer, unable to parse string as an
# integer" -> "must be a whole number"); the context's numbers fill the placeholders. A type not listed here keeps
# pydantic's own message (its messages never echo the input value), a validator's own text is shown as written.
_PLAIN = {
    "int_parsing": "must be a whole number", "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number", "float_type": "must be a number",
    "decimal_parsing": "must be a number", "decimal_type": "must be a number",
    "finite_number": "must be a finite number",
    "decimal_max_places": "must have at most {decimal_places} decimal places",
    "decimal_max_digits": "must have at most {max_digits} digits",
    "decimal_whole_digits": "must have at most {whole_digits} digits before the decimal point",
    "greater_than_equal": "must be at least {ge}", "greater_than": "must be more than {gt}",
    "less_than_equal": "must be at most {le}", "less_than": "must be less than {lt}",
    "multiple_of": "must be a multiple of {multiple_of}",
    "string_too_long": "must have at most {max_length} characters",
    "string_too_short": "At least {min_length} characters",
    "too_long": "must have at most {max_length} items", "too_short": "must have at least {min_length} items",
    "string_type": "must be text", "string_pattern_mismatch": "has the wrong format",
    "string_unicode": "must be text",
    "bool_parsing": "must be true or false", "bool_type": "must be true or false",
    "literal_error": "must be one of {expected}", "enum": "must be one of {expected}",
    "date_parsing": _DATE, "date_type": _DATE, "date_from_datetime_parsing": _DATE,
    "date_from_datetime_inexact": _DATE, "date_future": "must be a date in the future",
    "date_past": "must be a date in the past",
    "datetime_parsing": _DATETIME, "datetime_type": _DATETIME, "datetime_from_date_parsing": _DATETIME,
    "datetime_object_invalid": _DATETIME, "timezone_aware": "must carry a time zone offset",
    "time_parsing": "must be a time (HH:MM[:SS])", "time_type": "must be a time (HH:MM[:SS])",
    "uuid_parsing": "must be a UUID", "uuid_type": "must be a UUID", "uuid_version": "must be a UUID",
    "list_type": "must be a list", "tuple_type": "must be a list", "set_type": "must be a list",
    "dict_type": "must be an object", "model_type": "must be an object", "model_attributes_type": "must be an object",
    "none_required": "must be empty",
}


def _plain_message(err: dict) -> str | None:
    kind = err.get("type", "")
    ctx = err.get("ctx") or {}
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return "Required"
    if kind == "too_short" and ctx.get("min_length") == 1:
        return "must have at least 1 item"
    text = _PLAIN.get(kind)
    if text is None:
        return None
    try:
        return text.format(**{k: str(v) for k, v in ctx.items()})
    except (KeyError, IndexError, ValueError):
        return None


def validation_message(exc: RequestValidationError) -> str:
    msgs = []
    for err in exc.errors()[:5]:
        loc = tuple(err.get("loc", ()))
        kind = err.get("type", "")
        if kind == "extra_forbidden":
            msgs.append(f"{_field_name(loc)}: unknown field")
        elif kind == "missing":
            msgs.append(f"{_field_name(loc)}: Required")
        elif kind == "json_invalid":
            msgs.append("body: invalid JSON")
        elif (plain := _plain_message(err)) is not None:
            msgs.append(f"{_field_name(loc)}: {plain}")
        else:
            # pydantic messages never echo the input value, so patient data stays out of responses.
            msgs.append(_field_message(loc, err.get("msg", "invalid value")))
    return "; ".join(msgs) or "Invalid request"


def _camel(column: str) -> str:
    return to_camel(column) if "_" in column else column


def _constraint_kind(exc: IntegrityError) -> str:
    state = getattr(exc.orig, "sqlstate", None)
    text = str(exc.orig)
    if state == "23505" or text.startswith("UNIQUE constraint failed"):
        return "unique"
    if state == "23503" or text.startswith("FOREIGN KEY constraint failed"):
        return "foreign_key"
    if state == "23502" or text.startswith("NOT NULL constraint failed"):
        return "not_null"
    return "other"


def _columns(exc: IntegrityError) -> list[str]:
    """The columns a constraint names, never the values (they can be patient data)."""
    diag = getattr(exc.orig, "diag", None)
    if diag is not None:  # PostgreSQL: "Key (name, project_id)=(...) already exists."
        m = re.match(r"Key \(([^)]*)\)=", getattr(diag, "message_detail", None) or "")
        if m:
            return [c.strip().strip('"') for c in m.group(1).split(",")]
        return [diag.column_name] if getattr(diag, "column_name", None) else []
    # SQLite: "UNIQUE constraint failed: languages.name, languages.project_id"
    m = re.match(r"(?:UNIQUE|NOT NULL) constraint failed: (.*)$", str(exc.orig))
    return [c.strip().rsplit(".", 1)[-1] for c in m.group(1).split(",")] if m else []


def integrity_message(exc: IntegrityError) -> tuple[int, str]:
    """A constraint violation as an answer: a duplicate is 409 naming the field (two parallel creates with the
    same name: one 201, the other 409), a reference to a missing record or a missing value is 409/422."""
    kind = _constraint_kind(exc)
    fields = ", ".join(_camel(c) for c in _columns(exc) if c) or "a field"
    if kind == "unique":
        return 409, f"{fields}: a record with this value already exists"
    if kind == "foreign_key":
        return 409, f"{fields}: refers to a record that does not exist (any more)"
    if kind == "not_null":
        return 422, f"{fields}: Required"
    return 409, "The change conflicts with the stored data"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def _service_error(_: Request, exc: ServiceError):
        return envelope(exc.status_code, exc.message, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError):
        return envelope(422, validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        limit = getattr(getattr(request.app.state, "settings", None), "max_body_bytes", None)
        if exc.status_code == 413 and limit:
            # the framework's own stop of a chunked body (no Content-Length) names the limit as the kit's does
            return envelope(413, body_too_large(limit), getattr(exc, "headers", None))
        msg = exc.detail if isinstance(exc.detail, str) else "Request failed"
        return envelope(exc.status_code, msg, getattr(exc, "headers", None))

    @app.exception_handler(IntegrityError)
    async def _integrity(_: Request, exc: IntegrityError):
        status, message = integrity_message(exc)
        log.warning("constraint violation answered %s", status, extra={"constraint": _constraint_kind(exc)})
        return envelope(status, message)

    @app.exception_handler(DataError)
    async def _data(_: Request, exc: DataError):
        log.warning("value refused by the database", extra={"sqlstate": getattr(exc.orig, "sqlstate", None)})
        column = getattr(getattr(exc.orig, "diag", None), "column_name", None)
        return envelope(422, f"{_camel(column) if column else 'a field'}: value out of range or too long")

    @app.exception_handler(DBAPIError)
    async def _database(_: Request, exc: DBAPIError):
        # IntegrityError and DataError have their own handlers above (more specific classes win).
        if is_database_unavailable(exc):
            log.warning("database unavailable, answered 503", extra={"error": type(exc.orig).__name__ if exc.orig else type(exc).__name__})
            return envelope(503, DATABASE_UNAVAILABLE, {"Retry-After": str(DATABASE_RETRY_AFTER)})
        log.exception("unhandled database error", exc_info=exc)
        return envelope(500, DEFAULT_ERROR_TEXT)

    @app.exception_handler(PoolTimeout)
    async def _pool_timeout(_: Request, exc: PoolTimeout):
        log.warning("no pooled database connection came free in time, answered 503")
        return envelope(503, SERVICE_BUSY, {"Retry-After": str(DATABASE_RETRY_AFTER)})

    @app.exception_handler(OverflowError)
    async def _overflow(_: Request, exc: OverflowError):  # SQLite: an int beyond 64 bits reached the driver
        return envelope(422, f"a number {RANGE_TEXT}")

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception):
        log.exception("unhandled error", exc_info=exc)
        return envelope(500, DEFAULT_ERROR_TEXT)


def error_responses(*errors: type[ServiceError]) -> dict:
    """`responses=` for a route so its errors appear in OpenAPI."""
    out: dict = {}
    for e in errors:
        out[e.status_code] = {"model": ErrorBody, "description": e.message}
    return out


from pydantic import BaseModel  # noqa: E402


class ErrorBody(BaseModel):
    statusCode: int
    message: str
