/**
 * Display-logic evaluator: the browser's copy of `services/surveys/src/surveys/logic/evaluator.py`.
 * Both are tested against `services/surveys/tests/fixtures/logic/*.json`.
 *
 * - A rule fires when its trigger matches: via roster, the roster field's value equals the rule's value
 *   (both trimmed, case-insensitive); otherwise the answers hold the rule's answer for the rule's question.
 * - A rule whose trigger question is itself hidden does not fire.
 * - A question is hidden when a fired rule lists it among its affected questions.
 * Circular rules are refused by the server; a question on a cycle in stored data is shown.
 */
export interface LogicRule {
  viaRoster: boolean;
  questionId?: number | null;
  answerId?: number | null;
  rosterField?: string | null;
  rosterValue?: string | null;
  affectedQuestionIds: number[];
}

export interface GivenAnswer {
  quesId: number;
  ansId: number | null;
}

const norm = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim().toLowerCase());

export function hiddenQuestions(
  rules: LogicRule[],
  answers: GivenAnswer[],
  rosterValues: Record<string, string | null | undefined> = {},
): Set<number> {
  const given = new Set(answers.filter((a) => a.ansId !== null).map((a) => `${a.quesId}:${a.ansId}`));
  const roster = new Map(Object.entries(rosterValues).map(([k, v]) => [norm(k), norm(v)]));
  const hiders = new Map<number, LogicRule[]>();
  for (const r of rules) {
    for (const q of r.affectedQuestionIds) {
      hiders.set(q, [...(hiders.get(q) ?? []), r]);
    }
  }
  const memo = new Map<number, boolean>();
  const visiting = new Set<number>();

  const fires = (rule: LogicRule): boolean => {
    if (rule.viaRoster) {
      const field = norm(rule.rosterField);
      return field !== '' && roster.has(field) && roster.get(field) === norm(rule.rosterValue);
    }
    if (rule.questionId === null || rule.questionId === undefined) return false;
    if (!given.has(`${rule.questionId}:${rule.answerId}`)) return false;
    return !isHidden(rule.questionId);
  };

  const isHidden = (q: number): boolean => {
    const known = memo.get(q);
    if (known !== undefined) return known;
    if (visiting.has(q)) return false;
    visiting.add(q);
    const result = (hiders.get(q) ?? []).some(fires);
    visiting.delete(q);
    memo.set(q, result);
    return result;
  };

  return new Set([...hiders.keys()].filter(isHidden));
}

/** Logic Save / Update are enabled only when (a question and an answer, or via roster) and at least one
 * affected question are chosen (survey-work §5). */
export function canSaveRule(rule: Partial<LogicRule>): boolean {
  const trigger = rule.viaRoster
    ? norm(rule.rosterField) !== '' && norm(rule.rosterValue) !== ''
    : rule.questionId != null && rule.answerId != null;
  return trigger && (rule.affectedQuestionIds?.length ?? 0) > 0;
}
