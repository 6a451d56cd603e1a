import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { QuestionnaireBuilder } from './questionnaire-builder';
import { QuestionnaireBuilderPage } from './questionnaire-builder-page';
import { QuestionnaireLogic } from './questionnaire-logic';
import { QuestionnairePane, toDrafts } from './questionnaire-pane';
import { QuestionnairesPage } from './questionnaires-page';

const calls = vi.hoisted(() => ({
  role: 2,
  questionnaire: vi.fn(), project: vi.fn(), logic: vi.fn(), add: vi.fn(), createLogic: vi.fn(), updateLogic: vi.fn(),
  mutation: (fn: unknown) => () => [fn, { isLoading: false }],
  bankQuestions: [
    { id: 1, title: 'Overall rating', category: 'General', isQuestion: false, langQuestions: [] },
    { id: 2, title: 'Wait time', category: 'Access', isQuestion: false, langQuestions: [] },
  ],
  bankAnswers: [
    { id: 10, title: 'Yes', isAns: false, langAnswers: [] },
    { id: 11, title: 'No', isAns: false, langAnswers: [] },
  ],
}));
const ok = (data: unknown) => ({ unwrap: () => Promise.resolve(data) });

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: { id: 3, role: calls.role } } }),
    useSurveysListQuestionsQuery: () => ({ data: { rows: calls.bankQuestions, count: calls.bankQuestions.length } }),
    useSurveysListAnswersQuery: () => ({ data: { rows: calls.bankAnswers, count: calls.bankAnswers.length } }),
    useSurveysGetQuestionnaireQuery: calls.questionnaire,
    useProjectsGetProjectQuery: calls.project,
    useSurveysListLogicQuery: calls.logic,
    useProjectsListLanguagesQuery: () => ({ data: { rows: [] }, isError: false }),
    useSurveysAddQuestionnaireQuestionMutation: calls.mutation(calls.add),
    useSurveysRemoveQuestionnaireQuestionMutation: calls.mutation(vi.fn()),
    useSurveysChangeSequenceMutation: calls.mutation(vi.fn()),
    useSurveysChangeResponseOrderMutation: calls.mutation(vi.fn()),
    useSurveysUpdateResponsesMutation: calls.mutation(vi.fn()),
    useSurveysCreateLogicMutation: calls.mutation(calls.createLogic),
    useSurveysUpdateLogicMutation: calls.mutation(calls.updateLogic),
    useSurveysDeleteLogicMutation: calls.mutation(vi.fn()),
    useSurveysCopyQuestionnaireMutation: calls.mutation(vi.fn()),
  };
});

const item = (quesId: number, sequence: number, type: number, title: string, answers: { id: number; title: string }[] = []) => ({
  quesId, sequence, quesSequence: sequence, type, projectId: 7,
  question: { id: quesId, title, isQuestion: false, text: null },
  answers: answers.map((a, i) => ({ ...a, rPosition: i + 1, text: null })),
});
const ITEMS = [
  item(1, 1, 1, 'Overall rating', [{ id: 10, title: 'Yes' }, { id: 11, title: 'No' }]),
  item(3, 2, 1, 'Would recommend', [{ id: 10, title: 'Yes' }, { id: 11, title: 'No' }]),
  item(4, 3, 3, 'Anything else'),
];

beforeEach(() => {
  calls.questionnaire.mockReset().mockReturnValue({ data: { rows: ITEMS, count: ITEMS.length }, isLoading: false, isError: false });
  calls.project.mockReset().mockReturnValue({ data: { id: 7 }, isLoading: false });
  calls.logic.mockReset().mockReturnValue({ data: { rows: [], count: 0 } });
  calls.add.mockReset().mockReturnValue(ok({ message: 'Question added' }));
  calls.createLogic.mockReset().mockReturnValue(ok({ message: 'Logic saved' }));
  calls.updateLogic.mockReset().mockReturnValue(ok({ message: 'Logic updated' }));
});

/** Opens an MUI Autocomplete by its label and clicks an option. */
function pickOption(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.click(within(screen.getByRole('listbox')).getByText(option));
}

/** Opens an MUI Select by its label and clicks an option. */
function selectOption(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

describe('Questionnaires list', () => {
  it("says the spec's 'No records found.' when no project matches", () => {
    calls.questionnaire.mockReturnValue({ data: { rows: [], count: 0 }, isFetching: false });
    render(<MemoryRouter><QuestionnairesPage /></MemoryRouter>);
    expect(screen.getByText('No records found.')).toBeTruthy();
  });

  it('wraps its title row on a 390 px phone (the search field was squeezed to "Se…")', () => {
    calls.questionnaire.mockReturnValue({ data: { rows: [], count: 0 }, isFetching: false });
    render(<MemoryRouter><QuestionnairesPage /></MemoryRouter>);
    const row = screen.getByRole('textbox', { name: 'Search Projects' }).closest('.MuiTextField-root')?.parentElement as HTMLElement;
    expect([getComputedStyle(row).flexWrap, getComputedStyle(row).gap]).toEqual(['wrap', '16px']);
  });

  it('keeps its search and page in the address (a reload, Back from a questionnaire, a shared link)', () => {
    calls.questionnaire.mockReturnValue({ data: { rows: [{ projectId: 7, name: 'Cardiology', questionCount: 3 }], count: 80 }, isFetching: false });
    render(<MemoryRouter initialEntries={['/ops/questionnaires?search=cardio&page=3&pageSize=25']}><QuestionnairesPage /></MemoryRouter>);
    expect(calls.questionnaire).toHaveBeenLastCalledWith({ search: 'cardio', isManager: false, userId: undefined, skip: 50, limit: 25 });
    expect((screen.getByRole('textbox', { name: 'Search Projects' }) as HTMLInputElement).value).toBe('cardio');
  });

  it('offers as copy targets only projects without a questionnaire', () => {
    calls.questionnaire.mockReturnValue({ data: { count: 3, rows: [
      { projectId: 7, name: 'Source', questionCount: 3 }, { projectId: 8, name: 'Built', questionCount: 2 },
      { projectId: 9, name: 'Empty', questionCount: 0 }] }, isFetching: false });
    render(<MemoryRouter><QuestionnairesPage /></MemoryRouter>);
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy' })[0]);
    const input = screen.getByRole('combobox', { name: 'To project' });
    fireEvent.mouseDown(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('aria-disabled')])).toEqual([
      ['Built (has a questionnaire)', 'true'], ['Empty', 'false']]);
  });
});

describe('Questionnaire Builder', () => {
  it('keeps Save disabled while adding without a project', () => {
    render(<QuestionnaireBuilder projectId={null} />);
    expect(screen.getByText('Choose a project first: Save is disabled without a project.')).toBeTruthy();
    pickOption('Question bank', 'Wait time');
    pickOption('Answer bank', 'Yes');
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    expect(calls.questionnaire).toHaveBeenLastCalledWith({ projectId: 0 }, { skip: true });
  }, 90_000);

  it('asks before the tab closes with a question picked and not saved, and not once it is saved', async () => {
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    render(<QuestionnaireBuilder projectId={7} />);
    expect(unload()).toBe(false);
    pickOption('Question bank', 'Wait time');
    expect(unload()).toBe(true);
    pickOption('Answer bank', 'Yes');
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.add).toHaveBeenCalled());
    await waitFor(() => expect(unload()).toBe(false));
  }, 90_000);

  it('refuses a question already in the questionnaire with its title and the alert', async () => {
    render(<QuestionnaireBuilder projectId={7} />);
    pickOption('Question bank', 'Overall rating');
    pickOption('Answer bank', 'Yes');
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Overall rating already exists in the Questionnaire');
    expect(calls.add).not.toHaveBeenCalled();

    // a new question goes through
    pickOption('Question bank', 'Wait time');
    expect(screen.queryByText(/already exists in the Questionnaire/)).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.add).toHaveBeenCalledWith({
      questionnaireItemCreate: { projectId: 7, quesId: 2, type: 1, answers: [{ ansId: 10 }] },
    }));
  }, 90_000);

  it('names Move up / Move down by the question; their tooltips only describe (a span may not carry a name)', () => {
    render(<QuestionnaireBuilder projectId={7} />);
    for (const name of [/^Move .* up$/, /^Move .* down$/]) {
      const move = screen.getAllByRole('button', { name })[0];
      expect((move.parentElement as HTMLElement).hasAttribute('aria-label')).toBe(false);
    }
  }, 90_000);

  it('clears the chosen answers when the type becomes Scripted or Open Ended', async () => {
    render(<QuestionnaireBuilder projectId={7} />);
    pickOption('Question bank', 'Wait time');
    pickOption('Answer bank', 'Yes');
    pickOption('Answer bank', 'No');
    expect(screen.getAllByRole('button', { name: /^(Yes|No)$/ })).toHaveLength(2); // the chips
    selectOption('Type', 'Scripted');
    expect(screen.queryByRole('combobox', { name: 'Answer bank' })).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.add).toHaveBeenCalledWith({
      questionnaireItemCreate: { projectId: 7, quesId: 2, type: 4, answers: [] },
    }));
    selectOption('Type', 'Single');
    expect(screen.queryAllByRole('button', { name: /^(Yes|No)$/ })).toHaveLength(0);
  }, 90_000);

  it('says which questions are deactivated in the bank: the call screen does not ask them', () => {
    const off = { ...ITEMS[1], question: { ...ITEMS[1].question, isQuestion: true } };
    calls.questionnaire.mockReturnValue({ data: { rows: [ITEMS[0], off, ITEMS[2]], count: 3 }, isLoading: false, isError: false });
    render(<QuestionnaireBuilder projectId={7} />);
    expect(within(screen.getByTestId('item-2')).getByText(/Deactivated in the Question Bank: not asked/)).toBeTruthy();
    expect(within(screen.getByTestId('item-1')).queryByText(/Deactivated/)).toBeNull();
  }, 90_000);
});

describe('Questionnaire Builder page (questionnaires/:id)', () => {
  const open = (id: string) => render(
    <MemoryRouter initialEntries={[`/ops/questionnaires/${id}`]}>
      <Routes><Route path="/ops/questionnaires/:id" element={<QuestionnaireBuilderPage />} /></Routes>
    </MemoryRouter>,
  );

  it('adds only for the literal add; another id that is not a number is not found', () => {
    open('add');
    expect(screen.getByRole('heading', { name: 'Add Questionnaire' })).toBeTruthy();
    for (const id of ['abc', '0', '7x']) {
      const view = open(id);
      expect(within(view.container).getByText('the page you are looking for is not found')).toBeTruthy();
      expect(within(view.container).queryByText(/Questionnaire$/)).toBeNull();
      expect(within(view.container).queryByRole('button', { name: 'Save' })).toBeNull();
      view.unmount();
    }
  }, 90_000);

  it("shows an unknown project's message instead of the builder, with a Retry that asks again", async () => {
    const refetch = vi.fn();
    calls.questionnaire.mockReturnValue({ data: undefined, isLoading: false, isFetching: false, isError: true, refetch, error: {
      status: 404, message: 'projectId: project 999 is not known to the surveys service yet; it may have been created a moment ago - try again shortly',
    } });
    open('999');
    expect(screen.getByText('project 999 is not known to the surveys service yet; it may have been created a moment ago - try again shortly')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
    expect(calls.questionnaire).toHaveBeenCalledWith({ projectId: 999 }, { skip: false });
  }, 90_000);

  it('says "No record found." when the projects service does not know the project either (an unknown id)', () => {
    calls.questionnaire.mockReturnValue({ data: undefined, isLoading: false, isFetching: false, isError: true, refetch: vi.fn(), error: {
      status: 404, message: 'projectId: project 999999 is not known to the surveys service yet; it may have been created a moment ago - try again shortly',
    } });
    calls.project.mockReturnValue({ error: { status: 404, message: 'Project not found' }, isLoading: false });
    open('999999');
    expect(screen.getByText('No record found.')).toBeTruthy();
    expect(screen.queryByText(/is not known to the surveys service yet/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls.project).toHaveBeenLastCalledWith({ projectId: 999999 }, { skip: false });
  }, 90_000);

  it('edits a known project', () => {
    open('7');
    expect(screen.getByRole('heading', { name: 'Edit Questionnaire' })).toBeTruthy();
    expect(screen.getByText('Overall rating')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  }, 90_000);
});

describe('Questionnaire Logic', () => {
  it("asks a Project Manager's logic with managerId (spec §7), the other editors' without", () => {
    calls.role = 1; // Project Manager
    const { unmount } = render(<QuestionnaireLogic projectId={7} />);
    expect(calls.logic).toHaveBeenLastCalledWith({ projectId: 7, managerId: 3 });
    unmount();
    calls.role = 2; // Operations
    render(<QuestionnaireLogic projectId={7} />);
    expect(calls.logic.mock.lastCall?.[0]).toEqual({ projectId: 7, managerId: undefined });
  });

  it('drops a question from Hide questions when it becomes the trigger (a rule cannot hide its own question)', async () => {
    render(<QuestionnaireLogic projectId={7} />);
    selectOption('Question', 'Overall rating');
    selectOption('Answer', 'No');
    selectOption('Hide questions', 'Would recommend');
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Anything else' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    const hide = () => screen.getByRole('combobox', { name: /^Hide questions/ });
    expect(hide().textContent).toBe('Would recommend, Anything else');
    selectOption('Question', 'Would recommend'); // the question it was hiding is now the trigger
    expect(hide().textContent).toBe('Anything else');
    selectOption('Answer', 'Yes');
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.createLogic).toHaveBeenCalledWith({ logicRuleIn: expect.objectContaining({
      projectId: 7, viaRoster: false, questionId: 3, answerId: 10, affectedQuestionIds: [4],
    }) }));
  }, 90_000);

  it('enables Save only with (a question and an answer, or via roster) and an affected question', async () => {
    render(<QuestionnaireLogic projectId={7} />);
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    selectOption('Question', 'Overall rating');
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    selectOption('Answer', 'No');
    expect(saveButton().hasAttribute('disabled')).toBe(true); // no affected question yet
    selectOption('Hide questions', 'Would recommend');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(saveButton().hasAttribute('disabled')).toBe(false);

    // via roster: the trigger is the roster field and value, both needed
    fireEvent.click(screen.getByLabelText('Via roster'));
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Roster field'), { target: { value: 'site' } });
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Roster value'), { target: { value: 'North Clinic' } });
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.createLogic).toHaveBeenCalledWith({ logicRuleIn: expect.objectContaining({
      projectId: 7, viaRoster: true, rosterField: 'site', rosterValue: 'North Clinic', affectedQuestionIds: [3],
    }) }));
  }, 90_000);

  it("offers the call screen's roster values by their roster column names, and still takes free text", async () => {
    render(<QuestionnaireLogic projectId={7} />);
    fireEvent.click(screen.getByLabelText('Via roster'));
    const field = screen.getByRole('combobox', { name: 'Roster field' });
    fireEvent.mouseDown(field);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(
      ['Provider Name', 'Site', 'Center', 'Department', 'Sex', 'Age', 'Patient Type', 'Payer Type', 'Provider Type']);
    fireEvent.keyDown(field, { key: 'Escape' });
    pickOption('Roster field', 'Department');
    expect((screen.getByLabelText('Roster field') as HTMLInputElement).value).toBe('Department');
    fireEvent.change(screen.getByLabelText('Roster value'), { target: { value: 'Pediatrics' } });
    selectOption('Hide questions', 'Would recommend');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.createLogic).toHaveBeenCalledWith({ logicRuleIn: expect.objectContaining({
      viaRoster: true, rosterField: 'department', rosterValue: 'Pediatrics', affectedQuestionIds: [3],
    }) }));
    // after the save the form is blank; a name outside the list is kept as typed
    await waitFor(() => expect(screen.queryByLabelText('Roster field')).toBeNull());
    fireEvent.click(screen.getByLabelText('Via roster'));
    expect((screen.getByLabelText('Roster field') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Roster field'), { target: { value: 'Visit Purpose' } });
    expect((screen.getByLabelText('Roster field') as HTMLInputElement).value).toBe('Visit Purpose');
  }, 90_000);

  it('shows the roster field of a via-roster rule being edited', () => {
    calls.logic.mockReturnValue({ data: { rows: [{
      id: 8, projectId: 7, viaRoster: true, questionId: null, answerId: null, rosterField: 'Site', rosterValue: 'North',
      affectedQuestionIds: [3], question: null, answer: null, affectedQuestions: [{ id: 3, title: 'Would recommend' }],
    }], count: 1 } });
    render(<QuestionnaireLogic projectId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit logic 8' }));
    expect((screen.getByLabelText('Roster field') as HTMLInputElement).value).toBe('Site');
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(false);
  }, 90_000);

  it('shows a stored roster key by its column name and keeps sending the key', async () => {
    calls.logic.mockReturnValue({ data: { rows: [{
      id: 8, projectId: 7, viaRoster: true, questionId: null, answerId: null, rosterField: 'gender', rosterValue: 'F',
      affectedQuestionIds: [3], question: null, answer: null, affectedQuestions: [{ id: 3, title: 'Would recommend' }],
    }], count: 1 } });
    render(<QuestionnaireLogic projectId={7} />);
    expect(screen.getByText(/When roster Sex is "F" hide: Would recommend/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit logic 8' }));
    expect((screen.getByLabelText('Roster field') as HTMLInputElement).value).toBe('Sex');
    fireEvent.change(screen.getByLabelText('Roster value'), { target: { value: 'M' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.updateLogic).toHaveBeenCalledWith({ logicRuleUpdate: expect.objectContaining({
      id: 8, rosterField: 'gender', rosterValue: 'M' }) }));
    // a column name typed by hand is stored as its key too
    await waitFor(() => expect(screen.queryByLabelText('Roster field')).toBeNull());
    fireEvent.click(screen.getByLabelText('Via roster'));
    fireEvent.change(screen.getByLabelText('Roster field'), { target: { value: 'payer type' } });
    expect((screen.getByRole('combobox', { name: 'Roster field' }) as HTMLInputElement).value).toBe('Payer Type');
  }, 90_000);

  it('offers Update for an existing rule under the same rule', () => {
    calls.logic.mockReturnValue({ data: { rows: [{
      id: 9, projectId: 7, viaRoster: false, questionId: 1, answerId: 11, rosterField: null, rosterValue: null,
      affectedQuestionIds: [3], question: { id: 1, title: 'Overall rating' }, answer: { id: 11, title: 'No' },
      affectedQuestions: [{ id: 3, title: 'Would recommend' }],
    }], count: 1 } });
    render(<QuestionnaireLogic projectId={7} />);
    expect(screen.getByText(/When "Overall rating" is answered "No" hide: Would recommend/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit logic 9' }));
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update.hasAttribute('disabled')).toBe(false);
    selectOption('Question', 'Would recommend'); // a new trigger question drops the answer
    expect(update.hasAttribute('disabled')).toBe(true);
  }, 90_000);
});

describe('Questionnaire pane (viewer and call screen)', () => {
  it('keeps no chosen answer for a Scripted or Open Ended question', () => {
    const items = [item(1, 1, 4, 'Intro script', [{ id: 10, title: 'Yes' }]), item(2, 2, 3, 'Comments', [{ id: 11, title: 'No' }]),
      item(3, 3, 2, 'Services used', [{ id: 10, title: 'Yes' }, { id: 11, title: 'No' }])];
    const chosen = { 1: { ansIds: [10], text: '' }, 2: { ansIds: [11], text: ' Great care ' }, 3: { ansIds: [10, 11], text: 'x' } };
    expect(toDrafts(items as never, chosen, new Set())).toEqual([
      { quesId: 2, sequence: 2, ansId: null, openEnded: 'Great care' },
      { quesId: 3, sequence: 3, ansId: 10, openEnded: null },
      { quesId: 3, sequence: 3, ansId: 11, openEnded: null },
    ]);
    expect(toDrafts(items as never, chosen, new Set([3]))).toHaveLength(1); // hidden by logic: nothing kept
  });

  it('is locked until the call starts, hides ruled-out questions and drops their answers', async () => {
    calls.logic.mockReturnValue({ data: { rows: [{
      id: 9, viaRoster: false, questionId: 1, answerId: 11, rosterField: null, rosterValue: null, affectedQuestionIds: [3],
    }], count: 1 } });
    const onChange = vi.fn();
    const { rerender } = render(<QuestionnairePane projectId={7} callId={null} languageId={2} locked onChange={onChange} />);
    expect(calls.questionnaire).toHaveBeenCalledWith({ projectId: 7, languageId: 2, questionnaire: true });
    expect(screen.getByText('The questionnaire opens when the call starts (Start Call).')).toBeTruthy();
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);

    rerender(<QuestionnairePane projectId={7} callId={null} languageId={2} locked={false} onChange={onChange} />);
    const rating = screen.getByTestId('question-1');
    fireEvent.click(within(screen.getByTestId('question-3')).getByLabelText('Yes'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ valid: false, answers: [
      { quesId: 3, sequence: 2, ansId: 10, openEnded: null }] }));
    fireEvent.click(within(rating).getByLabelText('No'));
    expect(screen.queryByTestId('question-3')).toBeNull();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ valid: true, answers: [
      { quesId: 1, sequence: 1, ansId: 11, openEnded: null }] }));

    // an open-ended answer longer than surveys keeps is kept whole, said beside it, and the survey is not valid
    const anything = within(screen.getByTestId('question-4')).getByRole('textbox');
    fireEvent.change(anything, { target: { value: 'x'.repeat(2001) } });
    expect((anything as HTMLTextAreaElement).value).toHaveLength(2001);
    expect(screen.getByText('At most 2000 characters (2001 typed)')).toBeTruthy();
    await waitFor(() => expect(onChange.mock.lastCall?.[0].valid).toBe(false));
  }, 90_000);
});
