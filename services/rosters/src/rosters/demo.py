"""Fake, deterministic rosters: the embedded run's demo roster, the benchmarks and the scenario tests."""

import csv
import io
import random
from datetime import date, timedelta

COLUMNS = ["Age", "Cell Phone", "Site", "CHPW", "Department", "DOB", "DOS", "Ethnicity", "Guarantor", "Home Phone",
           "Language", "MRN", "Patient Name", "Patient Type", "Payer Type", "Provider Name", "Provider Type", "Race",
           "Sex"]
FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "Maria",
         "Jose", "Wei", "Fatima", "Nguyen", "Olga", "Ahmed", "Sofia", "Luis", "Grace"]
LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
        "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin"]
LANGS = ["English"] * 14 + ["Spanish"] * 4 + ["Vietnamese", "Russian", "Arabic", "Mandarin"]


def fake_roster(rows: int, seed: int = 2026, *, languages: list[str] | None = None, dos_end: date | None = None) -> bytes:
    """A roster CSV with the spec's 19 columns; dates of service fall in the 30 days before `dos_end`
    (default today), in both accepted date formats; phones in several spellings; fake patients only."""
    rnd = random.Random(seed)
    langs = languages or LANGS
    dos_end = dos_end or date.today()
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    providers = [f"Dr. {rnd.choice(FIRST)} {rnd.choice(LAST)}" for _ in range(120)]
    sites = [f"Riverside Site {i}" for i in range(12)]
    depts = ["Cardiology", "Family Medicine", "Pediatrics", "Oncology", "Orthopedics", "Urgent Care", "OB/GYN"]
    for i in range(rows):
        dob_y = rnd.randint(1930, 2020)
        dob = f"{rnd.randint(1, 12):02d}/{rnd.randint(1, 28):02d}/{dob_y}"
        day = dos_end - timedelta(days=rnd.randint(1, 30))
        dos = day.isoformat() if i % 3 == 0 else day.strftime("%m/%d/%Y")
        cell = f"({rnd.randint(200, 989)}) {rnd.randint(200, 999)}-{rnd.randint(0, 9999):04d}" if rnd.random() < 0.85 else ""
        home = f"1-{rnd.randint(200, 989)}-{rnd.randint(200, 999)}-{rnd.randint(0, 9999):04d}" if (not cell or rnd.random() < 0.3) else ""
        w.writerow([2026 - dob_y, cell, rnd.choice(sites), rnd.choice(["Y", "N"]), rnd.choice(depts), dob, dos,
                    rnd.choice(["Hispanic", "Not Hispanic", "Unknown"]), rnd.choice(["Self", "Parent", "Spouse"]),
                    home, rnd.choice(langs), f"MRN{rnd.randint(0, 10**9):010d}",
                    f"{rnd.choice(LAST)}, {rnd.choice(FIRST)}", rnd.choice(["Established", "New", "1", "2"]),
                    rnd.choice(["Medicare", "Medicaid", "Commercial", "Self Pay"]), rnd.choice(providers),
                    rnd.choice(["MD", "DO", "NP", "PA"]), rnd.choice(["White", "Black", "Asian", "Other"]),
                    rnd.choice(["F", "M"])])
    return buf.getvalue().encode()
