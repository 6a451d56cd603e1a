"""Schemathesis over surveys's OpenAPI document (kit.apifuzz): no 5xx, no undocumented status code, no date-time
without an offset, as an Admin and as a surveyor, on PostgreSQL (SQLite only where there is no PostgreSQL:
kit.testing.contract_database)."""

import pytest

from kit.apifuzz import assert_contract
from kit.testing import contract_database


@pytest.mark.parametrize("database_url", [contract_database()], indirect=True)
def test_openapi_contract(client, tokens, database_url):
    assert_contract(client.app, "surveys", database_url, tokens=tokens)
