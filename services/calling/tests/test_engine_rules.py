"""The claim honours every rule at once: each test builds a roster in which one rule decides who is handed
out. Runs on SQLite and on PostgreSQL (the `world` fixture's database_url)."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text, update

from calling.models import Visit
from kit.auth import Role
from kit.events import PoisonMessage, utcnow

NO_PATIENTS = "No more patients to call for this project"
PROVIDER, SITE, DEPARTMENT, LANGUAGE = 0, 1, 2, 999
OPEN, DONT, SET = 1, 2, 3


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def take_all(world, pid, sid, result=1, limit=50):
    """Claim and save `result` until the engine has nobody left; returns the claimed call data in order."""
    got = []
    for _ in range(limit):
        r = world.claim(pid, sid)
        if r.status_code == 404:
            assert r.json()["message"] == NO_PATIENTS
            return got
        c = data(r)
        got.append(c)
        assert world.result(c, sid, result).status_code == 200
    raise AssertionError("the engine never ran dry")


def iso(dt: datetime) -> str:
    return dt.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z")


def test_a_filled_provider_cell_stops_while_the_others_continue(world):
    pid, sid = world.setup(0)
    a = world.visits(pid, 3, provider="Dr A")
    b = world.visits(pid, 3, provider="Dr B")
    c = world.visits(pid, 2, provider="Dr C")
    world.sampling(pid, quotas=[{"typeId": PROVIDER, "value": "Dr A", "required": 1},
                                {"typeId": PROVIDER, "value": "Dr B", "required": 2}])  # Dr C: no quota
    got = [x["visitId"] for x in take_all(world, pid, sid)]
    assert len([v for v in got if v in a]) == 1 and len([v for v in got if v in b]) == 2
    assert set(c) <= set(got)  # a cell without a quota gives every patient
    # open quota cells come before cells without a quota
    assert set(got[:3]) <= set(a) | set(b)
    # the reached cells' other patients are still in the queue, untouched
    assert all(world.visit(v).attempts == 0 for v in a + b if v not in got)


def test_priority_order_decides_which_parameter_orders_the_claim(world):
    def first_claim(parameters):
        pid, sid = world.setup(0)
        v1 = world.visits(pid, 1, site="South", provider="Dr B")[0]
        v2 = world.visits(pid, 1, site="North", provider="Dr A")[0]
        world.sampling(pid, parameters=parameters,
                       quotas=[{"typeId": SITE, "value": "North", "required": 2},
                               {"typeId": PROVIDER, "value": "Dr B", "required": 2}])
        return data(world.claim(pid, sid))["visitId"], v1, v2

    got, v1, v2 = first_claim([(SITE, 1), (PROVIDER, 2)])
    assert got == v2  # the site parameter first: its open cell North (with a quota) first
    got, v1, v2 = first_claim([(PROVIDER, 1), (SITE, 2)])
    assert got == v1  # the provider parameter first: Dr B first


def test_a_reached_cell_of_a_lower_priority_parameter_also_gives_no_more(world):
    pid, sid = world.setup(0)
    world.visits(pid, 2, site="North", department="Cardio")
    ortho = world.visits(pid, 2, site="North", department="Ortho")
    world.sampling(pid, parameters=[(SITE, 1), (DEPARTMENT, 2)],
                   quotas=[{"typeId": SITE, "value": "North", "required": 10},
                           {"typeId": DEPARTMENT, "value": "Cardio", "required": 1}])
    got = [x for x in take_all(world, pid, sid)]
    assert [x["department"] for x in got].count("Cardio") == 1
    assert {x["visitId"] for x in got if x["department"] == "Ortho"} == set(ortho)


def test_language_sampling_dont_never_set_stops_at_allowed(world):
    pid = world.project()
    sid = world.user(lang_ids=[1, 2, 3])
    world.assign(pid, sid)
    english = world.visits(pid, 2, language_id=1)
    spanish = world.visits(pid, 3, language_id=2)
    albanian = world.visits(pid, 2, language_id=3)
    world.sampling(pid, parameters=[(PROVIDER, 1), (LANGUAGE, 2)],
                   languages=[{"languageId": 1, "mode": OPEN, "allowedSamples": None},
                              {"languageId": 2, "mode": SET, "allowedSamples": 1},
                              {"languageId": 3, "mode": DONT, "allowedSamples": None}])
    got = [x["visitId"] for x in take_all(world, pid, sid)]
    assert set(english) <= set(got)
    assert len(set(got) & set(spanish)) == 1
    assert not set(got) & set(albanian)


def test_language_set_counts_the_surveys_done_before_the_rule(world):
    """Set with allowed samples N stops at N surveys in that language, those done before the rule included: the
    sampling page shows a language's surveys beside its allowed samples, and rosters publishes a language only
    once it has a rule (Open languages are not in the event), so completions of an Open language were not
    counted here and Set 7 after 6 English surveys gave 7 more (13)."""
    pid = world.project()
    sid = world.user(lang_ids=[1])
    world.assign(pid, sid)
    world.sampling(pid)  # no language rule: English is Open
    english = world.visits(pid, 8, language_id=1)
    before = []
    for _ in range(3):
        c = data(world.claim(pid, sid))
        assert world.result(c, sid, 1).status_code == 200
        before.append(c)
    world.sampling(pid, languages=[{"languageId": 1, "mode": SET, "allowedSamples": 4}])
    after = take_all(world, pid, sid)
    assert len(after) == 1 and {c["visitId"] for c in before + after} <= set(english)
    # a rule set again (the same or another) keeps the count; Open and back to Set too
    world.sampling(pid, languages=[{"languageId": 1, "mode": SET, "allowedSamples": 5}])
    assert len(take_all(world, pid, sid)) == 1
    world.sampling(pid, languages=[])  # the rule removed (Open)
    world.sampling(pid, languages=[{"languageId": 1, "mode": SET, "allowedSamples": 5}])
    assert world.claim(pid, sid).status_code == 404


def test_a_survey_quality_removes_gives_its_quota_place_back(world):
    """A quota cell and a Set language count completed surveys not removed by QA, as the sampling page's figures
    do (rosters): Quality removing a survey opens its place again, and undoing the removal takes it back (until
    2026-11-27 the cell stayed reached while the page said one survey remained)."""
    pid = world.project()
    sid = world.user(lang_ids=[1])
    world.assign(pid, sid)
    world.sampling(pid, languages=[{"languageId": 1, "mode": SET, "allowedSamples": 3}],
                   quotas=[{"typeId": PROVIDER, "value": "Dr A", "required": 2}])
    world.visits(pid, 5, provider="Dr A")
    first, second = take_all(world, pid, sid)
    qa = world.h(Role.QUALITY, world.user(Role.QUALITY))
    assert world.client.put("/api/calls-log", headers=qa, json={"id": first["callId"], "isQARemoval": True}).status_code == 200
    third = data(world.claim(pid, sid))  # Dr A has one survey counted again: one more patient
    assert world.result(third, sid, 1).status_code == 200
    assert world.claim(pid, sid).status_code == 404
    # the removal undone: the cell is over its quota (3 of 2), nobody more; a second removal of the same call
    # or an unchanged flag counts nothing twice
    assert world.client.put("/api/calls-log", headers=qa, json={"id": first["callId"], "isQARemoval": False}).status_code == 200
    assert world.client.put("/api/calls-log", headers=qa, json={"id": first["callId"], "isQARemoval": False}).status_code == 200
    for c in (first, second):
        assert world.client.put("/api/calls-log", headers=qa, json={"id": c["callId"], "isQARemoval": True}).status_code == 200
    assert world.client.put("/api/calls-log", headers=qa, json={"id": second["callId"], "isQARemoval": True}).status_code == 200
    fourth = data(world.claim(pid, sid))  # 3 - 2 removed = 1 of 2: one more
    assert world.result(fourth, sid, 1).status_code == 200
    assert world.claim(pid, sid).status_code == 404
    # the language figure the same way (English Set 3: four completed, two removed = 2 of 3 before the fourth)
    with world.db.session() as s:
        assert s.execute(text("select completed from language_sampling where project_id = :p"), {"p": pid}).scalar() == 2
        assert s.execute(text("select completed from quota_cells where project_id = :p and value = 'Dr A'"),
                         {"p": pid}).scalar() == 2


def test_only_the_surveyors_languages(world):
    pid = world.project()
    sid = world.user(lang_ids=[2])
    world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 2, language_id=1)
    spanish = world.visits(pid, 2, language_id=2)
    assert {x["visitId"] for x in take_all(world, pid, sid, result=4)} == set(spanish)


def test_look_back_days_on_the_patient_and_max_calls_hold_together(world):
    pid, sid = world.setup(0, look_back=30, max_calls=2)
    twice = world.visits(pid, 2, visitor=lambda i: "SAME")  # one patient, two visits
    other = world.visits(pid, 1)
    got = [x["visitId"] for x in take_all(world, pid, sid, result=4)]
    # the patient was called once (look-back holds the other visit); the other patient once
    assert len(set(got) & set(twice)) == 1 and set(other) <= set(got) and len(got) == 2
    # a month later both may be called again, up to max calls per visit
    with world.db.session() as s:
        s.execute(update(Visit).where(Visit.project_id == pid)
                  .values(last_called=utcnow() - timedelta(days=40), patient_last_called=utcnow() - timedelta(days=40)))
    again = [x["visitId"] for x in take_all(world, pid, sid, result=4)]
    assert set(other) <= set(again) and len(set(again) & set(twice)) == 1
    assert all(world.visit(v).attempts <= 2 for v in twice + other)


def test_do_not_call_checkbox_forces_result_2_and_every_visit_leaves(world):
    pid, sid = world.setup(0)
    world.visits(pid, 2, visitor=lambda i: "DNC")
    c = data(world.claim(pid, sid))
    d = data(world.result(c, sid, 4, doNotCall=True))
    assert d["result"] == 2 and d["isPartial"] is True and d["status"] == "partial"
    assert world.claim(pid, sid).status_code == 404
    ev = world.events("calling.call.completed")[-1]
    assert ev["result"] == 2


def test_already_surveyed_and_removed_rosters_never_return(world):
    pid, sid = world.setup(0, max_calls=1)
    world.visits(pid, 1, roster_id=1, visitor=lambda i: "DONE")
    world.visits(pid, 1, roster_id=2, visitor=lambda i: "DONE")  # the same patient in a later roster
    gone = world.visits(pid, 2, roster_id=3)
    keep = world.visits(pid, 1, roster_id=4)
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 1, partial=False).status_code == 200  # DONE surveyed
    assert world.feed("rosters.roster.removed", {"rosterId": 3, "projectId": pid}) is True
    got = [x["visitId"] for x in take_all(world, pid, sid, result=4)]
    assert got == keep and not set(gone) & set(got)


def test_roster_reset_empties_the_queue_but_keeps_called_visits(world):
    pid, sid = world.setup(3)
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 4).status_code == 200
    assert world.feed("rosters.roster.reset", {"projectId": pid}) is True
    r = world.claim(pid, sid)
    assert r.status_code == 404 and r.json()["message"] == NO_PATIENTS
    assert world.visit(c["visitId"]) is not None  # called: stays for the call log
    assert world.sql("SELECT count(*) FROM visits WHERE project_id = :p", p=pid)[0][0] == 1


def test_due_callbacks_come_first_to_the_same_surveyor_then_to_anyone(world):
    pid, sid = world.setup(0, max_calls=1)
    other = world.user()
    world.assign(pid, other)
    world.visits(pid, 5)
    c = data(world.claim(pid, sid))
    tomorrow = utcnow() + timedelta(days=1)
    d = data(world.result(c, sid, 6, callbackAt=iso(tomorrow)))
    assert d["callbackAt"].startswith(iso(tomorrow)[:19])
    assert world.events("calling.call.completed")[-1]["callbackAt"] == iso(tomorrow.replace(microsecond=tomorrow.microsecond))
    # the appointment shows in Call Log Details (spec: the surveyor's own log too)
    detail = world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.SURVEYOR, sid)).json()["data"]
    assert detail["callbackAt"].startswith(iso(tomorrow)[:19])
    v = world.visit(c["visitId"])
    assert v.callback_by == sid and v.status == 0  # kept despite max calls 1
    # not due yet: nobody gets it
    n = data(world.claim(pid, other))
    assert n["visitId"] != c["visitId"]
    assert world.result(n, other, 4).status_code == 200
    # due a minute ago: still the scheduler's; the other surveyor gets a new patient, the scheduler the callback
    with world.db.session() as s:
        s.execute(update(Visit).where(Visit.id == c["visitId"]).values(callback_at=utcnow() - timedelta(minutes=1)))
    n = data(world.claim(pid, other))
    assert n["visitId"] != c["visitId"]
    assert world.result(n, other, 4).status_code == 200
    back = data(world.claim(pid, sid))
    assert back["visitId"] == c["visitId"]  # ahead of the never-called patients
    assert world.visit(c["visitId"]).callback_at is None
    # scheduled again, and due long ago: anyone assigned takes it, ahead of new patients
    assert world.result(back, sid, 6, callbackAt=iso(utcnow() + timedelta(hours=2))).status_code == 200
    with world.db.session() as s:
        s.execute(update(Visit).where(Visit.id == c["visitId"]).values(callback_at=utcnow() - timedelta(hours=1)))
    assert data(world.claim(pid, other))["visitId"] == c["visitId"]


def test_callback_input_is_checked_and_nothing_is_stored(world):
    pid, sid = world.setup(1)
    c = data(world.claim(pid, sid))
    for extra, field in (({}, "callbackAt"),
                         ({"callbackAt": iso(utcnow() - timedelta(minutes=5))}, "callbackAt"),
                         ({"callbackAt": (utcnow() + timedelta(days=1)).isoformat()}, "callbackAt"),  # no offset
                         ({"callbackAt": iso(utcnow() + timedelta(days=800))}, "callbackAt"),
                         ({"callbackAt": "tomorrow"}, "callbackAt")):
        r = world.result(c, sid, 6, **extra)
        assert 400 <= r.status_code < 500, (extra, r.text)
        assert field in r.text
    r = world.result(c, sid, 3, callbackAt=iso(utcnow() + timedelta(days=1)))
    assert r.status_code == 400 and r.json()["message"].startswith("callbackAt:")
    for bad in ({"result": 0}, {"result": 8}, {"result": True}, {"result": 2**70}):
        body = {"id": c["callId"], "projectId": pid, "visitId": c["visitId"], "visitorId": c["visitorId"],
                "isPartial": True, **bad}
        assert world.client.put("/api/calls", headers=world.h(3, sid), json=body).status_code in (400, 422)
    assert world.sql("SELECT count(*) FROM calls WHERE result IS NOT NULL")[0][0] == 0
    assert world.visit(c["visitId"]).locked_by == sid


def test_a_stale_lock_cannot_save(world):
    pid, sid = world.setup(1)
    other = world.user()
    world.assign(pid, other)
    c = data(world.claim(pid, sid))
    with world.db.session() as s:  # the lock ran out and someone else took the patient
        s.execute(update(Visit).where(Visit.id == c["visitId"]).values(locked_until=utcnow() - timedelta(minutes=1)))
    taken = data(world.claim(pid, other))
    assert taken["visitId"] == c["visitId"]
    r = world.result(c, sid, 4)
    assert r.status_code == 409 and "no longer held" in r.json()["message"]
    assert data(world.result(taken, other, 4))["result"] == 4
    assert world.sql("SELECT count(*) FROM calls WHERE result IS NOT NULL")[0][0] == 1


def test_guidelines_gate(world):
    pid, sid = world.setup(3)
    gate = "Please read and confirm the project's guidelines before your next call."
    world.feed("projects.guideline.uploaded", {"projectId": pid, "guidelineId": 5, "fileName": "g.pdf",
                                               "uploadedAt": "2026-03-01T10:00:00Z"})
    r = world.claim(pid, sid)
    assert r.status_code == 409 and r.json()["message"] == gate
    world.feed("projects.guideline.status_changed", {"projectId": pid, "surveyorId": sid, "guidelineId": 5,
                                                     "status": "remind"})
    c = data(world.claim(pid, sid))  # remind lets calls through
    assert world.result(c, sid, 4).status_code == 200
    world.feed("projects.guideline.uploaded", {"projectId": pid, "guidelineId": 6, "fileName": "g2.pdf",
                                               "uploadedAt": "2026-03-02T10:00:00Z"})
    world.feed("projects.guideline.uploaded", {"projectId": pid, "guidelineId": 5, "fileName": "g.pdf",
                                               "uploadedAt": "2026-03-01T10:00:00Z"})  # a late redelivery
    assert world.claim(pid, sid).status_code == 409  # the new guideline is unread
    world.feed("projects.guideline.status_changed", {"projectId": pid, "surveyorId": sid, "guidelineId": 6,
                                                     "status": "bogus"})
    assert world.claim(pid, sid).status_code == 409
    world.feed("projects.guideline.status_changed", {"projectId": pid, "surveyorId": sid, "guidelineId": 6,
                                                     "status": "confirmed"})
    assert world.claim(pid, sid).status_code == 200


def test_a_project_not_heard_of_yet_is_named_honestly(world):
    sid = world.user()
    r = world.claim(424242, sid)
    assert r.status_code == 404
    assert "Project 424242 is not known to the calling service yet" in r.json()["message"]


def test_call_data_visit_infos_and_event_figures(world):
    pid, sid = world.setup(0)
    world.visits(pid, 1, provider="Dr Info", site="East", department="Neuro")
    c = data(world.claim(pid, sid))
    infos = {i["field"]: i for i in c["visitInfos"]}
    assert infos["Provider Name"]["value"] == "Dr Info" and infos["Site"]["value"] == "East"
    assert infos["DOS"]["value"] == "2026-01-05" and all(i["show"] for i in c["visitInfos"])
    assert "MRN" not in infos and "DOB" not in infos
    started = world.events("calling.call.started")[-1]
    assert (started["provider"], started["site"], started["department"], started["languageId"]) == \
        ("Dr Info", "East", "Neuro", 1)
    assert world.result(c, sid, 1, partial=False, positive="Kind nurse", negative="Long wait").status_code == 200
    done = world.events("calling.call.completed")[-1]
    assert done["positive"] == "Kind nurse" and done["negative"] == "Long wait" and done["provider"] == "Dr Info"
    assert done["visitId"] == c["visitId"] and done["surveyorId"] == sid and done["surveyCompletedOn"]
    # a roster import that carries its own selection: only the shown fields
    world.visits(pid, 1, extra={"visitInfos": [{"field": "Visit Purpose", "value": "Checkup", "show": True},
                                               {"field": "Room", "value": "12", "show": False}]})
    c = data(world.claim(pid, sid))
    assert c["visitInfos"] == [{"field": "Visit Purpose", "value": "Checkup", "show": True}]


def test_consumers_read_with_kit_eventdata(world):
    pid = world.project()
    sid = world.user()
    aid = world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 2)
    # a bool is never an int: `True` used to be read as 1
    world.feed("projects.assignment.updated", {"id": aid, "projectId": pid, "surveyorId": sid,
                                               "surveyorGoals": True, "surveyorCompGoals": 7})
    c = data(world.claim(pid, sid))
    assert c["assignedGoals"] == {"surveyorGoals": None, "surveyorCompGoals": 7}
    assert world.result(c, sid, 4).status_code == 200
    world.feed("rosters.sampling.updated", {"projectId": pid, "maxCalls": True, "lookBackDays": 2**70})
    with world.db.session() as s:
        from calling.models import ProjectSamplingView
        ps = s.get(ProjectSamplingView, pid)
        assert ps.max_calls == 3 and ps.look_back_days == 0  # unreadable values leave what was there
    # an id that is a bool or beyond 64 bits makes the event unusable (dead-lettered), not a wrong row
    with pytest.raises(PoisonMessage):
        world.feed("projects.assignment.created", {"id": True, "projectId": pid, "surveyorId": sid})
    with pytest.raises(PoisonMessage):
        world.feed("projects.project.created", {"id": 2**64})
    # a deleted client's projects stop giving calls
    world.feed("projects.client.deleted", {"id": 1, "projectIds": [pid]})
    r = world.claim(pid, sid)
    assert r.status_code == 403


@pytest.mark.parametrize("quotas", [False, True])
def test_a_stale_hold_comes_back_after_the_patients_never_called(world, quotas):
    """With the look-back on, a hold that ran out without a result is handed out again (its claim stamped the
    patient's clock, so only the stale lock makes it eligible), after the never-called patients, as claim order
    (never called first, then the oldest call) puts it."""
    pid, sid = world.setup(0, look_back=30, **({"quotas": [{"typeId": PROVIDER, "value": "Dr A", "required": 5}]}
                                                if quotas else {}))
    a, b = world.visits(pid, 2, provider="Dr A")
    other = world.user()
    world.assign(pid, other)
    held = data(world.claim(pid, sid))
    assert held["visitId"] == a
    with world.db.session() as s:  # the surveyor's screen died: the lock ran out without a result
        s.execute(update(Visit).where(Visit.id == a).values(locked_until=utcnow() - timedelta(minutes=1)))
    first = data(world.claim(pid, other))
    assert first["visitId"] == b  # never called before the stale hold
    assert world.result(first, other, 4).status_code == 200  # No Answer: b is inside the look-back now
    again = data(world.claim(pid, other))
    assert again["visitId"] == a
    assert world.result(again, other, 4).status_code == 200
    assert world.claim(pid, other).json()["message"] == NO_PATIENTS


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
@pytest.mark.parametrize("quotas", [False, True])
def test_the_claim_does_not_read_the_recently_called_patients(world, quotas):
    """PostgreSQL: a claim reads the claim index only up to the look-back cutoff. Patients called within the
    look-back sort last in claim order (their last call is the latest); a claim that scanned past them read every
    recently called visit of an exhausted quota cell (before the next cell's patient), or of a project with no one
    left to call (before answering so), on every claim: claims grew slower as a day's calling went on. The
    statement's plan must not filter out the called patients row by row."""
    from sqlalchemy import event, text
    from sqlalchemy.engine import Engine

    pid, sid = world.setup(0, look_back=30, **({"quotas": [{"typeId": PROVIDER, "value": "Dr A", "required": 5000},
                                                          {"typeId": PROVIDER, "value": "Dr B", "required": 5000}]}
                                                if quotas else {}))
    called = world.visits(pid, 2000, provider="Dr A")
    fresh = world.visits(pid, 3, provider="Dr B") if quotas else []  # without quotas: nobody left to call
    yesterday = utcnow() - timedelta(days=1)
    with world.db.session() as s:  # Dr A's patients were all called yesterday (No Answer): none is due
        s.execute(update(Visit).where(Visit.id.in_(called)).values(attempts=1, last_called=yesterday,
                                                                    patient_last_called=yesterday))
        s.execute(text("ANALYZE visits"))
    seen = []
    listen = lambda conn, cur, statement, params, ctx, many: seen.append((statement, params)) \
        if statement.lstrip().startswith("WITH claimed") else None  # noqa: E731
    event.listen(Engine, "before_cursor_execute", listen)  # every engine: the claim runs on the event loop's
    try:
        r = world.claim(pid, sid)
    finally:
        event.remove(Engine, "before_cursor_execute", listen)
    assert data(r)["visitId"] in fresh if quotas else r.json()["message"] == NO_PATIENTS
    [(statement, params)] = seen

    def removed(node) -> int:
        return node.get("Rows Removed by Filter", 0) + sum(removed(n) for n in node.get("Plans", []))

    with world.db.engine.connect() as conn:  # the same statement again, rolled back
        raw = conn.connection.driver_connection
        with raw.cursor() as cur:
            # a test's table is small enough for a sequential scan; a day's roster is not: ask for the index path
            cur.execute("SET LOCAL enable_seqscan = off")
            cur.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + statement, params)
            plan = cur.fetchone()[0][0]["Plan"]
        conn.rollback()
    assert removed(plan) < 50, f"{removed(plan)} rows read and filtered out by one claim"
