"""Schemathesis over projects's OpenAPI document (kit.apifuzz): no 5xx, no undocumented status code, no date-time
without an offset, as an Admin and as a surveyor, on SQLite and on PostgreSQL."""

from kit.apifuzz import budget, fuzz
from kit.auth import Role


def test_openapi_contract(api, tokens, database_url):
    report = fuzz(api.app, "projects", {"admin": lambda: tokens.headers(Role.ADMIN, 1),
                                       "surveyor": lambda: tokens.headers(Role.SURVEYOR, 21)},
                  min_cases=budget(database_url))
    print(report.summary())
    assert report.cases >= budget(database_url), report.summary()
    assert not report.failures, report.summary()
