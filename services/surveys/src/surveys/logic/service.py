"""Logic rules of a project's questionnaire: validated against that questionnaire, never circular."""

from __future__ import annotations

from sqlalchemy.orm import Session

from kit.auth import SURVEYOR_ROLES, Principal, Role
from kit.errors import Forbidden, NotFound
from surveys.errors import Unprocessable
from surveys.languages import ENGLISH
from surveys.logic import repository as repo
from surveys.logic.evaluator import Rule, creates_cycle, hidden_questions
from surveys.logic.schemas import LogicRuleIn, LogicRuleUpdate
from surveys.models import LogicRule, QuestionnaireItem
from surveys.questionnaire import repository as questionnaire_repo
from surveys.readmodel import repository as rm
from surveys.readmodel import service as access


def as_rule(r: LogicRule) -> Rule:
    return Rule(via_roster=r.via_roster, question_id=r.question_id, answer_id=r.answer_id,
                roster_field=r.roster_field, roster_value=r.roster_value,
                affected=tuple(int(x) for x in (r.affected_question_ids or [])))


def active_rules(session: Session, project_id: int) -> list[Rule]:
    return [as_rule(r) for r in repo.rules_of(session, [project_id])]


def hidden_for(session: Session, project_id: int, answers, roster_values=None) -> set[int]:
    return hidden_questions(active_rules(session, project_id), answers, roster_values)


def _text(variants, attr: str, language_id: int) -> str | None:
    by = {v.lang_id: getattr(v, attr) for v in variants}
    return by.get(language_id) or by.get(ENGLISH)


def view(rule: LogicRule, items: dict[int, QuestionnaireItem], language_id: int) -> dict:
    def q(qid):
        it = items.get(qid)
        if it is None:
            return None
        return {"id": qid, "title": it.question.title, "text": _text(it.question.lang_questions, "ques_text", language_id)}

    answer = None
    if rule.question_id in items and rule.answer_id is not None:
        link = next((a for a in items[rule.question_id].answers if a.answer_id == rule.answer_id), None)
        if link is not None:
            answer = {"id": link.answer.id, "title": link.answer.title,
                      "text": _text(link.answer.lang_answers, "ans_text", language_id)}
    return {
        "id": rule.id, "project_id": rule.project_id, "via_roster": rule.via_roster, "question_id": rule.question_id,
        "answer_id": rule.answer_id, "roster_field": rule.roster_field, "roster_value": rule.roster_value,
        "affected_question_ids": list(rule.affected_question_ids or []), "is_deleted": rule.is_deleted,
        "question": q(rule.question_id) if rule.question_id else None, "answer": answer,
        "affected_questions": [x for x in (q(a) for a in rule.affected_question_ids or []) if x is not None],
    }


def list_rules(session: Session, principal: Principal, *, project_id: int | None, manager_id: int | None,
               surveyor_id: int | None, is_deleted: bool, language_id: int) -> list[dict]:
    if principal.role in SURVEYOR_ROLES and surveyor_id is not None and surveyor_id != principal.id:
        raise Forbidden("surveyorId: surveyors read the logic of their own projects only")
    if principal.has(Role.PROJECT_MANAGER) and manager_id is not None and manager_id != principal.id:
        raise Forbidden("managerId: project managers read the logic of their own projects only")
    if project_id is not None:
        project = access.readable_project(session, principal, project_id)
        if manager_id is not None and project.manager_id != manager_id:
            raise NotFound(f"projectId: project {project_id} is not managed by user {manager_id}")
        if surveyor_id is not None and not rm.is_assigned(session, project_id, surveyor_id):
            raise NotFound(f"surveyorId: surveyor {surveyor_id} is not assigned to project {project_id}")
        ids = [project_id]
    else:
        ids = access.visible_project_ids(session, principal)
        if manager_id is not None:
            mine = set(rm.project_ids_of_manager(session, manager_id))
            ids = [i for i in (ids if ids is not None else mine) if i in mine]
        if surveyor_id is not None:
            theirs = set(rm.project_ids_of_surveyor(session, surveyor_id))
            ids = [i for i in (ids if ids is not None else theirs) if i in theirs]
    rules = repo.rules_of(session, ids, deleted=is_deleted)
    cache: dict[int, dict[int, QuestionnaireItem]] = {}
    out = []
    for r in rules:
        if r.project_id not in cache:
            cache[r.project_id] = {it.question_id: it for it in questionnaire_repo.items(session, r.project_id)}
        out.append(view(r, cache[r.project_id], language_id))
    return out


def _validate(session: Session, body: LogicRuleIn, rule_id: int | None) -> dict[int, QuestionnaireItem]:
    items = {it.question_id: it for it in questionnaire_repo.items(session, body.project_id)}
    if not items:
        raise Unprocessable(f"projectId: project {body.project_id} has no questionnaire to add logic to")
    if not body.via_roster:
        item = items.get(body.question_id)
        if item is None:
            raise Unprocessable(f"questionId: question {body.question_id} is not in this project's questionnaire")
        if body.answer_id not in {a.answer_id for a in item.answers}:
            raise Unprocessable(f"answerId: answer {body.answer_id} is not a response of '{item.question.title}'")
        if body.question_id in body.affected_question_ids:
            raise Unprocessable("affectedQuestionIds: a rule cannot hide its own question")
    for i, q in enumerate(body.affected_question_ids):
        if q not in items:
            raise Unprocessable(f"affectedQuestionIds #{i + 1}: question {q} is not in this project's questionnaire")
    edges = [(r.question_id, a) for r in repo.rules_of(session, [body.project_id])
             if r.id != rule_id and not r.via_roster and r.question_id is not None
             for a in (r.affected_question_ids or [])]
    if not body.via_roster:
        edges += [(body.question_id, a) for a in body.affected_question_ids]
    if creates_cycle(edges):
        # the rules before this one had no cycle, so it runs through this rule's own question
        title = items[body.question_id].question.title
        closer = _hider_on_cycle(edges, body.question_id, body.affected_question_ids)
        by = f" (a rule on '{items[closer].question.title}' hides it)" if closer in items else ""
        raise Unprocessable(f"affectedQuestionIds: this rule would be circular: '{title}' would hide itself through "
                            f"other rules{by}")
    return items


def _hider_on_cycle(edges: list[tuple[int, int]], start: int, affected: list[int]) -> int | None:
    """The question whose rule hides `start` on a path from one of the new rule's affected questions back to it."""
    graph: dict[int, list[int]] = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
    queue = list(affected)
    seen = set(queue)
    while queue:
        n = queue.pop(0)
        for m in graph.get(n, ()):
            if m == start:
                return n
            if m not in seen:
                seen.add(m)
                queue.append(m)
    return None


def _apply(rule: LogicRule, body: LogicRuleIn) -> None:
    rule.via_roster = body.via_roster
    rule.question_id = None if body.via_roster else body.question_id
    rule.answer_id = None if body.via_roster else body.answer_id
    rule.roster_field = body.roster_field.strip() if body.via_roster and body.roster_field else None
    rule.roster_value = body.roster_value.strip() if body.via_roster and body.roster_value else None
    rule.affected_question_ids = list(body.affected_question_ids)


def create(session: Session, principal: Principal, body: LogicRuleIn, language_id: int = ENGLISH) -> dict:
    access.managed_project(session, principal, body.project_id)
    items = _validate(session, body, None)
    rule = LogicRule(project_id=body.project_id, is_deleted=False)
    _apply(rule, body)
    repo.add(session, rule)
    return view(rule, items, language_id)


def _own_rule(session: Session, principal: Principal, rule_id: int) -> LogicRule:
    rule = repo.get(session, rule_id)
    if rule is None or rule.is_deleted:
        raise NotFound(f"id: logic rule {rule_id} not found")
    project = rm.get_project(session, rule.project_id)
    if project is None or not access.can_read_project(session, principal, project):
        raise NotFound(f"id: logic rule {rule_id} not found")
    access.managed_project(session, principal, rule.project_id)
    return rule


def update(session: Session, principal: Principal, body: LogicRuleUpdate, language_id: int = ENGLISH) -> dict:
    rule = _own_rule(session, principal, body.id)
    if body.project_id != rule.project_id:
        raise Unprocessable("projectId: a rule stays with its project")
    items = _validate(session, body, rule.id)
    _apply(rule, body)
    repo.add(session, rule)
    return view(rule, items, language_id)


def delete(session: Session, principal: Principal, rule_id: int) -> None:
    rule = _own_rule(session, principal, rule_id)
    rule.is_deleted = True
    session.flush()


def drop_question(session: Session, project_id: int, question_id: int) -> None:
    """A question left the questionnaire: rules it triggers go; it leaves the affected lists (a rule left
    with none goes too)."""
    for r in repo.rules_of(session, [project_id]):
        affected = [q for q in (r.affected_question_ids or []) if q != question_id]
        if r.question_id == question_id or not affected:
            r.is_deleted = True
        elif affected != list(r.affected_question_ids or []):
            r.affected_question_ids = affected
    session.flush()


def drop_answer(session: Session, project_id: int, question_id: int, answer_id: int) -> None:
    """An answer left a question: the rules it triggers could never fire again (and would list no answer),
    so they go too."""
    for r in repo.rules_of(session, [project_id]):
        if not r.via_roster and r.question_id == question_id and r.answer_id == answer_id:
            r.is_deleted = True
    session.flush()


def copy_rules(session: Session, from_project: int, to_project: int) -> int:
    n = 0
    for r in repo.rules_of(session, [from_project]):
        repo.add(session, LogicRule(project_id=to_project, via_roster=r.via_roster, question_id=r.question_id,
                                    answer_id=r.answer_id, roster_field=r.roster_field, roster_value=r.roster_value,
                                    affected_question_ids=list(r.affected_question_ids or []), is_deleted=False))
        n += 1
    return n
