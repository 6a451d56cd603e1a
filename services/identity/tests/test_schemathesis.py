"""Property-based requests over identity's OpenAPI document: whatever the input, never a 5xx."""

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st  # noqa: F401

MAX_EXAMPLES = 10


def test_openapi_never_5xx(env):
    schema = schemathesis.openapi.from_asgi("/api/docs/identity/openapi.json", env.app)
    admin_id = env.uid("admin@demo.test")
    failures = []
    n_ops = 0
    for result in schema.get_all_operations():
        op = result.ok()
        n_ops += 1

        @settings(max_examples=MAX_EXAMPLES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=op.as_strategy())
        def check(case):
            r = case.call(headers=env.session_headers(admin_id, 0))
            if r.status_code >= 500:
                failures.append((op.label, r.status_code, r.text[:200]))

        check()
    assert n_ops >= 20
    assert not failures, failures
