"""`python -m rosters.reannounce` sends rosters' Ready rosters (visits), removed rosters (their called visits, then
the removal) and each project's sampling again under NEW event ids: reporting's inbox applies them a second time.
What reporting already held must not change (no duplicate visit, a removed roster's visits stay removed, a reset
stays); what it never heard of (rosters imported before it kept visits) is filled in."""

from sqlalchemy import select

from reporting.models import SamplingView, VisitView
from reporting.rebuild import rebuild
from reporting_testkit import feed
from test_rebuild import snapshot


def visit(vid, visitor, provider="Dr A"):
    return {"visitId": vid, "visitorId": visitor, "firstName": "F", "lastName": "L", "providerName": provider,
            "siteName": "North", "departmentName": "Cardio", "dos": "2026-03-02", "dob": "1960-01-02"}


def columns(visits):
    return {k: [v[k] for v in visits] for k in visits[0]}


def imported(roster_id, visits, **kw):
    return ("rosters.visits.imported", {"projectId": 1, "rosterId": roster_id, "visitColumns": columns(visits)}, kw)


QUOTAS = [{"typeId": 0, "value": "Dr A", "required": 3}]
SAMPLING = ("rosters.sampling.updated", {"projectId": 1, "lookBackDays": 30, "maxCalls": 3, "parameters": [],
                                         "languages": [], "quotas": QUOTAS, "undefinedProviders": 0}, {})


def visits(client):
    with client.app.state.db.session() as s:
        return {v.id: (v.roster_id, v.visitor_id, v.roster_removed) for v in s.scalars(select(VisitView))}


def unchanged_part(snap):
    """All but the sampling row's stamp (the newest event's instant: a re-announce moves it, its content stays)
    and the roster flags (a roster the reset removed is now also marked removed by its own `removed`)."""
    return {k: v for k, v in snap.items() if k not in ("rm_sampling", "rm_roster")}


def test_a_reannounce_changes_nothing_reporting_already_held(client):
    original = [
        imported(100, [visit(10, "A"), visit(11, "B")], occurred_at="2026-03-01T10:00:00Z"),
        imported(101, [visit(12, "C"), visit(13, "D")], occurred_at="2026-03-01T11:00:00Z"),
        ("rosters.roster.removed", {"rosterId": 101, "projectId": 1}, {"occurred_at": "2026-03-01T12:00:00Z"}),
        imported(102, [visit(14, "E")], occurred_at="2026-03-01T13:00:00Z"),
        ("rosters.roster.reset", {"projectId": 1}, {"occurred_at": "2026-03-02T00:00:00Z"}),
        imported(103, [visit(15, "F")], occurred_at="2026-03-02T10:00:00Z"),
        SAMPLING,
    ]
    for type_, data, kw in original:
        feed(client, type_, data, **kw)
    db = client.app.state.db
    before = snapshot(db)
    assert visits(client) == {10: (100, "A", True), 11: (100, "B", True), 12: (101, "C", True),
                              13: (101, "D", True), 14: (102, "E", True), 15: (103, "F", False)}

    # what rosters holds now: 103 Ready; 100, 101 (undone), 102 Removed by the reset, each with its called visits
    # (11, 12, 14) announced again before its removal; the sampling. Later instants, new ids.
    for type_, data, _ in [
        imported(103, [visit(15, "F")]),
        imported(100, [visit(11, "B")]), ("rosters.roster.removed", {"rosterId": 100, "projectId": 1}, {}),
        imported(101, [visit(12, "C")]), ("rosters.roster.removed", {"rosterId": 101, "projectId": 1}, {}),
        imported(102, [visit(14, "E")]), ("rosters.roster.removed", {"rosterId": 102, "projectId": 1}, {}),
        SAMPLING,
    ]:
        assert feed(client, type_, data, occurred_at="2026-04-01T00:00:00Z") is True
    after = snapshot(db)
    assert unchanged_part(after) == unchanged_part(before)
    assert before["rm_roster"] == [(100, 1, False), (101, 1, True), (102, 1, False), (103, 1, False)]
    assert after["rm_roster"] == [(100, 1, True), (101, 1, True), (102, 1, True), (103, 1, False)]
    with db.session() as s:
        assert s.get(SamplingView, 1).quotas == QUOTAS
    # the re-announced events are in the log too: a rebuild gives the same read models
    rebuild(db)
    assert snapshot(db) == after


def test_a_reannounce_fills_in_rosters_reporting_never_heard_of(client):
    # reporting started keeping visits after roster 200 (still Ready) and 201 (since undone) were imported;
    # then the final count: rosters removed 202 and announced the reset
    feed(client, "rosters.roster.removed", {"rosterId": 201, "projectId": 1}, occurred_at="2026-03-01T12:00:00Z")
    feed(client, "rosters.roster.reset", {"projectId": 1}, occurred_at="2026-03-02T00:00:00Z")
    assert visits(client) == {}

    for type_, data, _ in [
        imported(200, [visit(20, "A"), visit(21, "B")]),
        imported(201, [visit(22, "C")]), ("rosters.roster.removed", {"rosterId": 201, "projectId": 1}, {}),
        imported(202, [visit(23, "D")]), ("rosters.roster.removed", {"rosterId": 202, "projectId": 1}, {}),
        SAMPLING,
    ]:
        feed(client, type_, data, occurred_at="2026-04-01T00:00:00Z")
    # the Ready roster's visits count; the removed ones' called visits are there for their calls' patient columns
    assert visits(client) == {20: (200, "A", False), 21: (200, "B", False), 22: (201, "C", True),
                              23: (202, "D", True)}
    with client.app.state.db.session() as s:
        assert s.get(SamplingView, 1).quotas == QUOTAS
