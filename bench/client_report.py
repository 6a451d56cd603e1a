"""The client report export (POST /api/service-recoveries/report, format csv) over a year of one busy client's
project: seeds reporting's read models of an embedded var-dir, then times the download through the API.

    # 1. an embedded app made the var-dir (migrations + demo seed); stop it, then
    .venv/bin/python bench/client_report.py --var-dir /tmp/soR
    # 2. start the app on that var-dir again, then time the export (first byte, whole file, server RSS)
    .venv/bin/python bench/client_report.py --time http://localhost:8022 --var-dir /tmp/soR --pid <server pid>

Volumes (defaults): one project of the demo project manager with 100,000 visits (patient fields, cells) and
200,000 calls over the past 365 days, 30,000 of them surveys (Agreed to Survey; a third with a negative comment,
half of those cleaned), 5 answers each (150,000, one open-ended), 3,000 escalations, quotas per cell, and a saved
export with every catalogue key and every question. Nothing here is patient data: names and phones are generated.
"""

from __future__ import annotations

import argparse
import json
import random
import threading
import time
import urllib.request
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from sqlalchemy import create_engine, insert, text

from seed_year import put, sign_in  # bench/seed_year.py: bulk insert; password, then the code from sms.log

BASE_ID = 500_000
FIRST = ["Ada", "ben", "Carla", "Dmitri", "eva", "Farah", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena", "Maya"]
LAST = ["Adams", "de la Cruz", "Baker", "van Dyke", "Chen", "Diaz", "O'Neil", "Patel", "Smith", "Zhang"]
QUESTIONS = [(9001, "Overall rating"), (9002, "Would you recommend us?"), (9003, "Was the wait reasonable?"),
             (9004, "Staff courtesy"), (9005, "Anything else you want to tell us?")]
ANSWERS = ["Excellent", "Good", "Fair", "Poor"]


def seed(args) -> None:
    rnd = random.Random(11)
    eng = create_engine(f"sqlite:///{Path(args.var_dir) / 'reporting.sqlite3'}")
    with eng.connect() as con:
        pm = con.execute(text("SELECT id FROM rm_user WHERE email = 'pm@demo.test'")).scalar_one()
        surveyors = list(con.execute(text("SELECT id FROM rm_user WHERE role = 3")).scalars())
    now = datetime.now(UTC).replace(tzinfo=None)
    pid = BASE_ID
    put(eng, "rm_client", [{"id": BASE_ID, "name": "Riverside Health Partners", "deleted": False}])
    put(eng, "rm_project", [{"id": pid, "name": "Riverside Year Survey", "manager_id": pm, "payment_rate": 4,
                             "deleted_at": None, "client_id": BASE_ID, "timezone": "America/Chicago",
                             "status_id": 2, "report_freq_id": 2, "start_date": (now - timedelta(days=400)).date()}])
    visits = []
    for i in range(args.visits):
        visits.append({"id": BASE_ID + i, "project_id": pid, "roster_id": BASE_ID + i % 50,
                       "visitor_id": str(BASE_ID + i % (args.visits * 9 // 10)),
                       "first_name": rnd.choice(FIRST), "last_name": rnd.choice(LAST),
                       "phone_cell": f"773555{i % 10_000:04d}",
                       "phone_home": None if i % 3 else f"847555{i % 10_000:04d}",
                       "dos": (now - timedelta(days=i % 365)).date(),
                       "dob": date(1940 + i % 60, 1 + i % 12, 1 + i % 28), "age": 20 + i % 70,
                       "gender": "F" if i % 2 else "M", "provider_name": f"Dr. {LAST[i % 10]} {i % 40}",
                       "provider_type": "MD", "site_name": f"Site {i % 12}", "department_name": f"Dept {i % 6}",
                       "guarantor": None, "language_id": 1 + i % 2, "chpw": None, "type_id": 1 + i % 2,
                       "payer_type": "Medicare" if i % 4 else "Commercial", "ethnicity": None, "race": None,
                       "mrn": f"M{i:07d}", "roster_removed": i % 50 == 49, "imported_at": now})
    put(eng, "rm_visit", visits)
    quotas = ([{"typeId": 1, "value": f"Dr. {LAST[i % 10]} {i}", "required": 40} for i in range(40)]
              + [{"typeId": 2, "value": f"Site {i}", "required": 200} for i in range(12)]
              + [{"typeId": 3, "value": f"Dept {i}", "required": 400} for i in range(6)])
    put(eng, "rm_sampling", [{"project_id": pid, "quotas": quotas}])
    calls, answers, cleaned, escalations = [], [], [], []
    span = 365 * 86400
    every = max(1, args.calls // args.surveys)  # escalations: one survey in ten
    for i in range(args.calls):
        v = visits[i % len(visits)]
        t = now - timedelta(seconds=span * i / args.calls)
        surveyed = i * args.surveys // args.calls != (i + 1) * args.surveys // args.calls  # exactly --surveys
        cid = BASE_ID + i
        negative = f"The wait was long, call {i}" if surveyed and i % 3 == 0 else None
        calls.append({"call_id": cid, "project_id": pid, "visit_id": v["id"],
                      "surveyor_id": surveyors[i % len(surveyors)],
                      "result": 1 if surveyed else 2 + i % 6, "is_partial": surveyed and i % 11 == 0,
                      "is_agree_complete": surveyed, "survey_language_id": 1, "language_id": v["language_id"],
                      "provider": v["provider_name"], "site": v["site_name"], "department": v["department_name"],
                      "call_start": t - timedelta(minutes=6), "call_day": (t - timedelta(hours=6)).date(),
                      "ended_at": t, "duration_us": 360_000_000, "surveyed_on": t,
                      "positive": "Friendly staff" if surveyed and i % 2 == 0 else None, "negative": negative,
                      "survey_completed_on": t if surveyed else None, "released": False,
                      "is_qa_removal": surveyed and i % 97 == 0, "survey_discarded": False})
        if surveyed:
            for q, title in QUESTIONS:
                oe = "Parking is hard to find" if q == 9005 else None
                a = None if oe else (i + q) % len(ANSWERS)
                answers.append({"call_id": cid, "project_id": pid, "ques_id": q, "sequence": 1,
                                "ans_id": None if a is None else 100 + a, "open_ended": oe, "question": title,
                                "answer": None if a is None else ANSWERS[a]})
            if negative and i % 2 == 0:
                cleaned.append({"call_id": cid, "kind": "negative", "ques_id": 0, "project_id": pid,
                                "is_cleaned": True, "nsm": f"The wait was long (cleaned), call {i}", "cleaned": None})
            if len(escalations) < args.escalations and (i * args.surveys // args.calls) % 10 == 0:
                escalations.append({"id": BASE_ID + len(escalations), "call_id": cid, "project_id": pid,
                                    "surveyor_id": calls[-1]["surveyor_id"], "surveyed_on": t, "resolved": False})
    put(eng, "call_fact", calls)
    put(eng, "rm_survey_answer", answers)
    put(eng, "rm_cleaned_comment", cleaned)
    put(eng, "rm_escalation", escalations)
    from reporting.service_recovery.service import CATALOGUE  # the keys the screen offers
    keys = list(CATALOGUE) + [f"Question {q}" for q, _ in QUESTIONS]
    put(eng, "service_recovery", [{"id": BASE_ID, "project_id": pid, "name": "Year export", "sr_keys": keys,
                                   "only_sr": False, "created_by": pm, "created_at": now}])
    with eng.begin() as con:
        con.execute(text("ANALYZE"))


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def time_export(args) -> None:
    token = sign_in(args.time, args.var_dir, "pm@demo.test")
    today = datetime.now(UTC).date()
    body = {"id": BASE_ID, "from": (today - timedelta(days=365)).isoformat(),
            "to": (today - timedelta(days=1)).isoformat(), "format": args.format}
    for run in range(args.runs):
        base_rss, peak = rss_kb(args.pid) if args.pid else 0, [0]
        stop = threading.Event()

        def sample():
            while not stop.is_set():
                peak[0] = max(peak[0], rss_kb(args.pid))
                time.sleep(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        if args.pid:
            sampler.start()
        req = urllib.request.Request(args.time + "/api/service-recoveries/report", json.dumps(body).encode(),
                                     {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
        t0 = time.perf_counter()
        size = 0
        with urllib.request.urlopen(req, timeout=600) as r:
            first = r.read(1)
            t_first = time.perf_counter() - t0
            size = len(first)
            while chunk := r.read(1 << 16):
                size += len(chunk)
        total = time.perf_counter() - t0
        stop.set()
        if args.pid:
            sampler.join()
        print(f"run {run + 1}: first byte {t_first:.2f} s, whole file {total:.2f} s, {size / 2**20:.1f} MiB; "
              f"server RSS {base_rss / 1024:.0f} MB before, peak {peak[0] / 1024:.0f} MB (+{(peak[0] - base_rss) / 1024:.0f} MB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--var-dir", required=True, help="embedded var-dir (reporting.sqlite3, and sms.log for --time)")
    ap.add_argument("--time", metavar="BASE_URL", help="time the export on a running app instead of seeding")
    ap.add_argument("--pid", type=int, help="the server's process id, to sample its RSS while the export runs")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--format", choices=("csv", "json"), default="csv", help="the file, or the rows the screen reads")
    ap.add_argument("--visits", type=int, default=100_000)
    ap.add_argument("--calls", type=int, default=200_000)
    ap.add_argument("--surveys", type=int, default=30_000)
    ap.add_argument("--escalations", type=int, default=3000)
    args = ap.parse_args()
    if args.time:
        time_export(args)
    else:
        seed(args)


if __name__ == "__main__":
    main()
