"""The display-logic evaluator. The browser runs the same definition (libs/surveys/data-access
`logic-evaluator.ts`); both are tested against tests/fixtures/logic/*.json.

Definition:
- A rule fires when its trigger matches: via roster, the roster field's value equals the rule's value (both
  trimmed, case-insensitive); otherwise, the answers hold the rule's answer for the rule's question.
- A rule whose trigger question is itself hidden does not fire (the hidden question's answers do not count).
- A question is hidden when a fired rule lists it among its affected questions.
Circular rules are refused when saved; if stored data still held a cycle, a question on the cycle is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    via_roster: bool
    question_id: int | None
    answer_id: int | None
    roster_field: str | None
    roster_value: str | None
    affected: tuple[int, ...]


def _norm(v: object) -> str:
    return str(v).strip().lower() if v is not None else ""


def hidden_questions(rules: Iterable[Rule], answers: Iterable[tuple[int, int | None]],
                     roster_values: Mapping[str, str | None] | None = None) -> set[int]:
    rules = list(rules)
    given = {(q, a) for q, a in answers if a is not None}
    roster = {_norm(k): _norm(v) for k, v in (roster_values or {}).items()}
    hiders: dict[int, list[Rule]] = {}
    for r in rules:
        for q in r.affected:
            hiders.setdefault(q, []).append(r)
    memo: dict[int, bool] = {}
    visiting: set[int] = set()

    def fires(rule: Rule) -> bool:
        if rule.via_roster:
            field = _norm(rule.roster_field)
            return bool(field) and field in roster and roster[field] == _norm(rule.roster_value)
        if rule.question_id is None or (rule.question_id, rule.answer_id) not in given:
            return False
        return not is_hidden(rule.question_id)

    def is_hidden(q: int) -> bool:
        if q in memo:
            return memo[q]
        if q in visiting:
            return False
        visiting.add(q)
        result = any(fires(r) for r in hiders.get(q, ()))
        visiting.discard(q)
        memo[q] = result
        return result

    return {q for q in hiders if is_hidden(q)}


def creates_cycle(edges: Iterable[tuple[int, int]]) -> bool:
    """True when the trigger-question -> affected-question graph has a cycle (a rule hiding its own trigger
    directly or through other rules)."""
    graph: dict[int, set[int]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    state: dict[int, int] = {}

    def visit(n: int) -> bool:
        state[n] = 1
        for m in graph.get(n, ()):
            s = state.get(m, 0)
            if s == 1 or (s == 0 and visit(m)):
                return True
        state[n] = 2
        return False

    return any(state.get(n, 0) == 0 and visit(n) for n in list(graph))
