"""The kit's phone rules: what an account and a client contact accept, the form kept and the form shown."""

import pytest
from pydantic import TypeAdapter, ValidationError

from kit.phones import AccountPhone, ContactPhone, format_phone

account, contact = TypeAdapter(AccountPhone), TypeAdapter(ContactPhone)


@pytest.mark.parametrize("typed", ["(312) 555-0123", "312.555.0123", "+1 312 555 0123", "1-312-555-0123",
                                   " 3125550123 "])
def test_account_phone_keeps_ten_digits(typed):
    assert account.validate_python(typed) == "3125550123"


def test_account_phone_takes_canada_and_blank():
    assert account.validate_python("(416) 555-0123") == "4165550123"
    assert account.validate_python("  ") is None and account.validate_python(None) is None


@pytest.mark.parametrize("typed", ["(555) 123-4567", "123-456-7890", "312-555-012", "+44 20 7946 0958",
                                   "+91 98765 43210", "312 555 0123 x12", "phone number", "3125550123" * 2])
def test_account_phone_refuses_what_cannot_receive_a_code(typed):
    with pytest.raises(ValidationError, match="valid US or Canadian phone number"):
        account.validate_python(typed)


def test_contact_phone_keeps_other_countries_in_e164():
    assert contact.validate_python("+91 98765 43210") == "+919876543210"
    assert contact.validate_python("+44 20 7946 0958") == "+442079460958"
    assert contact.validate_python("+1 (202) 555-0100") == "2025550100"
    with pytest.raises(ValidationError, match="valid phone number"):
        contact.validate_python("98765 43210")  # an Indian mobile without +91 is no US/Canada number


def test_format_phone_as_people_read_it():
    assert format_phone("2025550100") == "(202) 555-0100"
    assert format_phone("+12025550100") == "(202) 555-0100"
    assert format_phone("+919876543210") == "+91 98765 43210"
    assert format_phone("ext 12 only") == "ext 12 only"  # a row kept before the rule is shown as kept
    assert format_phone(None) is None and format_phone("") == ""
