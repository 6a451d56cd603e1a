"""The twelve survey languages (ids shared with projects and rosters); English is the fallback."""

ENGLISH = 1
SPANISH = 2

LANGUAGES: dict[int, str] = {
    1: "English", 2: "Spanish", 3: "Albanian", 4: "Arabic", 5: "Cantonese", 6: "Cape Verdean",
    7: "Haitian Creole", 8: "Korean", 9: "Mandarin", 10: "Portuguese", 11: "Russian", 12: "Vietnamese",
}


def check_language_id(value: int) -> int:
    """Pydantic validator: a language id must be one of the twelve."""
    if value not in LANGUAGES:
        raise ValueError(f"unknown language id {value}; must be one of 1..{len(LANGUAGES)}")
    return value
