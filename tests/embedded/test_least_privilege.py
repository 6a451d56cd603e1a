"""Least privilege (issue 15): the surveyor roles (Surveyor, CIMR Surveyor, Keller Surveyor) never receive a
project's billing, payment or fee fields, nor another user's personal data (e-mail, phone), from any GET of any
service. Embedded run with the demo data: each surveyor role signs in and calls every GET its role may call
(path parameters filled with the ids its own lists gave it), and the forbidden keys are looked for anywhere in
the JSON."""

import re
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from embedded.app import create_embedded_app
from kit.auth import Role, route_access_table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scenario"))
from scenario import eventually, sign_in  # noqa: E402

MONEY_KEYS = {"billableRate", "paymentRate", "billingModifier", "paymentModifier", "perReportingPeriodFee",
              "powerBiFee", "pmFee", "lineItems", "fees", "billingRate"}
PERSONAL_KEYS = {"email", "phoneNumber"}  # of a user account; patients' phones (phoneCell/phoneHome) are the job
SURVEYORS = {Role.SURVEYOR: "surveyor@demo.test", Role.CIMR_SURVEYOR: "cimr-surveyor@demo.test",
             Role.KELLER_SURVEYOR: "keller@demo.test"}


def walk(value, path="$"):
    """(json path, key, value) of every object member, at any depth."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield f"{path}.{k}", k, v
            yield from walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")


def leaks(body, me: dict) -> list[str]:
    out = []
    for where, key, value in walk(body):
        if key in MONEY_KEYS:
            out.append(f"{where} (billing/payment field)")
        elif (key in PERSONAL_KEYS and value not in (None, "", me.get("email"), me.get("phoneNumber"))
              and "*" not in str(value)):  # masked, as `(***) ***-0104`
            out.append(f"{where} (another user's {key})")
    return out


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    var = tmp_path_factory.mktemp("lp") / "var"
    with TestClient(create_embedded_app(var, demo=True)) as client:
        yield client, var


def concrete_paths(client, apps, role: Role, auth: dict) -> list[str]:
    """Every GET the role may call; `{project_id}`-like parameters filled with ids from its own project list."""
    projects = client.get("/api/projects", headers=auth, params={"limit": 50})
    ids = [p["id"] for p in projects.json().get("rows", [])] if projects.status_code == 200 else []
    out = []
    for svc in apps.values():
        for method, path, guard in route_access_table(svc):
            if method != "GET" or not isinstance(guard, tuple) or role not in guard or path.endswith("/export"):
                continue
            params = re.findall(r"\{([^}]+)\}", path)
            if not params:
                out.append(path)
            elif params in (["project_id"], ["id"]) and path.startswith("/api/projects"):
                out += [path.replace(f"{{{params[0]}}}", str(i)) for i in ids[:3]]
    return out


@pytest.mark.parametrize("role", sorted(SURVEYORS))
def test_a_surveyor_role_never_receives_money_fields_or_other_users_personal_data(embedded, role):
    client, var = embedded
    token, me = sign_in(client, var, SURVEYORS[role])
    auth = {"Authorization": f"Bearer {token}"}
    # the demo's projects and assignments reach every context by event: wait until the Surveyor has some (the
    # demo assigns projects to the Surveyor; the other roles are checked on whatever they are given)
    if role == Role.SURVEYOR:
        eventually(lambda: client.get("/api/projects", headers=auth).json().get("count", 0) > 0, timeout=120)
    paths = concrete_paths(client, client.app.apps, role, auth)
    if role == Role.SURVEYOR:
        assert any(p.startswith("/api/projects/") for p in paths), paths
    problems, served = [], 0
    for path in paths:
        r = client.get(path, headers=auth)
        if r.status_code != 200 or not r.headers.get("content-type", "").startswith("application/json"):
            continue
        served += 1
        problems += [f"GET {path}: {p}" for p in leaks(r.json(), me)]
    assert served >= 5, f"only {served} GETs answered 200 for {role.name}: {paths}"
    assert not problems, "\n".join(problems)
