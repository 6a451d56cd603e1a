"""Phone numbers as every service reads, keeps and shows them, by Google's numbering plan (the `phonenumbers`
library): an account's phone receives the sign-in codes, so it must be a real North American number; a client's
contact may be abroad (the clients' countries include Canada and India).

Kept forms: a North American number as its ten national digits ("3125550123"); any other as E.164
("+919876543210"). Shown (spec: "(###) ###-####, optionally with a +1 prefix"): North American numbers as
(312) 555-0123, others in the international format (+91 98765 43210).
"""

from typing import Annotated

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat
from pydantic import AfterValidator, StringConstraints
from pydantic_core import PydanticCustomError

NANP = 1  # the North American Numbering Plan's country code (USA, Canada)
_TYPED = set("0123456789+-.() \t")  # what people put between digits; letters ("ext 12") are refused, not dropped


def _parse(value: str) -> phonenumbers.PhoneNumber | None:
    if not set(value) <= _TYPED:
        return None
    try:
        number = phonenumbers.parse(value, "US")  # no "+": a national number of the US/Canada plan
    except NumberParseException:
        return None
    return number if phonenumbers.is_valid_number(number) else None


def _kept(number: phonenumbers.PhoneNumber) -> str:
    if number.country_code == NANP:
        return f"{number.national_number:010d}"
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)


def _account_phone(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    number = _parse(value.strip())
    if number is None or number.country_code != NANP:
        raise PydanticCustomError("value_error", "must be a valid US or Canadian phone number: 10 digits with a real"
                                                 " area code, e.g. (312) 555-0123")
    return _kept(number)


def _contact_phone(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    number = _parse(value.strip())
    if number is None:
        raise PydanticCustomError("value_error", "must be a valid phone number: 10 digits with a real area code for"
                                                 " the US and Canada, or + and the country code for other countries"
                                                 " (put an extension in Extension)")
    return _kept(number)


# An account's phone (sign-in codes go to it): a valid US or Canadian number, kept as ten digits. Blank is none.
AccountPhone = Annotated[str | None, StringConstraints(max_length=20), AfterValidator(_account_phone)]
# A client contact's phone: a valid number of any country (without "+", of the US/Canada plan). Blank is none.
ContactPhone = Annotated[str | None, StringConstraints(max_length=40), AfterValidator(_contact_phone)]


def format_phone(phone: str | None) -> str | None:
    """A kept phone as people read it; text that is no valid number (rows kept before this rule) is shown as kept."""
    if not phone:
        return phone
    if len(phone) == 10 and phone.isdigit():  # kept ten digits (accounts, contacts, roster phones): shown whatever
        return f"({phone[:3]}) {phone[3:6]}-{phone[6:]}"  # the area code (rosters keep digits unchecked: test 555s)
    number = _parse(phone)
    if number is None:
        return phone
    if number.country_code == NANP:
        return phonenumbers.format_number(number, PhoneNumberFormat.NATIONAL)
    return phonenumbers.format_number(number, PhoneNumberFormat.INTERNATIONAL)
