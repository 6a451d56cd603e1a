"""docs/architecture.md's route table names every entry of gateway/routes.yaml with the service it goes to.

The table is what a reader checks before searching the code; an entry added to routes.yaml without its row
(or a row left pointing at the wrong service) makes it wrong without anyone noticing."""

import re
from pathlib import Path

from gateway.table import load

DOC = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"
ALL_METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH"}


def doc_rows(text: str) -> list[tuple[list[str], set[str], str]]:
    """(path patterns, methods, service) of each row of the "Route table" section; the service "that" is the one
    a `<service>` in the path names (`docs/<service>`)."""
    section = text.split("## Route table", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        patterns = re.findall(r"`([^`]+)`", cells[0])
        methods = ALL_METHODS if cells[1] == "all" else {m.strip() for m in cells[1].split(",")}
        rows.append((patterns, methods, cells[2].split()[0]))
    return rows


def covers(pattern: str, path: str, service: str) -> bool:
    pattern = pattern.replace("<service>", service)
    if pattern.endswith("*"):
        base = pattern.rstrip("*").rstrip("/")
        return path == base or path.startswith(base)
    return path == pattern


def missing_rows(text: str) -> list[str]:
    _, routes = load()
    rows = doc_rows(text)
    problems = []
    for route in routes:
        path = route.path.removeprefix("/api/")
        # a prefix entry without methods takes every method; the row names those the service serves
        methods = set(route.methods)
        ok = any((service == route.service or service == "that") and methods <= row_methods
                 and any(covers(p, path, route.service) for p in patterns)
                 for patterns, row_methods, service in rows)
        if not ok:
            kind = "path" if route.exact else "prefix"
            problems.append(f"{'/'.join(sorted(methods)) or 'any'} {kind} {route.path} -> {route.service}")
    return problems


def test_every_route_has_its_row():
    problems = missing_rows(DOC.read_text())
    assert not problems, ("docs/architecture.md's route table lacks (or names another service for):\n"
                          + "\n".join(problems))


def test_a_missing_row_is_found():
    text = DOC.read_text()
    assert ", `escalations*`" in text
    assert missing_rows(text.replace(", `escalations*`", "")) == ["any prefix /api/escalations -> calling"]
    assert "| `roster*`, `sampling*` | all | rosters |" in text
    wrong = text.replace("| `roster*`, `sampling*` | all | rosters |", "| `roster*`, `sampling*` | all | calling |")
    assert missing_rows(wrong) == ["any prefix /api/sampling -> rosters", "any prefix /api/roster -> rosters"]
    assert "| `language` | PUT | rosters" in text
    get_only = text.replace("| `language` | PUT | rosters", "| `language` | GET | rosters")
    assert "PUT path /api/language -> rosters" in missing_rows(get_only)
