"""Field types and request-scoped helpers shared by identity's modules."""

import dataclasses
from dataclasses import dataclass
from typing import Annotated

from fastapi import Request
from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from identity.config import Settings
from identity.crypto import SecretBox
from identity.notify import MailSender, SmsSender
from kit.auth import client_ip
from kit.paging import Page
from kit.phones import AccountPhone
from kit.schema import Email as Email  # re-exported: the kit's one email rule, shared with the projects' contacts


def _no_nul(value):
    # PostgreSQL text cannot hold NUL; refuse it as bad input instead of failing in the database.
    if isinstance(value, str) and "\x00" in value:
        raise PydanticCustomError("value_error", "must not contain NUL characters")
    return value


NoNul = AfterValidator(_no_nul)


def _ascii_address(value: str) -> str:
    # An account's address is its sign-in name and what every list shows: a letter from another script or a
    # fullwidth form would let one account look like another (pm@dеmo.test, Cyrillic е). The address is checked
    # as the kit's rule normalised it, so a domain sent in its xn-- form (decoded to that script) is refused too.
    if not value.isascii():
        raise PydanticCustomError(
            "value_error", "must be written in ASCII letters, digits and symbols (no accented or look-alike characters)")
    return value


# An account's email address (created, renamed, changed by its owner): the kit's email rule, in ASCII only. The
# sign-in and reset steps take any address (one that is not an account's is answered as a wrong password).
AccountEmail = Annotated[Email, AfterValidator(_ascii_address)]

Phone = AccountPhone  # the sign-in codes go to it: a valid US or Canadian number, kept as ten digits
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100), NoNul]
Password = Annotated[str, StringConstraints(min_length=1, max_length=256)]
PositiveId = Annotated[int, Field(ge=1, le=2_147_483_647)]


def clean_search(value: str | None) -> str | None:
    return value.replace("\x00", "") if value else value


def safe_page(page: Page) -> Page:
    """Offsets beyond any real table are clamped so the database never sees an out-of-range integer."""
    return dataclasses.replace(page, skip=min(page.skip, 2_147_483_647))


def mask_phone(phone: str | None) -> str | None:
    if not phone:
        return None
    return f"(***) ***-{phone[-4:]}"


def mask_email(email: str) -> str:
    local, _, domain = email.partition("@")
    return f"{local[:1]}***@{domain}"


@dataclass
class Context:
    """What identity's services need besides the DB session (built once per app)."""

    settings: Settings
    sms: SmsSender
    mail: MailSender
    box: SecretBox


async def ctx(request: Request) -> Context:
    """Route dependency. Async because it does no blocking work: a sync dependency would cost each request a
    thread-pool trip of its own."""
    return request.app.state.identity


def ip_of(request: Request) -> str:
    return client_ip(request, request.app.state.settings.trusted_proxies)[:45]
