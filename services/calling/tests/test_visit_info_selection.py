"""projects.visit_info.updated into calling: the project's Additional Info checklist decides the visit info of the
call screen and of the Call Log Details (spec: Project Roster Additional Info, visit info)."""

import uuid

import pytest

from calling.models import ProjectView
from kit.auth import Role
from kit.events import PoisonMessage

# the roster columns calling shows while the project has saved no selection (call/visit_info.py): what the
# checklist shows ticked then, every field but DOB and MRN in the checklist's order (the visit's empty Home Phone left out)
ROSTER_DEFAULT = ["Age", "Cell Phone", "Site", "CHPW", "Department", "DOS", "Ethnicity", "Guarantor", "Language",
                  "Patient Name", "Patient Type", "Payer Type", "Provider Name", "Provider Type", "Race", "Sex"]
CHECKLIST = ["Age", "Cell Phone", "Site", "CHPW", "Department", "DOB", "DOS", "Ethnicity", "Guarantor", "Home Phone",
             "Language", "MRN", "Patient Name", "Patient Type", "Payer Type", "Provider Name", "Provider Type", "Race",
             "Sex"]


def data(r):
    assert r.status_code == 200, r.text
    return r.json()["data"]


def selected(world, pid: int, fields, *, at: str = "2026-01-01T00:00:00Z", event_id: str | None = None) -> bool:
    return world.consumer.handle({
        "id": event_id or str(uuid.uuid4()), "type": "projects.visit_info.updated", "occurredAt": at, "version": 1,
        "data": {"projectId": pid, "fields": fields}})


def claimed_infos(world, pid: int, sid: int) -> list[dict]:
    """The next patient's visit info on the call screen; the call is then given back."""
    c = data(world.claim(pid, sid))
    assert world.release(c, sid).status_code == 200
    return c["visitInfos"]


def test_before_any_selection_the_call_screen_shows_the_roster_fields(world):
    pid, sid = world.setup(1)
    infos = claimed_infos(world, pid, sid)
    assert [i["field"] for i in infos] == ROSTER_DEFAULT
    assert {i["field"]: i["value"] for i in infos}["Patient Type"] == "Established"
    with world.db.session() as s:
        p = s.get(ProjectView, pid)
        assert (p.visit_info_fields, p.visit_info_source_at) == (None, None)


def test_the_selection_decides_the_call_screen_and_the_call_log_details(world):
    pid, sid = world.setup(0)
    world.visits(pid, 1, extra={"phoneHome": "", "visitInfos": [{"field": "Room", "value": "12", "show": True}]})
    # ticked in any order, with a name calling does not know: the checklist's order, the unknown name left out
    assert selected(world, pid, ["Race", "Password", "Age"]) is True
    c = data(world.claim(pid, sid))
    assert c["visitInfos"] == [{"field": "Age", "value": 66, "show": True}, {"field": "Race", "value": "Y", "show": True}]
    # the reload of the held patient answers the same
    assert data(world.claim(pid, sid))["visitInfos"] == c["visitInfos"]
    assert world.result(c, sid, 1, partial=False, surveyLanguageId=1).status_code == 200
    row = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.QUALITY, 1)))
    assert row["visitInfo"] == c["visitInfos"]

    # every field ticked: each with the visit's value, named; the empty Home Phone left out
    assert selected(world, pid, CHECKLIST, at="2026-01-02T00:00:00Z")
    row = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.QUALITY, 1)))
    vid = c["visitId"]
    assert [(i["field"], i["value"]) for i in row["visitInfo"]] == [
        ("Age", 66), ("Cell Phone", f"555010{vid % 10000:04d}"), ("Site", "North"), ("CHPW", "N"),
        ("Department", "Cardio"), ("DOB", "1960-02-03"), ("DOS", "2026-01-05"), ("Ethnicity", "X"),
        ("Guarantor", "Self"), ("Language", "English"), ("MRN", f"M{vid}"), ("Patient Name", f"Pat Ient{vid}"),
        ("Patient Type", "Established"), ("Payer Type", "Medicare"), ("Provider Name", "Dr. Who"),
        ("Provider Type", "MD"), ("Race", "Y"), ("Sex", "F")]
    # still the patient's: not for a role that does not read patient details
    admin = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.ADMIN, 1)))
    assert admin["visitInfo"] == []

    # nothing ticked: no visit info at all (not the roster's default)
    assert selected(world, pid, [], at="2026-01-03T00:00:00Z")
    world.visits(pid, 1)
    assert claimed_infos(world, pid, sid) == []


def test_an_unchanged_update_of_a_never_saved_checklist_changes_nothing_shown(world):
    """The checklist of a never-saved project ticks every field but DOB and MRN (projects' visit_info); pressing
    Update unchanged publishes exactly those: the call screen and the Call Log Details show the same before and after
    (they showed Cell Phone, Home Phone, Language and Patient Name in the Call Log Details only after it)."""
    pid, sid = world.setup(0)
    world.visits(pid, 2)
    c = data(world.claim(pid, sid))
    assert world.result(c, sid, 1, partial=False, surveyLanguageId=1).status_code == 200
    before_log = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.QUALITY, 1)))["visitInfo"]
    before_call = data(world.claim(pid, sid))
    assert world.release(before_call, sid).status_code == 200

    assert selected(world, pid, [f for f in CHECKLIST if f not in ("DOB", "MRN")])
    after_log = data(world.client.get(f"/api/calls-log/{c['callId']}", headers=world.h(Role.QUALITY, 1)))["visitInfo"]
    assert after_log == before_log
    assert claimed_infos(world, pid, sid) == before_call["visitInfos"]


def test_another_projects_selection_does_not_leak(world):
    pid, sid = world.setup(1)
    other = world.project()
    assert selected(world, other, ["Age"])
    assert [i["field"] for i in claimed_infos(world, pid, sid)] == ROSTER_DEFAULT


def test_an_older_save_arriving_late_is_ignored_and_redelivery_is_absorbed(world):
    pid, sid = world.setup(1)
    eid = str(uuid.uuid4())
    assert selected(world, pid, ["Age", "Race"], at="2026-01-05T00:00:00Z", event_id=eid) is True
    assert selected(world, pid, ["Age", "Race"], at="2026-01-05T00:00:00Z", event_id=eid) is False  # the inbox
    assert selected(world, pid, ["Sex"], at="2026-01-04T23:59:59Z") is True  # handled, but older: ignored
    assert [i["field"] for i in claimed_infos(world, pid, sid)] == ["Age", "Race"]
    with world.db.session() as s:
        p = s.get(ProjectView, pid)
        assert p.visit_info_fields == ["Age", "Race"]
        assert p.visit_info_source_at.startswith("2026-01-05T00:00:00")
    # a newer save wins; the same content delivered again under a new id changes nothing
    assert selected(world, pid, ["Sex", "DOS"], at="2026-01-06T00:00:00Z")
    assert selected(world, pid, ["Sex", "DOS"], at="2026-01-06T00:00:00Z")
    assert [i["field"] for i in claimed_infos(world, pid, sid)] == ["DOS", "Sex"]


def test_a_selection_before_the_project_and_malformed_events(world):
    # the selection may arrive before the project itself: kept, and used once the project is known
    pid = 987654321
    assert selected(world, pid, ["Sex"])
    world.feed("projects.project.created", {"id": pid, "name": "Late", "managerId": None, "isLocked": False})
    sid = world.user()
    world.assign(pid, sid)
    world.sampling(pid)
    world.visits(pid, 1)
    assert claimed_infos(world, pid, sid) == [{"field": "Sex", "value": "F", "show": True}]
    # fields absent or not a list: the stored selection stays (tolerant reader)
    world.feed("projects.visit_info.updated", {"projectId": pid})
    world.feed("projects.visit_info.updated", {"projectId": pid, "fields": "Age"})
    assert claimed_infos(world, pid, sid) == [{"field": "Sex", "value": "F", "show": True}]
    with pytest.raises(PoisonMessage):
        world.feed("projects.visit_info.updated", {"fields": ["Age"]})
    with pytest.raises(PoisonMessage):
        world.feed("projects.visit_info.updated", {"projectId": True, "fields": ["Age"]})


def test_the_selectable_fields_are_the_checklists_in_its_order():
    """calling maps each checklist field to a visit column; the checklist is kit's, shared with projects."""
    from kit.visit_info import VISIT_INFO_FIELDS

    from calling.call.visit_info import SELECTABLE_FIELDS

    assert tuple(SELECTABLE_FIELDS) == VISIT_INFO_FIELDS
