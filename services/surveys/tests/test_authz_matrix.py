"""Every route × every role: the table below is the access policy; a route missing from it fails the suite."""

import pytest

from kit.auth import Role
from kit.auth import route_access_table as access_table

R = Role
SURVEYORS = {R.SURVEYOR, R.CIMR_SURVEYOR, R.KELLER_SURVEYOR}

# (method, path) -> (allowed roles, probe: query params, json body). Probes are harmless (invalid or empty),
# so an allowed role gets a 2xx or a validation 4xx, never 401/403.
PUBLIC = "public"

MATRIX = {
    ("GET", "/healthz"): (PUBLIC, {}, None),
    ("GET", "/metrics"): (PUBLIC, {}, None),
    ("GET", "/api/question"): ({R.PROJECT_MANAGER, R.OPERATIONS}, {}, None),
    ("POST", "/api/question"): ({R.OPERATIONS}, {}, {}),
    ("PUT", "/api/question"): ({R.OPERATIONS}, {}, {}),
    ("DELETE", "/api/question"): ({R.OPERATIONS}, {}, None),
    ("GET", "/api/answer"): ({R.PROJECT_MANAGER, R.OPERATIONS}, {}, None),
    ("POST", "/api/answer"): ({R.OPERATIONS}, {}, {}),
    ("PUT", "/api/answer"): ({R.OPERATIONS}, {}, {}),
    ("GET", "/api/questionnaire"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.CIMR_MANAGER, R.COMMENT_CLEANER} | SURVEYORS,
                                    {}, None),
    ("POST", "/api/questionnaire"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, {}),
    ("DELETE", "/api/questionnaire"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, None),
    ("DELETE", "/api/answer"): ({R.OPERATIONS}, {}, None),
    ("GET", "/api/question/project-list"): ({R.PROJECT_MANAGER, R.OPERATIONS}, {"id": 999}, None),
    ("PUT", "/api/questionnaire/copy"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, {}),
    ("PUT", "/api/questionnaire/change-sequence"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, {}),
    ("POST", "/api/questionnaire/update-responses"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, {}),
    ("PUT", "/api/questionnaire/change-response-order"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, {}),
    ("GET", "/api/questionnaire/logic"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS, R.CIMR_MANAGER} | SURVEYORS, {}, None),
    ("POST", "/api/questionnaire/logic"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, {}),
    ("PUT", "/api/questionnaire/logic"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, {}),
    ("DELETE", "/api/questionnaire/logic"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, None),
    ("POST", "/api/call-survey"): (SURVEYORS, {}, {}),
    ("GET", "/api/comments/projects"): ({R.PROJECT_MANAGER, R.OPERATIONS, R.COMMENT_CLEANER}, {}, None),
    ("GET", "/api/comments"): ({R.PROJECT_MANAGER, R.OPERATIONS, R.COMMENT_CLEANER}, {}, None),
    ("POST", "/api/comments"): ({R.PROJECT_MANAGER, R.OPERATIONS, R.COMMENT_CLEANER}, {}, {}),
    ("PUT", "/api/comments"): ({R.PROJECT_MANAGER, R.OPERATIONS, R.COMMENT_CLEANER}, {}, {}),
    ("GET", "/api/survey"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, None),
    ("GET", "/api/survey-export"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, None),
    ("GET", "/api/survey-export/surveyors"): ({R.ADMIN, R.PROJECT_MANAGER, R.OPERATIONS}, {}, None),
    ("GET", "/api/phi-audit/surveys"): ({R.ADMIN}, {}, None),
    ("GET", "/api/phi-audit/surveys/export"): ({R.ADMIN}, {}, None),
}


def test_every_route_has_a_row_and_matches_its_guard(client):
    table = {(m, p): g for m, p, g in access_table(client.app)}
    missing = sorted(set(table) - set(MATRIX))
    assert not missing, f"routes without a row in the authorization matrix: {missing}"
    stale = sorted(set(MATRIX) - set(table))
    assert not stale, f"rows for routes that no longer exist: {stale}"
    for key, guard in table.items():
        expected = MATRIX[key][0]
        if expected == PUBLIC or guard == PUBLIC:
            assert guard == expected, key
        else:
            assert set(guard) == expected, key


@pytest.mark.parametrize("role", list(Role), ids=lambda r: r.name)
def test_every_role_against_every_row(client, tokens, role):
    for (method, path), (allowed, params, body) in MATRIX.items():
        r = client.request(method, path, params=params, json=body, headers=tokens.headers(role, 4242))
        if allowed == PUBLIC or role in allowed:
            assert r.status_code not in (401, 403), (method, path, role, r.status_code, r.text)
            assert r.status_code < 500, (method, path, role, r.text)
        else:
            assert r.status_code == 403, (method, path, role, r.status_code)


def test_no_token_is_401_everywhere(client):
    for (method, path), (allowed, _, _) in MATRIX.items():
        if allowed == PUBLIC:
            assert client.request(method, path).status_code == 200
            continue
        r = client.request(method, path)
        assert r.status_code == 401, (method, path)
        assert r.json() == {"statusCode": 401, "message": "Session Expired"}
