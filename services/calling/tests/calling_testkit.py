"""Test helpers: read models are fed through the service's own consumer (envelopes, as the bus delivers)."""

from __future__ import annotations

import itertools
import uuid

from sqlalchemy import select, text

from kit.auth import Role

_ids = itertools.count(1000)
SURVEYOR, CIMR_SURVEYOR, KELLER = Role.SURVEYOR, Role.CIMR_SURVEYOR, Role.KELLER_SURVEYOR


def envelope(event_type: str, data: dict) -> dict:
    return {"id": str(uuid.uuid4()), "type": event_type, "occurredAt": "2026-01-01T00:00:00Z", "version": 1, "data": data}


class World:
    def __init__(self, client, tokens):
        self.client, self.tokens = client, tokens
        self.app = client.app
        self.consumer = self.app.state.consumers[0]

    @property
    def db(self):
        return self.app.state.db

    def feed(self, event_type: str, data: dict) -> bool:
        return self.consumer.handle(envelope(event_type, data))

    def h(self, role, user_id: int) -> dict:
        return self.tokens.headers(role, user_id=user_id)

    # read models -------------------------------------------------------------------------------------------
    def user(self, role=SURVEYOR, *, lang_ids=None, cimr_manager_ids=None, first="Sam", last="Surveyor") -> int:
        uid = next(_ids)
        self.feed("identity.user.created", {"id": uid, "firstName": first, "lastName": last, "email": f"u{uid}@x.test",
                                            "role": int(role), "langIds": lang_ids or [], "cimrManagerIds": cimr_manager_ids or [],
                                            "isDeleted": False, "somethingNew": 1})
        return uid

    def project(self, *, manager_id: int | None = None, locked: bool = False, name: str = "Project") -> int:
        pid = next(_ids)
        self.feed("projects.project.created", {"id": pid, "name": f"{name} {pid}", "clientId": 1, "managerId": manager_id,
                                               "typeId": 1, "statusId": 2, "isLocked": locked, "langIds": [1],
                                               "deletedAt": None, "futureField": "x"})
        return pid

    def assign(self, project_id: int, surveyor_id: int, goals: int = 10) -> int:
        aid = next(_ids)
        self.feed("projects.assignment.created", {"id": aid, "projectId": project_id, "surveyorId": surveyor_id,
                                                  "managerId": None, "typeId": 0, "priority": 1,
                                                  "surveyorGoals": goals, "surveyorCompGoals": goals * 4})
        return aid

    def sampling(self, project_id: int, *, max_calls: int = 3, look_back: int = 0, languages=None, quotas=None,
                 parameters=None) -> None:
        """parameters: [(typeId, priority)]; languages: [{languageId, mode, allowedSamples}];
        quotas: [{typeId, value, required}]."""
        params = [{"id": project_id * 10 + i, "typeId": t, "priority": p}
                  for i, (t, p) in enumerate(parameters or [(0, 1)])]
        data = {"projectId": project_id, "lookBackDays": look_back, "maxCalls": max_calls,
                "parameters": params, "languages": languages or [], "undefinedProviders": 0}
        if quotas is not None:
            data["quotas"] = quotas
        self.feed("rosters.sampling.updated", data)

    def visits(self, project_id: int, n: int, *, roster_id: int = 1, language_id: int = 1, visitor=None,
               provider: str = "Dr. Who", site: str = "North", department: str = "Cardio", dos: str = "2026-01-05",
               first_id: int | None = None, extra=None) -> list[int]:
        start = first_id if first_id is not None else next(_ids) * 100_000
        ids = list(range(start, start + n))
        rows = [
            {"visitId": i, "visitorId": visitor(i) if visitor else f"P{i}", "firstName": "Pat", "lastName": f"Ient{i}",
             "phoneCell": f"555010{i % 10000:04d}", "phoneHome": None, "dos": dos, "dob": "1960-02-03",
             "age": 66, "gender": "F", "providerName": provider, "providerType": "MD", "siteName": site,
             "departmentName": department, "guarantor": "Self", "languageId": language_id, "chpw": "N", "typeId": 1,
             "payerType": "Medicare", "ethnicity": "X", "race": "Y", "mrn": f"M{i}", "newColumn": "ignored", **(extra or {})}
            for i in ids]
        # as rosters publishes them (version 2): each field's values in visit order
        self.feed("rosters.visits.imported", {"projectId": project_id, "rosterId": roster_id,
                                              "visitColumns": {k: [r[k] for r in rows] for k in rows[0]} if rows else {}})
        return ids

    def setup(self, n_visits: int = 5, **sampling) -> tuple[int, int]:
        """A project with one assigned surveyor and n English visits; returns (project, surveyor)."""
        pid = self.project()
        sid = self.user()
        self.assign(pid, sid)
        self.sampling(pid, **sampling)
        if n_visits:
            self.visits(pid, n_visits)
        return pid, sid

    # API ---------------------------------------------------------------------------------------------------
    def claim(self, pid: int, sid: int, role=SURVEYOR):
        return self.client.post("/api/calls", headers=self.h(role, sid), json={"projectId": pid, "surveyorId": sid})

    def result(self, call: dict, sid: int, result: int, *, partial: bool | None = None, role=SURVEYOR, headers=None, **extra):
        body = {"id": call["callId"], "projectId": call["projectId"], "visitId": call["visitId"],
                "visitorId": call["visitorId"], "result": result,
                "isPartial": (result != 1) if partial is None else partial, **extra}
        return self.client.put("/api/calls", headers={**self.h(role, sid), **(headers or {})}, json=body)

    def release(self, call: dict, sid: int, role=SURVEYOR):
        return self.client.put("/api/call-lock", headers=self.h(role, sid),
                               json={"callId": call["callId"], "projectId": call["projectId"]})

    # inspection --------------------------------------------------------------------------------------------
    def visit(self, visit_id: int):
        from calling.models import Visit
        with self.db.session() as s:
            return s.get(Visit, visit_id)

    def events(self, event_type: str) -> list[dict]:
        outbox = self.db.base.metadata.tables["outbox"]
        with self.db.session() as s:
            rows = s.execute(select(outbox.c.envelope).where(outbox.c.routing_key == event_type)
                             .order_by(outbox.c.created_at)).scalars().all()
        return [r["data"] for r in rows]

    def sql(self, stmt: str, **params):
        with self.db.session() as s:
            return s.execute(text(stmt), params).all()
