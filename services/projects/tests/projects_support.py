"""Test helpers for the projects service (imported by the tests; conftest puts this folder on sys.path)."""

import uuid
from contextlib import contextmanager

from sqlalchemy import select

from kit.auth import Role

PM, PM2, OPS, ADMIN = 11, 12, 13, 1
SURVEYOR, CIMR_SURVEYOR, KELLER, CIMR_MANAGER = 21, 22, 23, 31

DEMO_USERS = [
    (ADMIN, Role.ADMIN, "admin@demo.test"), (PM, Role.PROJECT_MANAGER, "pm@demo.test"),
    (PM2, Role.PROJECT_MANAGER, "pm2@demo.test"), (OPS, Role.OPERATIONS, "ops@demo.test"),
    (SURVEYOR, Role.SURVEYOR, "surveyor@demo.test"), (CIMR_SURVEYOR, Role.CIMR_SURVEYOR, "cimr-surveyor@demo.test"),
    (KELLER, Role.KELLER_SURVEYOR, "keller@demo.test"), (CIMR_MANAGER, Role.CIMR_MANAGER, "cimr@demo.test"),
]


def user_event(uid: int, role: int, email: str, kind: str = "created", **extra) -> dict:
    data = {"id": uid, "firstName": f"First{uid}", "lastName": f"Last{uid}", "email": email, "role": int(role),
            "phoneNumber": "3125550000", "cid": None, "langIds": [1, 2] if role in (3, 7, 9) else [],
            "cimrManagerIds": [], "isDeleted": False, **extra}
    return {"id": str(uuid.uuid4()), "type": f"identity.user.{kind}", "occurredAt": "2026-01-01T00:00:00Z",
            "version": 1, "data": data}


def users_consumer(app):
    return next(c for c in app.state.consumers if c.name == "projects.users")


def load_users(app, users=DEMO_USERS) -> None:
    consumer = users_consumer(app)
    for uid, role, email in users:
        consumer.handle(user_event(uid, role, email))


def outbox(app, event_type: str | None = None) -> list[dict]:
    table = app.state.db.base.metadata.tables["outbox"]
    with app.state.db.session() as s:
        rows = s.execute(select(table.c.envelope).order_by(table.c.created_at)).scalars().all()
    return [e for e in rows if event_type is None or e["type"] == event_type]


def project_body(**over) -> dict:
    body = {"name": "Heart Clinic 2026", "typeId": 1, "statusId": 2, "managerId": PM, "reportFreqId": 3,
            "startDate": "2026-01-31", "billableRate": "12.50", "paymentRate": "4.00", "timezone": "America/Chicago",
            "langIds": [1, 2], "sampling": "CATI,EMAIL"}
    body.update(over)
    return body


def client_body(**over) -> dict:
    body = {"name": "Acme Health", "abbr": "ACM", "stateId": 5,
            "contacts": [{"firstName": "Jo", "lastName": "Smith", "email": "jo@acme.example", "typeId": 0}]}
    body.update(over)
    return body


def envelope(event_type: str, data: dict, occurred_at: str = "2026-01-01T00:00:00Z") -> dict:
    return {"id": str(uuid.uuid4()), "type": event_type, "occurredAt": occurred_at, "version": 1, "data": data}


def figures_consumer(app):
    return next(c for c in app.state.consumers if c.name == "projects.figures")


# a one-page PDF with one line of text (an upload must open and have pages)
PDF = (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >>"
       b" endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
       b" /Resources << /Font << /F1 5 0 R >> >> >> endobj\n4 0 obj << /Length 50 >> stream\n"
       b"BT /F1 24 Tf 72 700 Td (Call script v1) Tj ET\nendstream endobj\n"
       b"5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
