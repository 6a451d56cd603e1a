"""Schemathesis over rosters's OpenAPI document (kit.apifuzz): no 5xx, no undocumented status code, no date-time
without an offset, as an Admin and as a surveyor, on SQLite and on PostgreSQL."""

from kit.apifuzz import assert_contract


def test_openapi_contract(api, tokens, database_url):
    assert_contract(api.app, "rosters", database_url, tokens=tokens)
