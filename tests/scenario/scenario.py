"""The first real call, end to end through every context, driven through the public API as a user would.

Ops signs in with the one-time code, creates a client and a project, assigns a surveyor, uploads a 1,000-row
roster; the surveyor takes 20 calls with mixed results and answers; the call log, call stats and earnings
must show exactly the expected figures. Used by the embedded test and the full-topology test.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from datetime import date
from decimal import Decimal
from pathlib import Path

import httpx

from rosters.demo import fake_roster

PASSWORD = "Demo-pass-1"
# 20 calls: 8 completed surveys, 1 partial survey, and the other results.
CALL_PLAN = [1, 4, 1, 3, 1, 4, 5, 1, 2, 1, 6, 1, 7, 4, 1, "partial", 3, 1, 5, 4]
PAYMENT_RATE = Decimal("2.50")


def body(r: httpx.Response) -> dict:
    assert r.status_code < 400, f"{r.request.method} {r.request.url.path} -> {r.status_code} {r.text[:300]}"
    return r.json()


def data(r: httpx.Response):
    b = body(r)
    return b.get("data", b) if isinstance(b, dict) else b


def eventually(fn, timeout: float = 60.0, every: float = 0.25):
    """Events cross contexts asynchronously: poll until fn() returns a truthy value."""
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = fn()
            if last:
                return last
        except AssertionError as exc:
            last = exc
        time.sleep(every)
    raise AssertionError(f"condition not met within {timeout}s: {last}")


def sign_in(client: httpx.Client, var_dir: Path, email: str) -> tuple[str, dict]:
    user = data(client.post("/api/sessions", params={"jwt": 1}, json={"email": email, "password": PASSWORD,
                                                                      "userKey": "scenario-device"}))["user"]
    assert "accessToken" not in user
    sms = var_dir / "sms.log"
    before = sms.read_text().count("\n") if sms.exists() else 0
    payload = {"id": user["id"]}
    if user.get("cimrList"):
        mgr = user["cimrList"][0]
        payload.update(cimrManagerId=mgr["id"], phoneNumber=mgr["phoneNumber"], name=user["firstName"])
    body(client.post("/api/sessions/send-otp", json=payload))
    lines = eventually(lambda: sms.exists() and sms.read_text().splitlines()[before:], timeout=10)
    code = re.search(r"\b(\d{6})\b", lines[-1].split("\t")[-1]).group(1)
    signed = data(client.post("/api/sessions/otp-verification", json={"email": email, "id": user["id"], "otp": code}))
    return signed["accessToken"], signed["user"]


def run(client: httpx.Client, var_dir: Path) -> dict:
    # --- Operations sets the project up -------------------------------------------------------------
    ops_token, _ = sign_in(client, var_dir, "ops@demo.test")
    ops = {"Authorization": f"Bearer {ops_token}"}
    users = body(client.get("/api/users", params={"limit": 100}, headers=ops))["rows"]
    pm = next(u for u in users if u["email"] == "pm@demo.test")
    surveyor = next(u for u in users if u["email"] == "surveyor@demo.test")

    client_row = data(client.post("/api/clients", headers=ops, json={
        "name": "Lakeside Family Clinics", "abbr": "LFC", "stateId": 14,
        "contacts": [{"typeId": 0, "firstName": "Maria", "lastName": "Lopez", "email": "maria@lakeside.example"}]}))
    project = data(client.post("/api/projects", headers=ops, json={
        "name": "Lakeside Patient Experience", "typeId": 1, "statusId": 2, "managerId": pm["id"],
        "reportFreqId": 1, "startDate": date.today().isoformat(), "billableRate": "9.00",
        "paymentRate": str(PAYMENT_RATE), "clientId": client_row["id"], "langIds": [1]}))
    pid = project["id"]
    # The surveyor's assignment needs the users read model of projects (fed by identity events).
    eventually(lambda: client.post("/api/assignment", headers=ops,
                                   json={"projectId": pid, "surveyorId": surveyor["id"]}).status_code in (200, 201))

    # A two-question questionnaire: one required Single question and one open-ended.
    q1 = data(client.post("/api/question", headers=ops, json={"title": "Lakeside overall care rating", "category": "Care",
              "langQuestions": [{"langId": 1, "quesText": "How would you rate the care you received?"}]}))
    q2 = data(client.post("/api/question", headers=ops, json={"title": "Lakeside what went well", "category": "Comments",
              "langQuestions": [{"langId": 1, "quesText": "What did we do well?"}]}))
    answers = [data(client.post("/api/answer", headers=ops, json={"title": f"Lakeside {t}", "langAnswers": [{"langId": 1, "ansText": t}]}))
               for t in ("Excellent", "Good", "Poor")]
    eventually(lambda: client.post("/api/questionnaire", headers=ops, json={
        "projectId": pid, "quesId": q1["id"], "type": 1, "answers": [{"ansId": a["id"]} for a in answers]}).status_code in (200, 201))
    body(client.post("/api/questionnaire", headers=ops, json={"projectId": pid, "quesId": q2["id"], "type": 3, "answers": []}))

    # --- Roster: preview, then commit ---------------------------------------------------------------
    csv_bytes = fake_roster(1000, seed=7, languages=["English"])
    preview = data(client.post(f"/api/roster/{pid}", headers=ops, params={"onlyParse": "true"},
                               files={"file": ("lakeside.csv", csv_bytes, "text/csv")}))
    assert preview["rowCount"] == 1000 and not preview["errors"], preview
    confirm = {"uploadId": preview["uploadId"]} if preview.get("uploadId") else {}
    body(client.post(f"/api/roster/{pid}", headers=ops, params={"onlyParse": "false", **confirm},
                     files=None if confirm else {"file": ("lakeside.csv", csv_bytes, "text/csv")}))
    history = eventually(lambda: [r for r in body(client.get("/api/roster", headers=ops, params={"projectId": pid}))["rows"]
                                  if r["status"] == 1])
    assert history[0]["totalEnc"] == 1000

    # --- The surveyor takes 20 calls ----------------------------------------------------------------
    sv_token, sv_user = sign_in(client, var_dir, "surveyor@demo.test")
    sv = {"Authorization": f"Bearer {sv_token}"}
    claim = lambda: client.post("/api/calls", headers=sv, json={"projectId": pid, "surveyorId": sv_user["id"]})  # noqa: E731
    first = eventually(lambda: (r := claim()).status_code == 200 and r)  # visits arrive by event
    seen_visits = set()
    expected = Counter()
    call = first.json()["data"]
    for n, plan in enumerate(CALL_PLAN):
        if n:
            call = data(claim())
        assert call["visitId"] not in seen_visits
        seen_visits.add(call["visitId"])
        result = 1 if plan in (1, "partial") else plan
        payload = {"id": call["callId"], "projectId": pid, "visitId": call["visitId"], "visitorId": call["visitorId"],
                   "result": result, "isPartial": result != 1, "surveyLanguageId": 1}
        if result == 1:
            body(client.put("/api/calls", headers=sv, json={**payload, "isPartial": True}))  # interim save on Agreed
            survey = [{"quesId": q1["id"], "ansId": answers[n % 3]["id"]}, {"quesId": q2["id"], "openEnded": "Kind staff"}]
            # surveys learns of the call from calling's event: wait for it as the UI's retry would
            saved = eventually(lambda: (r := client.post("/api/call-survey", headers=sv, json={
                "projectId": pid, "callId": call["callId"], "isPut": False, "survey": survey})).status_code != 404 and r, timeout=10)
            body(saved)
            payload["isPartial"] = plan == "partial"
        r = body(client.put("/api/calls", headers=sv, json=payload))
        again = client.put("/api/calls", headers=sv, json=payload)  # an identical resend stores nothing new
        assert again.status_code == 200, again.text
        expected["partial" if plan == "partial" else result] += 1
        assert r

    surveys = expected[1]
    attempts = len(CALL_PLAN)
    today = date.today().isoformat()

    # --- Call log, stats and earnings -----------------------------------------------------------------
    log = body(client.get("/api/calls-log", headers=ops, params={"projectId": pid, "limit": 100}))
    assert log["count"] == attempts
    by_result = Counter(("partial" if (row["result"] == 1 and row["isPartial"]) else row["result"]) for row in log["rows"])
    assert by_result == expected, (by_result, expected)
    own = body(client.get("/api/calls-log", headers=sv, params={"projectId": pid, "limit": 100}))
    assert own["count"] == attempts

    def stats_ready():
        d = data(client.get("/api/call-stats", headers=ops, params={"surveyorId": sv_user["id"], "projectId": pid,
                                                                   "from": today, "to": today}))
        rows = d["callStatsData"]
        return rows if rows and sum(r["attempts"] for r in rows) == attempts and sum(r["surveys"] for r in rows) == surveys else None

    rows = eventually(stats_ready)
    assert len(rows) == 1
    assert Decimal(str(rows[0]["completionRate"])) == (Decimal(surveys) / attempts).quantize(Decimal("0.01"))
    assert rows[0]["timeInSys"] >= 0

    def earnings_ready():
        d = data(client.get("/api/surveyor-earnings", headers=ops, params={"surveyorId": sv_user["id"], "projectId": pid,
                                                                          "from": today, "to": today}))
        rows = d["earningAndCallData"]
        return rows if rows and sum(r["surveys"] for r in rows) == surveys else None

    erows = eventually(earnings_ready)
    assert sum(Decimal(str(r["earnings"])) for r in erows) == PAYMENT_RATE * surveys
    return {"projectId": pid, "expected": dict(expected), "surveys": surveys, "attempts": attempts}
