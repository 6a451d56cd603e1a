"""Helpers of the reporting tests: events delivered to the service's own consumer, as the bus would."""

import itertools
import uuid
from datetime import datetime, timedelta

_clock = itertools.count(1)


def envelope(type_: str, data: dict, *, event_id: str | None = None, occurred_at: str | None = None) -> dict:
    if occurred_at is None:
        occurred_at = (datetime(2026, 1, 1) + timedelta(seconds=next(_clock))).isoformat() + "Z"
    return {"id": event_id or str(uuid.uuid4()), "type": type_, "occurredAt": occurred_at, "version": 1, "data": data}


def feed(client, type_: str, data: dict, **kw) -> bool:
    (consumer,) = client.app.state.consumers
    return consumer.handle(envelope(type_, data, **kw))


def project(client, pid: int, manager_id: int, rate: str, name: str = "Project") -> None:
    feed(client, "projects.project.created", {"id": pid, "name": name, "clientId": 1, "managerId": manager_id,
                                              "paymentRate": rate, "billableRate": "9.00", "isLocked": False,
                                              "timezone": "America/Chicago", "deletedAt": None})


def user(client, uid: int, role: int, cimr_manager_ids=(), **extra) -> None:
    feed(client, "identity.user.created", {"id": uid, "firstName": "F", "lastName": "L", "email": f"u{uid}@x.test",
                                           "role": role, "phoneNumber": None, "cid": f"C{uid}", "langIds": [1],
                                           "cimrManagerIds": list(cimr_manager_ids), "isDeleted": False, **extra})


def call(client, call_id: int, pid: int, surveyor_id: int, start: str, minutes: float, result: int | None = 1,
         partial: bool = False, **kw) -> None:
    """A completed call (full state) starting at `start` (UTC ISO) and lasting `minutes`."""
    s = datetime.fromisoformat(start.replace("Z", ""))
    e = s + timedelta(minutes=minutes)
    extra = {k: kw.pop(k) for k in list(kw) if k not in ("event_id", "occurred_at")}
    feed(client, "calling.call.completed", {
        "callId": call_id, "projectId": pid, "visitId": call_id * 10, "surveyorId": surveyor_id, "result": result,
        "isPartial": partial, "surveyLanguageId": 1, "callStart": s.isoformat() + "Z", "endedAt": e.isoformat() + "Z",
        "surveyedOn": e.isoformat() + "Z", "surveyCompletedOn": None if partial else e.isoformat() + "Z",
        "isAgreeComplete": result == 1 and not partial, **extra}, **kw)
