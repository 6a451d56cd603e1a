"""Nothing reaches a 500 on input (kit level): 64-bit bounds on query, path and body integers, a unique-constraint
violation as 409 naming the field (parallel duplicates: one 201, the rest 409), one text policy, and
Cache-Control: no-store on every answer. On SQLite and PostgreSQL."""

import threading

import pytest
from fastapi import APIRouter, Depends, Query
from fastapi.testclient import TestClient
from kit_testbed import KtSettings
from pydantic import Field
from sqlalchemy import BigInteger, ForeignKey, String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kit.app import ServiceSpec, SessionDep, create_service_app
from kit.auth import public
from kit.events import add_event_tables
from kit.paging import Page, page_params
from kit.schema import NameStr, Schema, TextStr, name_str
from kit.testing import base_settings

BIG = 2**63  # one past the largest signed 64-bit integer


class Base(DeclarativeBase):
    pass


add_event_tables(Base.metadata)


class Thing(Base):
    __tablename__ = "kb_things"
    id: Mapped[int] = mapped_column(primary_key=True)
    thing_name: Mapped[str] = mapped_column(String(100), unique=True)
    goal: Mapped[int] = mapped_column(BigInteger)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("kb_owners.id"), nullable=True)


class Owner(Base):
    __tablename__ = "kb_owners"
    id: Mapped[int] = mapped_column(primary_key=True)


class ThingIn(Schema):
    thing_name: NameStr
    goal: int = 0
    ids: list[int] = []
    note: TextStr = ""
    code: name_str(5) | None = None
    owner_id: int | None = None


class Nested(Schema):
    things: list[ThingIn] = Field(default_factory=list)


router = APIRouter()


@router.post("/api/things", status_code=201, dependencies=[Depends(public)])
def create_thing(body: ThingIn, s: SessionDep):
    s.add(Thing(thing_name=body.thing_name, goal=body.goal, owner_id=body.owner_id))
    return {"message": "created", "data": None}


@router.post("/api/things/nested", dependencies=[Depends(public)])
def nested(body: Nested):
    return {"message": "ok", "data": len(body.things)}


@router.get("/api/things", dependencies=[Depends(public)])
def list_things(s: SessionDep, page: Page = Depends(page_params), ownerId: int | None = Query(None),
                ids: list[int] = Query([])):
    q = select(Thing).offset(page.skip).limit(page.limit)
    if ownerId is not None:
        q = q.where(Thing.owner_id == ownerId)
    rows = s.scalars(q).all()
    return {"rows": [{"id": t.id} for t in rows], "count": len(rows)}


@router.get("/api/thing-search", dependencies=[Depends(public)])
def search_things(s: SessionDep, search: str | None = Query(None, max_length=100)):
    rows = s.scalars(select(Thing).where(Thing.thing_name.ilike(f"%{search or ''}%"))).all()
    return {"rows": [{"id": t.id} for t in rows], "count": len(rows)}


@router.get("/api/things/{thing_id}", dependencies=[Depends(public)])
def get_thing(thing_id: int, s: SessionDep):
    t = s.get(Thing, thing_id)
    return {"id": t.id if t else None}


SPEC = ServiceSpec(name="kb", title="bounds", package=None, base=Base, routers=[router])


@pytest.fixture
def client(database_url, tmp_path, keypair):
    settings = KtSettings(**base_settings(tmp_path, database_url, keypair))
    with TestClient(create_service_app(SPEC, settings), raise_server_exceptions=False) as c:
        yield c


def test_integers_beyond_64_bits_are_a_422_naming_the_field(client):
    cases = [
        ("GET", "/api/things", {"params": {"skip": 10**30}}, "skip"),
        ("GET", "/api/things", {"params": {"limit": BIG}}, "limit"),
        ("GET", "/api/things", {"params": {"ownerId": BIG}}, "ownerId"),
        ("GET", "/api/things", {"params": {"ownerId": -BIG - 1}}, "ownerId"),
        ("GET", "/api/things", {"params": {"ids": [1, BIG]}}, "ids"),
        ("GET", f"/api/things/{BIG}", {}, "thing_id"),
        ("GET", f"/api/things/{10**40}", {}, "thing_id"),
        ("POST", "/api/things", {"json": {"thingName": "a", "goal": BIG}}, "goal"),
        ("POST", "/api/things", {"json": {"thingName": "a", "ids": [1, -BIG - 1]}}, "ids"),
        ("POST", "/api/things/nested", {"json": {"things": [{"thingName": "a", "goal": BIG}]}}, "goal"),
    ]
    for method, url, kw, field in cases:
        r = client.request(method, url, **kw)
        assert r.status_code == 422, (url, kw, r.status_code, r.text)
        assert field in r.json()["message"], (url, r.json())
    # digits that are not ASCII ('¹', '٣') are not integers: the route's own validation answers, never a 500
    for odd in ("¹", "٣", "-²"):
        r = client.get("/api/things", params={"ownerId": odd})
        assert r.status_code == 422 and "ownerId" in r.json()["message"], (odd, r.status_code, r.text)
    # the largest values are fine, and nothing was written by the refused ones
    assert client.get("/api/things", params={"ownerId": 2**31 - 1, "skip": 10**15}).status_code == 200
    # within 64 bits but beyond a 32-bit INTEGER column: PostgreSQL refuses the value, the kit answers 422
    r = client.get("/api/things", params={"ownerId": BIG - 1})
    assert r.status_code in (200, 422) and r.headers["content-type"].startswith("application/json"), r.text
    assert client.post("/api/things", json={"thingName": "big", "goal": BIG - 1}).status_code == 201
    assert client.get("/api/things", params={"limit": 100}).json()["count"] == 1


def test_a_duplicate_is_a_409_naming_the_field(client):
    assert client.post("/api/things", json={"thingName": "Spanish"}).status_code == 201
    r = client.post("/api/things", json={"thingName": "Spanish"})
    assert r.status_code == 409 and r.json()["message"] == "thingName: a record with this value already exists"
    r = client.post("/api/things", json={"thingName": "Other", "ownerId": 999})
    # SQLite checks foreign keys too (PRAGMA foreign_keys=ON)
    assert r.status_code == 409 and "refers to a record that does not exist" in r.json()["message"]


def test_parallel_duplicates_get_one_201_and_the_rest_409(client):
    results: list[int] = []
    barrier = threading.Barrier(6)

    def create():
        barrier.wait()
        results.append(client.post("/api/things", json={"thingName": "Tagalog"}).status_code)

    threads = [threading.Thread(target=create) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(results) == [201] + [409] * 5, results


def test_one_text_policy(client):
    for body, field in [({"thingName": "a\x00b"}, "thingName"), ({"thingName": "two\nlines"}, "thingName"),
                        ({"thingName": "x" * 101}, "thingName"), ({"thingName": "   "}, "thingName"),
                        ({"thingName": "a", "note": "bell\x07"}, "note"), ({"thingName": "a", "note": "x" * 4001}, "note"),
                        ({"thingName": "a", "code": "toolong"}, "code")]:
        r = client.post("/api/things", json=body)
        assert r.status_code == 422 and r.json()["message"].startswith(field), (body, r.text)
        assert "\x00" not in r.text and "bell" not in r.text  # the input is never echoed
    assert client.post("/api/things", json={"thingName": "  Ana María  ", "note": "line 1\nline 2\tok"}).status_code == 201


def test_a_query_string_with_a_nul_or_control_character_is_a_422_naming_the_parameter(client):
    """PostgreSQL refuses NUL in text: a search carrying one was a driver error (on SQLite it went through); the
    parameter is refused alike on both, before any statement, as a body string is."""
    assert client.post("/api/things", json={"thingName": "Ana"}).status_code == 201
    for value in ("a\x00b", "\x00", "bell\x07", "esc\x1b[31m"):
        r = client.get("/api/thing-search", params={"search": value})
        assert r.status_code == 422, (value, r.status_code, r.text)
        assert r.json()["message"] == "search: must not contain control characters", r.text
    assert client.get("/api/thing-search", params={"search": "an"}).json()["count"] == 1
    assert client.get("/api/thing-search", params={"search": "\u202eAna"}).status_code == 200  # text, not control


def test_every_answer_is_no_store(client):
    for r in (client.get("/api/things"), client.get("/api/things/1"), client.get("/api/nothing"),
              client.post("/api/things", json={}), client.get("/healthz")):
        assert r.headers["cache-control"] == "no-store", r.request.url
        assert r.headers["x-content-type-options"] == "nosniff"
        # no site may frame an API answer (a guideline PDF is served inline), nor learn its address from a link
        assert r.headers["x-frame-options"] == "DENY", r.request.url
        assert r.headers["content-security-policy"] == "frame-ancestors 'none'", r.request.url
        assert r.headers["referrer-policy"] == "strict-origin-when-cross-origin", r.request.url
