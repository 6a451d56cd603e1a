"""What a list costs the database with a year of projects (volume review, 2026-11-27): the project list's surveys in
each project's reporting period, and My Projects' surveys, are one statement for the page, not one per row. The
stats, call log and escalations dropdowns fetch every project (`limit=5000`, spec: dropdown fetches request all
rows): with 580 projects the list sent 580 counts (~300 ms of a 380 ms answer on SQLite)."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import event

from kit.auth import Role
from projects_support import ADMIN, SURVEYOR, envelope, figures_consumer, project_body


def _iso(days: float = 0) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat().replace("+00:00", "Z")


class Counts:
    """Statements that read the completed calls (the relay's and consumers' statements name other tables)."""

    def __init__(self, engine):
        self.n = 0
        event.listen(engine, "before_cursor_execute", self._seen)

    def _seen(self, conn, cursor, statement, *_):
        if "completed_call_views" in statement:
            self.n += 1

    def take(self) -> int:
        out, self.n = self.n, 0
        return out


def _add_projects(api, a, fc, n: int, start: int) -> list[int]:
    ids = []
    for i in range(start, start + n):
        # start dates apart, so every project has a reporting period of its own
        body = project_body(name=f"Volume {i:03d}", reportFreqId=1 + i % 3,
                            startDate=(datetime.now(UTC).date() - timedelta(days=40 * i)).isoformat())
        pid = api.post("/api/projects", json=body, headers=a).json()["data"]["id"]
        api.post("/api/assignment", json={"projectId": pid, "surveyorId": SURVEYOR, "surveyorGoals": 5}, headers=a)
        for k in range(i % 3 + 1):  # project i has i % 3 + 1 surveys today
            fc.handle(envelope("calling.call.completed", {
                "callId": 1000 * (i + 1) + k, "projectId": pid, "surveyorId": SURVEYOR, "result": 1,
                "isPartial": False, "surveyedOn": _iso(), "surveyCompletedOn": _iso()}))
        ids.append(pid)
    return ids


def test_project_lists_count_surveys_in_one_statement_whatever_the_rows(api, tokens):
    a, sv = tokens.headers(Role.ADMIN, ADMIN), tokens.headers(Role.SURVEYOR, SURVEYOR)
    fc = figures_consumer(api.app)
    counts = Counts(api.app.state.db.engine)

    def cost(path: str, headers) -> tuple[int, list[dict]]:
        api.get(path, headers=headers)  # warm
        counts.take()
        rows = api.get(path, headers=headers).json()["rows"]
        return counts.take(), rows

    ids = _add_projects(api, a, fc, 2, 0)
    few_list, _ = cost("/api/projects?limit=5000", a)
    few_mine, _ = cost("/api/projects/surveyors", sv)
    ids += _add_projects(api, a, fc, 6, 2)
    many_list, rows = cost("/api/projects?limit=5000", a)
    many_mine, mine = cost("/api/projects/surveyors", sv)
    # the figures are still each project's own
    by_id = {r["id"]: r for r in rows}
    assert [by_id[p]["surveysRP"] for p in ids] == [i % 3 + 1 for i in range(8)]
    assert sorted((r["id"], r["surveys"]) for r in mine) == [(p, i % 3 + 1) for i, p in enumerate(ids)]
    # 8 rows cost what 2 rows cost: one count of the completed calls per page, not per row
    assert many_list == few_list <= 2, (few_list, many_list)
    assert many_mine == few_mine <= 1, (few_mine, many_mine)
