"""Test helpers for the rosters service (conftest puts this folder on sys.path)."""

import csv
import io
import uuid

from sqlalchemy import select

PM, PM2 = 11, 12
PROJECT, OTHER_PROJECT = 101, 102
COLUMNS = ["Age", "Cell Phone", "Site", "CHPW", "Department", "DOB", "DOS", "Ethnicity", "Guarantor", "Home Phone",
           "Language", "MRN", "Patient Name", "Patient Type", "Payer Type", "Provider Name", "Provider Type", "Race",
           "Sex"]


def event(event_type: str, data: dict) -> dict:
    return {"id": str(uuid.uuid4()), "type": event_type, "occurredAt": "2026-01-01T00:00:00Z", "version": 1, "data": data}


def project_event(pid: int, manager_id: int, kind: str = "created", **over) -> dict:
    data = {"id": pid, "name": f"Project {pid}", "clientId": None, "managerId": manager_id, "typeId": 1,
            "statusId": 2, "reportFreqId": 3, "startDate": "2026-01-01", "deadline": "2026-04-01",
            "timezone": "America/Chicago", "paymentRate": 4.0, "billableRate": 12.5, "isLocked": False,
            "langIds": [1, 2], "deletedAt": None, **over}
    return event(f"projects.project.{kind}", data)


def projects_consumer(app):
    return next(c for c in app.state.consumers if c.name == "rosters.projects")


def load_projects(app) -> None:
    c = projects_consumer(app)
    c.handle(project_event(PROJECT, PM))
    c.handle(project_event(OTHER_PROJECT, PM2))


def outbox(app, event_type: str | None = None) -> list[dict]:
    table = app.state.db.base.metadata.tables["outbox"]
    with app.state.db.session() as s:
        rows = s.execute(select(table.c.envelope).order_by(table.c.created_at)).scalars().all()
    return [e for e in rows if event_type is None or e["type"] == event_type]


def row(i: int = 0, **over) -> dict:
    r = {"Age": str(30 + i % 50), "Cell Phone": f"(312) 555-{i % 10000:04d}", "Site": f"Site {i % 3}",
         "CHPW": "N", "Department": f"Dept {i % 4}", "DOB": "04/12/1980", "DOS": f"01/{1 + i % 28:02d}/2026",
         "Ethnicity": "Not Hispanic", "Guarantor": "Self", "Home Phone": "", "Language": "English" if i % 5 else "Spanish",
         "MRN": f"MRN{i:06d}", "Patient Name": f"Doe{i}, Jane", "Patient Type": "Established" if i % 2 else "New",
         "Payer Type": "Medicare", "Provider Name": f"Dr. Provider {i % 5}", "Provider Type": "MD", "Race": "White",
         "Sex": "F"}
    r.update(over)
    return r


def roster_csv(rows: list[dict], columns: list[str] = COLUMNS) -> bytes:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow(r)
    return buf.getvalue().encode()


def upload(client, headers, content: bytes, project_id: int = PROJECT, only_parse: str | None = "true",
           name: str = "roster.csv", ctype: str = "text/csv", **data):
    form = dict(data)
    if only_parse is not None:
        form["onlyParse"] = only_parse
    return client.post(f"/api/roster/{project_id}", headers=headers, files={"file": (name, content, ctype)}, data=form)


def event_visits(data: dict) -> list[dict]:
    """The visits of a `rosters.visits.imported` event (version 2: `visitColumns`, each field's values in order)."""
    columns = data["visitColumns"]
    return [dict(zip(columns, values)) for values in zip(*columns.values())]


def roster_pdf(rows: list[dict], columns: list[str] = COLUMNS, *, rows_per_page: int | None = None) -> bytes:
    """The roster as a client's report writer prints it: a bordered table, its heading repeated on every page."""
    from fpdf import FPDF

    doc = FPDF(orientation="L", format="A3")
    doc.set_font("helvetica", size=6)
    doc.add_page()
    with doc.table(repeat_headings=1) as table:
        heading = table.row()
        for c in columns:
            heading.cell(c)
        for i, r in enumerate(rows):
            if rows_per_page and i and i % rows_per_page == 0:
                doc.add_page()  # fpdf2 repeats the heading row on the new page
            cells = table.row()
            for c in columns:
                cells.cell(r.get(c, ""))
    return bytes(doc.output())
