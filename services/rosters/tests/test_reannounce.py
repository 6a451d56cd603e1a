"""`python -m rosters.reannounce`: a project's Ready rosters (their visits, then committed), its removed and deleted
rosters (their called visits, then removed) and its sampling are written to the outbox again, under new event
ids, on SQLite and PostgreSQL; --project limits it, --dry-run writes nothing, an unknown project is refused."""

import threading
import time

import pytest

from kit.auth import Role
from rosters.constants import READY
from rosters.events import published
from rosters.reannounce import Tally, UnknownProject, main, reannounce
from rosters.roster import repository
from rosters_support import OTHER_PROJECT, PM, PROJECT, event, event_visits, outbox, row, roster_csv, upload

PER_EVENT = 4


def commit(api, h, first: int, n: int) -> int:
    r = upload(api, h, roster_csv([row(i) for i in range(first, first + n)]), only_parse="false")
    assert r.status_code == 200, r.text
    return r.json()["data"]["id"]


def called(api, call_id: int, visit_id: int, result: int | None) -> None:
    calls = next(c for c in api.app.state.consumers if c.name == "rosters.calls")
    data = {"callId": call_id, "projectId": PROJECT, "visitId": visit_id, "surveyorId": 501}
    if result is None:  # started, never completed (released without a result, say)
        assert calls.handle(event("calling.call.started", data)) is True
    else:
        assert calls.handle(event("calling.call.completed", {**data, "result": result, "isPartial": False})) is True


def visits_of(events: list[dict], roster_id: int) -> list[dict]:
    return [v for e in events if e["type"] == "rosters.visits.imported" and e["data"]["rosterId"] == roster_id
            for v in event_visits(e["data"])]


@pytest.fixture
def world(make_client, database_url, tokens):
    """PROJECT: roster 1 Ready (6 visits); roster 2 undone, its visits 2 and 3 called (a result) and 4 only
    started; roster 3 deleted from the history, its visit 1 called; a provider quota. OTHER_PROJECT: no roster.
    Small batches: 4 visits per event, 5 visits read at a time."""
    with make_client(database_url, visits_per_event=PER_EVENT, import_batch_rows=5) as api:
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        ready, undone, deleted = commit(api, h, 0, 6), commit(api, h, 10, 5), commit(api, h, 20, 3)
        original = outbox(api.app)
        undone_visits = [v["visitId"] for v in visits_of(original, undone)]
        deleted_visits = [v["visitId"] for v in visits_of(original, deleted)]
        called(api, 1, undone_visits[1], 4)
        called(api, 2, undone_visits[2], 1)
        called(api, 3, undone_visits[3], None)
        called(api, 4, deleted_visits[0], 4)
        assert api.delete(f"/api/roster/{PROJECT}?id={deleted}", headers=h).status_code == 200
        assert api.put("/api/roster", json={"id": undone, "projectId": PROJECT}, headers=h).status_code == 200
        r = api.put("/api/sampling/providers", headers=h,
                    json={"projectId": PROJECT, "type": 0, "rows": [{"name": "Dr. Provider 1", "surveyRequired": 2}]})
        assert r.status_code == 200, r.text
        yield {"api": api, "rosters": (ready, undone, deleted), "original": original,
               "called": (undone_visits[1:3], deleted_visits[:1])}


def run(world, **kw) -> tuple[Tally, list[str], list[dict]]:
    app = world["api"].app
    before = len(outbox(app))
    lines = []
    tally = reannounce(app.state.db, app.state.settings, out=lines.append, **kw)
    return tally, lines, outbox(app)[before:]


def test_every_roster_and_the_sampling_are_announced_again(world):
    ready, undone, deleted = world["rosters"]
    tally, lines, new = run(world)
    assert [(e["type"], e["data"].get("rosterId")) for e in new] == [
        ("rosters.visits.imported", ready), ("rosters.visits.imported", ready), ("rosters.roster.committed", ready),
        ("rosters.visits.imported", undone), ("rosters.roster.removed", undone),
        ("rosters.visits.imported", deleted), ("rosters.roster.removed", deleted),
        ("rosters.sampling.updated", None),  # PROJECT's
        ("rosters.sampling.updated", None),  # OTHER_PROJECT's: no roster, its default sampling
    ]
    assert tally == Tally(projects=2, ready=1, removed=2, visits=6 + 2 + 1, events=9)
    assert lines == [f"project {PROJECT}: 1 Ready, 2 removed (9 visits), 8 events",
                     f"project {OTHER_PROJECT}: no rosters, 1 event",
                     "rosters reannounce: 2 projects, 3 rosters (1 Ready, 2 removed), 9 visits, 9 events written "
                     "to the outbox"]
    assert not {e["id"] for e in new} & {e["id"] for e in world["original"]}  # new ids: consumers apply them

    # the Ready roster's visits exactly as its import announced them, in events of at most 4 (version 2)
    visits = [e for e in new if e["type"] == "rosters.visits.imported"]
    assert all(e["version"] == 2 and set(e["data"]) == {"projectId", "rosterId", "visitColumns"} for e in visits)
    assert [len(event_visits(e["data"])) for e in visits] == [4, 2, 2, 1]
    assert visits_of(new, ready) == visits_of(world["original"], ready)
    committed = [e["data"] for e in new if e["type"] == "rosters.roster.committed"]
    assert committed == [e["data"] for e in world["original"] if e["type"] == "rosters.roster.committed"
                         and e["data"]["rosterId"] == ready]
    # a removed or deleted roster: only the visits with a call result (the started-only one is not), then removed
    undone_called, deleted_called = world["called"]
    originals = {v["visitId"]: v for v in visits_of(world["original"], undone) + visits_of(world["original"], deleted)}
    assert visits_of(new, undone) == [originals[i] for i in undone_called]
    assert visits_of(new, deleted) == [originals[i] for i in deleted_called]
    assert [e["data"] for e in new if e["type"] == "rosters.roster.removed"] == [
        {"rosterId": undone, "projectId": PROJECT}, {"rosterId": deleted, "projectId": PROJECT}]
    sampling = new[-2]["data"]
    assert sampling["projectId"] == PROJECT and sampling["maxCalls"] == 3
    assert sampling["quotas"] == [{"typeId": 0, "value": "Dr. Provider 1", "required": 2}]
    assert sampling["parameters"] == [{"id": sampling["parameters"][0]["id"], "typeId": 0, "priority": 1}]
    assert new[-1]["data"]["projectId"] == OTHER_PROJECT
    # never patient data in what it prints
    names = {v["lastName"] for v in originals.values()} | {v["phoneCell"] for v in originals.values()}
    assert not any(n in line for line in lines for n in names)


def test_project_limits_it_and_a_second_run_announces_the_same(world):
    _, lines, new = run(world, project_ids=[OTHER_PROJECT])
    assert [(e["type"], e["data"]["projectId"]) for e in new] == [("rosters.sampling.updated", OTHER_PROJECT)]
    assert lines[0] == f"project {OTHER_PROJECT}: no rosters, 1 event"
    first = run(world, project_ids=[PROJECT])[2]
    second = run(world, project_ids=[PROJECT])[2]
    assert len(first) == 8 and [(e["type"], e["data"]) for e in first] == [(e["type"], e["data"]) for e in second]


def test_dry_run_counts_and_writes_nothing(world):
    tally, lines, new = run(world, dry_run=True)
    assert new == []
    assert tally == Tally(projects=2, ready=1, removed=2, visits=9, events=9)  # what a real run writes
    assert lines[-1].endswith("9 events would be written (dry run: nothing was written)")


def test_an_unknown_project_is_refused_and_nothing_is_written(world):
    app = world["api"].app
    before = len(outbox(app))
    with pytest.raises(UnknownProject, match="project 999 is not known to the rosters service"):
        reannounce(app.state.db, app.state.settings, project_ids=[PROJECT, 999], out=print)
    assert len(outbox(app)) == before  # not even the known project's events


def test_the_command_line(world, database_url, tmp_path, monkeypatch, capsys):
    """`python -m rosters.reannounce` as an operator runs it: settings from ROSTERS_*, exit codes, messages."""
    app = world["api"].app
    monkeypatch.setenv("ROSTERS_DATABASE_URL", database_url)
    monkeypatch.setenv("ROSTERS_VAR_DIR", str(tmp_path / "cli"))
    monkeypatch.setenv("ROSTERS_VISITS_PER_EVENT", str(PER_EVENT))
    before = len(outbox(app))

    assert main(["--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "rosters reannounce: 2 projects, 3 rosters (1 Ready, 2 removed), 9 visits, 9 events would be written" in out
    assert len(outbox(app)) == before

    assert main(["--project", str(OTHER_PROJECT), "--project", "999"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == ("rosters reannounce: project 999 is not known to the rosters service (no project event "
                           "and no roster for it); nothing was announced")
    assert len(outbox(app)) == before

    assert main(["--project", str(OTHER_PROJECT)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"project {OTHER_PROJECT}: no rosters, 1 event"
    assert main(["--project", str(PROJECT)]) == 0
    assert "8 events written to the outbox" in capsys.readouterr().out
    new = outbox(app)[before:]
    assert [e["type"] for e in new].count("rosters.visits.imported") == 4 and len(new) == 9

    with pytest.raises(SystemExit) as exc:
        main(["--project", "abc"])
    assert exc.value.code == 2 and "invalid int value: 'abc'" in capsys.readouterr().err


def test_a_project_without_rosters_or_sampling_prints_and_exits_0(make_client, database_url, monkeypatch, capsys,
                                                                  tmp_path):
    with make_client(database_url) as api:
        projects = next(c for c in api.app.state.consumers if c.name == "rosters.projects")
        # a project only heard of through a lock event: known, no sampling created, no roster
        assert projects.handle(event("projects.project.locked", {"id": 303})) is True
        before = len(outbox(api.app))
        monkeypatch.setenv("ROSTERS_DATABASE_URL", database_url)
        monkeypatch.setenv("ROSTERS_VAR_DIR", str(tmp_path / "cli"))
        assert main(["--project", "303"]) == 0
        assert capsys.readouterr().out.splitlines() == [
            "project 303: no rosters, 0 events",
            "rosters reannounce: 1 project, 0 rosters (0 Ready, 0 removed), 0 visits, 0 events written to the outbox"]
        assert len(outbox(api.app)) == before


def test_a_delete_meanwhile_waits_and_its_removal_follows_the_reannounced_visits(world, tokens):
    """A roster deleted while it is re-announced: its `removed` must reach consumers after the re-announced
    visits, or calling would put the visits back in the queue for good."""
    api, (ready, _, _) = world["api"], world["rosters"]
    db = api.app.state.db
    if db.engine.dialect.name != "postgresql":
        pytest.skip("SQLite serialises its writers: the delete cannot start while the re-announce writes")
    s = db.sessionmaker()
    try:
        assert repository.lock_announced(s, ready) == READY
        answers = []
        h = tokens.headers(Role.PROJECT_MANAGER, PM)
        t = threading.Thread(target=lambda: answers.append(api.delete(f"/api/roster/{PROJECT}?id={ready}", headers=h)))
        t.start()
        time.sleep(0.5)
        assert t.is_alive()  # the delete waits for the re-announce's transaction
        published.roster_committed(s, repository.get(s, ready))
        s.commit()
    finally:
        s.close()
    t.join(10)
    assert answers and answers[0].status_code == 200, answers
    order = [(e["type"], e["data"].get("rosterId")) for e in outbox(api.app)]
    last_committed = max(i for i, k in enumerate(order) if k == ("rosters.roster.committed", ready))
    assert order.index(("rosters.roster.removed", ready)) > last_committed
