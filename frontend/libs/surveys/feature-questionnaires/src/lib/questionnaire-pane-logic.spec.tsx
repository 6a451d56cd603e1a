// The call screen's questionnaire pane with display logic, as a surveyor answers it: what it hands the call screen
// to save (onChange) whatever order the answers were given in.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { QuestionnairePane } from './questionnaire-pane';

const calls = vi.hoisted(() => ({ questionnaire: vi.fn(), languages: vi.fn(), logic: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useProjectsListLanguagesQuery: calls.languages,
  useSurveysGetQuestionnaireQuery: calls.questionnaire,
  useSurveysListLogicQuery: calls.logic,
  useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 21, role: 3 } } }),
}));

const YES = 4;
const NO = 10;
const choice = (quesId: number, sequence: number, title: string, type: number, answers: [number, string][]) => ({
  quesId, sequence, quesSequence: sequence, type, projectId: 7,
  question: { id: quesId, title, isQuestion: false, text: title, textLangId: 1 },
  answers: answers.map(([id, t], i) => ({ id, title: t, rPosition: i + 1, text: t, textLangId: 1 })),
});
// Q2 only if Q1 = Yes (Q1 = No hides it), Q3 only if Q2 = No (Q2 = Yes hides it)
const ITEMS = [
  choice(1, 1, 'Recommend', 1, [[YES, 'Yes'], [NO, 'No']]),
  choice(2, 2, 'Explained', 1, [[YES, 'Yes'], [NO, 'No']]),
  choice(3, 3, 'Return', 1, [[YES, 'Yes'], [NO, 'No']]),
  choice(5, 4, 'How scheduled', 2, [[6, 'Website'], [9, 'Phone'], [8, 'Walk-in']]),
];
const RULES = [
  { id: 1, viaRoster: false, questionId: 1, answerId: NO, affectedQuestionIds: [2] },
  { id: 2, viaRoster: false, questionId: 2, answerId: YES, affectedQuestionIds: [3] },
];

beforeEach(() => {
  calls.languages.mockReset().mockReturnValue({ data: { rows: [] }, isError: false });
  calls.questionnaire.mockReset().mockReturnValue({ data: { rows: ITEMS, count: ITEMS.length }, isLoading: false, isError: false });
  calls.logic.mockReset().mockReturnValue({ data: { rows: RULES, count: RULES.length } });
});

const question = (id: number) => within(screen.getByTestId(`question-${id}`));
const pick = (id: number, answer: string) => fireEvent.click(question(id).getByLabelText(answer));

describe('Questionnaire pane with chained logic', () => {
  it("on a call reads the logic as the surveyor of an assigned project (own id, isSvProject); the viewer without", () => {
    const { unmount } = render(<QuestionnairePane projectId={7} callId={5} languageId={1} locked={false} onChange={vi.fn()} />);
    expect(calls.logic).toHaveBeenLastCalledWith({ projectId: 7, languageId: 1, surveyorId: 21, isSvProject: true });
    unmount();
    render(<QuestionnairePane projectId={7} callId={null} languageId={1} locked={false} onChange={vi.fn()} />);
    expect(calls.logic).toHaveBeenLastCalledWith({ projectId: 7, languageId: 1 });
  });

  it('drops a question the logic hid after it was answered: not sent, not required', () => {
    const onChange = vi.fn();
    render(<QuestionnairePane projectId={7} callId={5} languageId={1} locked={false} onChange={onChange} />);
    pick(1, 'Yes');
    pick(2, 'Yes'); // hides Q3
    expect(screen.queryByTestId('question-3')).toBeNull();
    pick(5, 'Website');
    expect(onChange).toHaveBeenLastCalledWith({ valid: true, answers: [
      { quesId: 1, sequence: 1, ansId: YES, openEnded: null }, { quesId: 2, sequence: 2, ansId: YES, openEnded: null },
      { quesId: 5, sequence: 4, ansId: 6, openEnded: null }] });
    pick(1, 'No'); // Q2 goes with its answer; its rule no longer fires, so Q3 is asked (and required) again
    expect(screen.queryByTestId('question-2')).toBeNull();
    expect(screen.getByTestId('question-3')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith({ valid: false, answers: [
      { quesId: 1, sequence: 1, ansId: NO, openEnded: null }, { quesId: 5, sequence: 4, ansId: 6, openEnded: null }] });
    pick(3, 'No');
    expect(onChange.mock.lastCall?.[0].valid).toBe(true);
  });

  it('hands over the same survey whatever order the answers were given in', () => {
    const first = vi.fn();
    const { unmount } = render(<QuestionnairePane projectId={7} callId={5} languageId={1} locked={false} onChange={first} />);
    pick(1, 'Yes'); pick(2, 'No'); pick(3, 'Yes'); pick(5, 'Walk-in'); pick(5, 'Website');
    unmount();
    const second = vi.fn();
    render(<QuestionnairePane projectId={7} callId={6} languageId={1} locked={false} onChange={second} />);
    pick(5, 'Website'); pick(5, 'Walk-in'); pick(3, 'Yes'); pick(1, 'No'); pick(1, 'Yes'); pick(2, 'No');
    expect(second.mock.lastCall?.[0]).toEqual(first.mock.lastCall?.[0]);
    // a Multiple question's answers in its response order (Website before Walk-in), not the order ticked
    expect(first.mock.lastCall?.[0].answers.filter((a: { quesId: number }) => a.quesId === 5).map((a: { ansId: number }) => a.ansId))
      .toEqual([6, 8]);
  });
});
