"""A list that declares orderBy sorts by it: every GET of every service whose OpenAPI operation takes `orderBy`
answers an unknown key with a 400 naming the keys it sorts by, never a 200 in its own fixed order (a parameter
accepted and ignored). Lists with one fixed order take `kit.paging.window_params` (skip/limit only) instead.
Embedded run with the demo data, each list called by a role its guard lets in."""

import re
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from embedded.app import create_embedded_app
from kit.auth import Role, route_access_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scenario"))
from scenario import eventually, sign_in  # noqa: E402

DEMO = {Role.ADMIN: "admin@demo.test", Role.OPERATIONS: "ops@demo.test", Role.PROJECT_MANAGER: "pm@demo.test",
        Role.QUALITY: "qa@demo.test", Role.COMMENT_CLEANER: "cleaner@demo.test", Role.SURVEYOR: "surveyor@demo.test",
        Role.CIMR_MANAGER: "cimr-manager@demo.test", Role.KELLER_SURVEYOR: "keller@demo.test"}


def sortable_lists(apps) -> list[tuple[str, list[str], Role]]:
    """(path, required query parameters, a role allowed) of every GET without path parameters that takes orderBy."""
    out = []
    for svc in apps.values():
        ops = svc.openapi()["paths"]
        guards = {path: g for m, path, g in route_access_table(svc) if m == "GET"}
        for path, methods in ops.items():
            op = methods.get("get")
            if not op or "{" in path:
                continue
            params = op.get("parameters", [])
            if "orderBy" not in {p["name"] for p in params}:
                continue
            roles = guards.get(path)
            role = next((r for r in DEMO if isinstance(roles, tuple) and r in roles), None)
            assert role is not None, f"GET {path}: no demo role may call it ({roles})"
            out.append((path, [p["name"] for p in params if p.get("required")], role))
    return out


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    var = tmp_path_factory.mktemp("sort") / "var"
    with TestClient(create_embedded_app(var, demo=True)) as client:
        yield client, var


def test_every_list_that_takes_orderBy_refuses_a_key_it_does_not_sort_by(embedded):
    client, var = embedded
    lists = sortable_lists(client.app.apps)
    assert len(lists) >= 15, lists
    tokens: dict[Role, str] = {}
    ignored = []
    for path, required, role in lists:
        if role not in tokens:
            tokens[role] = sign_in(client, var, DEMO[role])[0]
        def ask():  # a list of one project waits until the demo's project has reached that service
            r = client.get(path, headers={"Authorization": f"Bearer {tokens[role]}"},
                           params={**{name: 1 for name in required}, "orderBy": "zzNoSuchKey"})
            return None if "not known to the" in r.text else r
        r = eventually(ask, timeout=60)
        if r.status_code != 400 or not re.match(r"orderBy: must be one of ", r.json().get("message", "")):
            ignored.append(f"GET {path} as {role.name}: {r.status_code} {r.text[:120]}")
    assert not ignored, "orderBy accepted and not sorted by:\n" + "\n".join(ignored)


def test_the_fixed_order_lists_do_not_declare_orderBy(embedded):
    client, _ = embedded
    declared = {path for path, _, _ in sortable_lists(client.app.apps)}
    assert not declared & {"/api/comments", "/api/questionnaire", "/api/users/sign-ins"}
