"""The error envelope: real HTTP status and {"statusCode", "message"}; never a stack trace."""

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger("kit.errors")

DEFAULT_ERROR_TEXT = "Something went wrong. Please try again later."


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


def envelope(status: int, message: str, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"statusCode": status, "message": message}, status_code=status, headers=headers)


def _field_name(loc: tuple) -> str:
    parts = [str(p) for p in loc if p not in ("body",)]
    return ".".join(parts) or "body"


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
        else:
            # pydantic messages never echo the input value, so patient data stays out of responses.
            msgs.append(f"{_field_name(loc)}: {err.get('msg', 'invalid value')}")
    return "; ".join(msgs) or "Invalid request"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServiceError)
    async def _service_error(_: Request, exc: ServiceError):
        return envelope(exc.status_code, exc.message, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError):
        return envelope(422, validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException):
        msg = exc.detail if isinstance(exc.detail, str) else "Request failed"
        return envelope(exc.status_code, msg, getattr(exc, "headers", None))

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
