"""The twelve survey languages: the same ids in every service (projects, rosters, surveys, calling, reporting)
and in their databases' seeded language tables; English is 1 and the fallback."""

ENGLISH = 1  # the fallback: a visit without a language, a questionnaire without a translation

LANGUAGES: dict[int, str] = {
    1: "English", 2: "Spanish", 3: "Albanian", 4: "Arabic", 5: "Cantonese", 6: "Cape Verdean",
    7: "Haitian Creole", 8: "Korean", 9: "Mandarin", 10: "Portuguese", 11: "Russian", 12: "Vietnamese",
}
