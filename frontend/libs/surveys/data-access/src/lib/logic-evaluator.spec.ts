import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { canSaveRule, hiddenQuestions, type LogicRule } from './logic-evaluator';

// The fixtures the server's evaluator is tested against (services/surveys/tests/test_logic.py).
const DIR = join(import.meta.dirname, '../../../../../../services/surveys/tests/fixtures/logic');

interface Fixture {
  name: string;
  rules: LogicRule[];
  cases: { answers: { quesId: number; ansId: number | null }[]; rosterValues: Record<string, string | null>; hidden: number[] }[];
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

describe('logic evaluator on the shared fixtures', () => {
  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it.each(files)('%s', (file) => {
    const fixture = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Fixture;
    expect(fixture.cases.length).toBeGreaterThan(0);
    for (const c of fixture.cases) {
      const hidden = [...hiddenQuestions(fixture.rules, c.answers, c.rosterValues)].sort((a, b) => a - b);
      expect(hidden, `${fixture.name}: ${JSON.stringify(c)}`).toEqual(c.hidden);
    }
  });
});

describe('canSaveRule', () => {
  it('needs a trigger and an affected question', () => {
    expect(canSaveRule({ viaRoster: false, questionId: 1, answerId: 2, affectedQuestionIds: [3] })).toBe(true);
    expect(canSaveRule({ viaRoster: false, questionId: 1, affectedQuestionIds: [3] })).toBe(false);
    expect(canSaveRule({ viaRoster: false, questionId: 1, answerId: 2, affectedQuestionIds: [] })).toBe(false);
    expect(canSaveRule({ viaRoster: true, rosterField: 'site', rosterValue: 'North', affectedQuestionIds: [3] })).toBe(true);
    expect(canSaveRule({ viaRoster: true, rosterField: 'site', rosterValue: ' ', affectedQuestionIds: [3] })).toBe(false);
  });
});
