"""The twelve survey languages (kit.languages: ids shared by every service); English is the fallback."""

from kit.languages import LANGUAGES

ENGLISH = 1
SPANISH = 2


def check_language_id(value: int) -> int:
    """Pydantic validator: a language id must be one of the twelve."""
    if value not in LANGUAGES:
        raise ValueError(f"unknown language id {value}; must be one of 1..{len(LANGUAGES)}")
    return value
