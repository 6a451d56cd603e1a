"""Property-based requests over a service's OpenAPI document (Schemathesis), for every service's tests.

Every operation gets valid and invalid requests (Schemathesis' positive and negative generation) as each
caller a test names (an Admin, a surveyor, nobody), then a stateful run that chains operations through the
links Schemathesis infers from the document (an id a create returns feeds the reads and updates that take
it). Every answer is checked:
- never a server error (5xx): bad input is the caller's 4xx;
- never a status code the operation does not document (the kit documents its own: `kit.openapi_doc`);
- every date-time in a JSON answer carries its offset (a naive one is read in the reader's time zone).

Test support only: Schemathesis and Hypothesis come from requirements-dev.txt.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import FlakyStrategyDefinition, Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.python import asgi

# An ISO 8601 date and time of day with no offset ("2026-11-24T10:00:00"); dates alone are days, not instants.
NAIVE_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$")
MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)

Headers = Callable[[], dict[str, str]]
# Requests per service: the full run on PostgreSQL (what production runs, the stricter types), a shorter one on
# SQLite (the embedded run) so the suite stays quick; generating a case costs more than answering it.
CASES = {"postgresql": 2000, "sqlite": 400}


def budget(database_url: str) -> int:
    return CASES["sqlite" if database_url.startswith("sqlite") else "postgresql"]


@dataclass
class Report:
    cases: int = 0
    operations: int = 0
    stateful_steps: int = 0
    failures: list[tuple[str, str, int, str]] = field(default_factory=list)

    def fail(self, who: str, label: str, status: int, problem: str) -> None:
        self.failures.append((who, label, status, problem))

    def summary(self) -> str:
        lines = [f"{len(self.failures)} failures in {self.cases} cases over {self.operations} operations "
                 f"({self.stateful_steps} stateful steps)"]
        seen = set()
        for who, label, status, problem in self.failures:
            if (label, status, problem[:60]) not in seen:
                seen.add((label, status, problem[:60]))
                lines.append(f"  [{who}] {label} -> {status}: {problem}")
        return "\n".join(lines[:40])


def naive_datetimes(value: Any, path: str = "$") -> Iterator[str]:
    """JSON paths of the strings that look like a date-time without an offset."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from naive_datetimes(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value[:50]):
            yield from naive_datetimes(v, f"{path}[{i}]")
    elif isinstance(value, str) and NAIVE_DATETIME.match(value):
        yield f"{path}={value!r}"


def documented(responses: dict, status: int) -> bool:
    return str(status) in responses or f"{status // 100}XX" in responses or "default" in responses


def check_response(report: Report, who: str, label: str, responses: dict, response) -> None:
    status = response.status_code
    report.cases += 1
    if status >= 500:
        report.fail(who, label, status, f"server error {response.text[:160]}")
    elif not documented(responses, status):
        report.fail(who, label, status, f"undocumented status; body {response.text[:160]}")
    content_type = (response.headers.get("content-type") or [""])[0]  # Schemathesis keeps lists of values
    if 200 <= status < 300 and content_type.startswith("application/json"):
        try:
            body = response.json()
        except ValueError:
            report.fail(who, label, status, "a JSON content type with a body that is not JSON")
            return
        naive = list(naive_datetimes(body))
        if naive:
            report.fail(who, label, status, f"date-time without an offset: {naive[:3]}")


def _without_auth(case) -> None:
    # a generated Authorization header would only replace the caller's with garbage
    if case.headers:
        case.headers = {k: v for k, v in case.headers.items() if k.lower() != "authorization"}


def http_only(app):
    """The app for requests alone: the test's client already ran its lifespan (relay, consumers); Schemathesis
    would otherwise start a second one that outlives the test. Refusing the lifespan scope is how an ASGI app
    says it has none."""

    async def serve(scope, receive, send):
        if scope["type"] == "lifespan":
            raise RuntimeError("the lifespan is the test client's")
        await app(scope, receive, send)

    return serve


def fuzz(app, service: str, callers: dict[str, Headers], min_cases: int = 2000, stateful_steps: int = 200) -> Report:
    """Runs the stateless phase (each operation x caller x mode, examples scaled so the service gets at least
    `min_cases` requests) and a stateful phase per caller; returns what it saw. `app` is running (its test
    client entered)."""
    served = http_only(app)
    schema = schemathesis.openapi.from_asgi(f"/api/docs/{service}/openapi.json", served)
    operations = [r.ok() for r in schema.get_all_operations()]
    report = Report(operations=len(operations))
    per_combo = max(8, math.ceil(min_cases / (len(operations) * len(callers) * len(MODES))))
    with asgi.get_client(served) as client:  # one client for the run, not one per request
        for who, headers in callers.items():
            for op in operations:
                for mode in MODES:
                    _stateless(report, client, who, headers, op, mode, per_combo)
            _stateful(report, schema, who, headers, stateful_steps)
    return report


def _stateless(report: Report, client, who: str, headers: Headers, op, mode: GenerationMode, examples: int) -> None:
    responses = op.definition.raw.get("responses", {})

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(case=op.as_strategy(generation_mode=mode))
    def run(case):
        _without_auth(case)
        check_response(report, who, op.label, responses, case.call(session=client, headers=headers()))

    try:
        run()
    except Unsatisfiable:
        pass  # nothing in this operation can be made invalid (no parameters, no body): positive mode covers it


def _stateful(report: Report, schema, who: str, headers: Headers, steps: int) -> None:
    """Chains of calls along the inferred links (a created id read, updated and deleted), as this caller."""
    machine = schema.as_state_machine()
    if not getattr(machine, "bundles", None):
        return  # no links inferred: the stateless phase is all there is

    class Machine(machine):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case):
            _without_auth(case)
            return {"headers": headers()}

        def validate_response(self, response, case, **kwargs):
            report.stateful_steps += 1
            op = case.operation
            check_response(report, who, op.label, op.definition.raw.get("responses", {}), response)

    # generate only: the service's database keeps what earlier runs created, so a replayed or shrunk run would
    # not see the state it first saw (Hypothesis calls that flaky); failures are collected, not raised
    try:
        Machine.run(settings=settings(max_examples=max(1, steps // 10), stateful_step_count=10, deadline=None,
                                      database=None, derandomize=True, phases=[Phase.generate],
                                      suppress_health_check=list(HealthCheck)))
    except FlakyStrategyDefinition:
        # Schemathesis lets a link's observed outcomes steer later choices, which Hypothesis takes for
        # inconsistent generation and stops the run; the steps made so far were checked and counted
        pass


def assert_contract(app, service: str, database_url: str, callers: dict[str, Headers] | None = None,
                    tokens=None) -> Report:
    """A service's contract test: the run at this database's budget, as the given callers (default: an Admin,
    user 1, and a surveyor, user 21, with tokens from `kit.testing.tokens`); fails on any finding."""
    from kit.auth import Role

    if callers is None:
        callers = {"admin": lambda: tokens.headers(Role.ADMIN, 1), "surveyor": lambda: tokens.headers(Role.SURVEYOR, 21)}
    report = fuzz(app, service, callers, min_cases=budget(database_url))
    print(report.summary())
    assert report.cases >= budget(database_url), report.summary()
    assert not report.failures, report.summary()
    return report
