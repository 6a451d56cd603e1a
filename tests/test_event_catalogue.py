"""The event catalogue holds: every consumed routing key is published by some service, every published key is
consumed or kept for a named later consumer, and docs/architecture.md's catalogue lists each event with its
consumers.

Published keys come from each service's `events/published.py` `PUBLISHED` tuple, consumed patterns from each
service's `EventConsumer` handler maps (`ServiceSpec.consumers`), the documented ones from the catalogue table."""

import ast
import importlib
import re
from pathlib import Path

import pytest

from kit.events import topic_matches

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
ROUTING_KEY = re.compile(r"^[a-z][a-z_]*\.[a-z][a-z_]*\.[a-z][a-z_]*$")


def published(service: str) -> tuple[str, ...]:
    return tuple(importlib.import_module(f"{service}.events.published").PUBLISHED)


def consumed(app) -> dict[str, list[str]]:
    """{consumer name: [patterns]} of one service app; with the kit's revocation broadcast, which every
    service's app subscribes to (kit.revocation)."""
    from kit.revocation import LISTENER, SESSION_REVOKED

    found = {c.name: list(c.patterns) for c in app.state.spec.consumers(app.state.db)}
    if getattr(app.state, "revocations", None) is not None:
        found[f"kit.{LISTENER}"] = [SESSION_REVOKED]
    return found


def catalogue(text: str) -> dict[str, str]:
    """{routing key: the row's Consumers cell} from the Event catalogue table; `.updated` after
    `identity.user.created` stands for `identity.user.updated`."""
    section = text.split("## Event catalogue", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not cells[0].startswith("`"):
            continue
        last = None
        for token in re.findall(r"`([^`]+)`", cells[0]):
            key = last.rsplit(".", 1)[0] + token if token.startswith(".") and last else token
            rows[key] = cells[-1]
            last = key
    return rows


def kept_for(cell: str) -> str | None:
    """The named later consumer of a "— (kept for <who>)" cell."""
    m = re.search(r"kept for ([^)]+)", cell)
    return m.group(1).strip() if m else None


@pytest.fixture(scope="module")
def facts(service_apps):
    pubs = {s: published(s) for s in service_apps}
    cons = {s: consumed(app) for s, app in service_apps.items()}
    return pubs, cons, catalogue(ARCHITECTURE.read_text())


def test_every_consumed_key_is_published(facts):
    pubs, cons, _ = facts
    all_keys = {k for keys in pubs.values() for k in keys}
    problems = [f"{svc} consumer {name!r} handles {p!r}, which no service publishes (no PUBLISHED tuple in any "
                f"services/*/src/*/events/published.py holds a matching key): drop the handler or publish it"
                for svc, consumers in cons.items() for name, patterns in consumers.items() for p in patterns
                if not any(topic_matches(p, k) for k in all_keys)]
    assert not problems, "\n".join(problems)


def test_every_published_key_is_consumed_or_kept_for_a_named_consumer(facts):
    pubs, cons, rows = facts
    problems = []
    for svc, keys in pubs.items():
        for key in keys:
            readers = sorted({s for s, consumers in cons.items() for patterns in consumers.values()
                              if any(topic_matches(p, key) for p in patterns)})
            if key not in rows:
                problems.append(f"{svc} publishes {key!r}, which docs/architecture.md's event catalogue does not list: "
                                f"add a row `| \\`{key}\\` | {svc} | {{data}} | {', '.join(readers) or '— (kept for <later consumer>)'} |`")
                continue
            cell = rows[key]
            if not readers and not kept_for(cell):
                problems.append(f"{svc} publishes {key!r} and nothing consumes it: its catalogue row's Consumers cell "
                                f"must say `— (kept for <the named later consumer>)`, not {cell!r}")
            missing = [r for r in readers if not re.search(rf"\b{r}\b", cell)]
            if missing:
                problems.append(f"{', '.join(missing)} consume(s) {key!r}: add them to its catalogue row's Consumers "
                                f"cell ({cell!r}) in docs/architecture.md")
    assert not problems, "\n".join(problems)


def test_the_catalogue_lists_only_published_keys(facts):
    pubs, _, rows = facts
    all_keys = {k for keys in pubs.values() for k in keys}
    extra = sorted(set(rows) - all_keys)
    assert not extra, (f"docs/architecture.md's event catalogue lists {extra}, which no PUBLISHED tuple holds: "
                       f"add the key to its publisher's events/published.py PUBLISHED, or drop the row")


def test_every_routing_key_in_a_services_code_is_in_its_published_tuple(service_apps):
    """A key written as a literal elsewhere (e.g. in a module's service.py) must be in PUBLISHED too, so the
    tuple is the whole truth."""
    problems = []
    for svc in service_apps:
        keys = set(published(svc))
        for path in sorted((ROOT / "services" / svc / "src" / svc).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if (isinstance(node, ast.Constant) and isinstance(node.value, str) and ROUTING_KEY.match(node.value)
                        and node.value.startswith(f"{svc}.") and node.value not in keys):
                    problems.append(f"{path.relative_to(ROOT)}:{node.lineno} names {node.value!r}: add it to "
                                    f"PUBLISHED in services/{svc}/src/{svc}/events/published.py")
    assert not problems, "\n".join(problems)


def test_catalogue_parser():
    rows = catalogue("## Event catalogue\n| Event | P | D | C |\n|---|---|---|---|\n"
                     "| `a.b.created` / `.updated` | a | `{id}` | x, y |\n| `c.d.e` | c | d | — (kept for z's report) |\n"
                     "## Next\n| `f.g.h` | f | d | q |\n")
    assert rows == {"a.b.created": "x, y", "a.b.updated": "x, y", "c.d.e": "— (kept for z's report)"}
    assert kept_for(rows["c.d.e"]) == "z's report" and kept_for("x, y") is None
