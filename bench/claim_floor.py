"""BENCH ONLY — the floor of a claim request in Python on this machine: what the same work costs with nothing
around it, so `bench/next_call.py --floor` can say how much of the service's CPU per request any rewrite of the
request path could remove. Never product code: no validation beyond what the load needs, no error envelope,
no metrics, no logs, no tracing, no relay.

A bare ASGI app (no framework) on uvicorn, psycopg's async driver with a few pooled connections, no SQLAlchemy.
Per request it does what the service's request must do at the least:
- POST /api/calls: the bearer token verified (kit.auth.TokenVerifier: cached per token, as the service), the
  surveyor checked against the token, then in one transaction the service's own claim statement (captured at
  the driver by next_call.claim_sql, parameters refreshed per claim like the SQL baseline), the
  `calling.call.started` outbox row and the PHI access audit row; answers the patient's ids as JSON.
- PUT /api/call-lock and PUT /api/calls: the token verified, then in one transaction the visit unlocked and the
  call closed (next_call.RAW_RELEASE) and an outbox row.

Configured by environment: FLOOR_DATABASE_URL, FLOOR_PUBLIC_KEY, FLOOR_CLAIM (a JSON file: the captured
statement and its parameters).
"""


import asyncio
import json
import os
import sys
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

sys.path.insert(0, str(Path(__file__).resolve().parent))
from next_call import RAW_RELEASE  # noqa: E402

OUTBOX = ("INSERT INTO outbox (id, routing_key, envelope, headers, created_at, attempts) "
          "VALUES (%s, %s, %s, %s, %s, 0)")
AUDIT = ("INSERT INTO phi_access_audit (at, service, user_id, user_role, user_name, action, visit_id, patient, ip) "
         "VALUES (%s, 'calling', %s, %s, %s, 'call.claim', %s, %s, %s)")
POOL = 8


class Floor:
    def __init__(self):
        from kit.auth import TokenVerifier
        from kit.testing import AUDIENCE, ISSUER

        self.url = os.environ["FLOOR_DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://")
        self.verifier = TokenVerifier(Path(os.environ["FLOOR_PUBLIC_KEY"]), ISSUER, AUDIENCE)
        claim = json.loads(Path(os.environ["FLOOR_CLAIM"]).read_text())
        self.sql = claim["sql"]
        self.params = {k: (datetime.fromisoformat(v[4:]) if isinstance(v, str) and v.startswith("iso:") else v)
                       for k, v in claim["params"].items()}
        self.conns: asyncio.Queue | None = None

    async def start(self):
        self.conns = asyncio.Queue()
        for _ in range(POOL):
            self.conns.put_nowait(await psycopg.AsyncConnection.connect(self.url))

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await self.start()
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        auth = next((v for k, v in scope["headers"] if k == b"authorization"), b"").decode()
        try:
            principal = self.verifier.verify(auth.removeprefix("Bearer "))
        except Exception:  # noqa: BLE001 - bench: any bad token is a 401
            return await self.answer(send, 401, {"message": "Session Expired"})
        if scope["method"] == "GET":  # the bench's readiness probe
            return await self.answer(send, 200, {"status": "ok"})
        data = json.loads(body or b"{}")
        conn = await self.conns.get()
        try:
            if scope["method"] == "POST" and scope["path"] == "/api/calls":
                status, out = await self.claim(conn, principal, data, scope)
            else:
                status, out = await self.release(conn, principal, data)
        finally:
            self.conns.put_nowait(conn)
        await self.answer(send, status, out)

    async def claim(self, conn, principal, data, scope):
        if data.get("surveyorId") != principal.id:
            return 403, {"message": "You can only request calls for yourself"}
        now = datetime.now(UTC).replace(tzinfo=None)
        p = self.params
        params = {**p, "c_now": now, "c_sid": principal.id, "c_until": now + timedelta(minutes=30),
                  "c_tok": uuid.uuid4().hex, "c_cutoff": now - timedelta(days=30),
                  "c_cbopen": now - (p["c_now"] - p["c_cbopen"])}
        async with conn.transaction():
            cur = await conn.execute(self.sql, params, prepare=True)
            row = await cur.fetchone()
            if row is None:
                return 404, {"message": "No patients left to call"}
            cols = [d.name for d in cur.description]
            visit, call, visitor = row[cols.index("id")], row[cols.index("call_id")], row[cols.index("visitor_id")]
            envelope = {"id": str(uuid.uuid4()), "type": "calling.call.started", "version": 1,
                        "occurredAt": now.isoformat() + "Z", "data": {"callId": call, "visitId": visit,
                                                                     "surveyorId": principal.id}}
            await conn.execute(OUTBOX, (envelope["id"], envelope["type"], json.dumps(envelope), "{}", now),
                               prepare=True)
            client = scope.get("client") or ("-", 0)
            await conn.execute(AUDIT, (now, principal.id, int(principal.role), principal.name, visit, str(visitor),
                                       client[0]), prepare=True)
        return 200, {"message": "Next patient assigned",
                     "data": {"visitId": visit, "callId": call, "visitorId": visitor}}

    async def release(self, conn, principal, data):
        now = datetime.now(UTC).replace(tzinfo=None)
        call = data.get("callId") or data.get("id")
        async with conn.transaction():
            cur = await conn.execute("SELECT visit_id FROM calls WHERE id = %s AND surveyor_id = %s",
                                     (call, principal.id), prepare=True)
            row = await cur.fetchone()
            if row is None:
                return 404, {"message": "Call not found"}
            await conn.execute(RAW_RELEASE, {"visit": row[0], "call": call, "now": now}, prepare=True)
            envelope = {"id": str(uuid.uuid4()), "type": "calling.call.released", "version": 1,
                        "occurredAt": now.isoformat() + "Z", "data": {"callId": call, "visitId": row[0]}}
            await conn.execute(OUTBOX, (envelope["id"], envelope["type"], json.dumps(envelope), "{}", now),
                               prepare=True)
        return 200, {"message": "Call released", "data": {"callId": call}}

    @staticmethod
    async def answer(send, status: int, out: dict):
        payload = json.dumps(out).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(payload)).encode())]})
        await send({"type": "http.response.body", "body": payload})


def write_claim(path: Path, sql: str, params: dict) -> None:
    """The captured claim statement and parameters for FLOOR_CLAIM (datetimes as 'iso:<value>')."""
    path.write_text(json.dumps({"sql": sql, "params": {
        k: (f"iso:{v.isoformat()}" if isinstance(v, datetime) else v) for k, v in params.items()}}))


class Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class Claim(Model):
    project_id: int
    surveyor_id: int


class Release(Model):
    call_id: int | None = None
    id: int | None = None
    project_id: int


class Patient(Model):
    visit_id: int
    call_id: int
    visitor_id: str


class Claimed(Model):
    message: str
    data: Patient


def fastapi_app(floor: Floor):
    """The same work as a FastAPI app: routes, pydantic request and response models, the token read by a
    dependency; no middleware, no SQLAlchemy. What the framework alone adds to the floor."""
    from contextlib import asynccontextmanager

    from fastapi import Depends, FastAPI, Header, HTTPException, Request

    @asynccontextmanager
    async def lifespan(_):
        await floor.start()
        yield

    api = FastAPI(lifespan=lifespan)

    from kit.auth import Principal

    def principal(authorization: str = Header("")) -> Principal:
        try:
            return floor.verifier.verify(authorization.removeprefix("Bearer "))
        except Exception as exc:  # noqa: BLE001 - bench: any bad token is a 401
            raise HTTPException(401, "Session Expired") from exc

    async def run(work):
        conn = await floor.conns.get()
        try:
            status, out = await work(conn)
        finally:
            floor.conns.put_nowait(conn)
        if status != 200:
            raise HTTPException(status, out["message"])
        return out

    @api.post("/api/calls", response_model=Claimed, response_model_by_alias=True)
    async def claim(body: Claim, request: Request, p: Principal = Depends(principal)):
        scope = request.scope
        return await run(lambda conn: floor.claim(conn, p, body.model_dump(by_alias=True), scope))

    @api.put("/api/calls")
    @api.put("/api/call-lock")
    async def release(body: Release, p: Principal = Depends(principal)):
        return await run(lambda conn: floor.release(conn, p, body.model_dump(by_alias=True)))

    @api.get("/api/call-lock")
    async def ready(p: Principal = Depends(principal)):
        return {"status": "ok"}

    return api


app = Floor() if "FLOOR_CLAIM" in os.environ else None
with_fastapi = fastapi_app(Floor()) if "FLOOR_CLAIM" in os.environ else None
