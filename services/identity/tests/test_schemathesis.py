"""Schemathesis over identity's OpenAPI document (kit.apifuzz): no 5xx, no undocumented status code, no date-time
without an offset, as an Admin, as a surveyor and with no token, on PostgreSQL (SQLite only where there is no
PostgreSQL: kit.testing.contract_database). The callers hold real server-side sessions (identity checks them on
every request)."""

import pytest

from kit.apifuzz import assert_contract
from kit.auth import Role
from kit.testing import contract_database


@pytest.mark.parametrize("database_url", [contract_database()], indirect=True)
def test_openapi_contract(env, database_url):
    assert_contract(env.app, "identity", database_url, callers={
        "admin": lambda: env.session_headers(env.uid("admin@demo.test"), Role.ADMIN),
        "surveyor": lambda: env.session_headers(env.uid("surveyor@demo.test"), Role.SURVEYOR),
        "anonymous": dict})
