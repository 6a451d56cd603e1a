import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { QuestionBankManagerPage } from './question-bank-manager-page';

const calls = vi.hoisted(() => ({
  createQ: vi.fn(), deleteA: vi.fn(), updateQ: vi.fn(), listA: vi.fn(),
  questions: [] as unknown[],
  mutation: (fn: unknown) => () => [fn, { isLoading: false }],
  answers: [{ id: 10, title: 'Unused answer', isAns: false, langAnswers: [{ id: 100, langId: 1, ansText: 'Unused' }] }],
}));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useSurveysListQuestionsQuery: () => ({ data: { rows: calls.questions, count: calls.questions.length } }),
  useSurveysListAnswersQuery: (arg: unknown, opts?: { skip?: boolean }) => {
    if (!opts?.skip) calls.listA(arg);
    return { data: { rows: calls.answers, count: 80 } };
  },
  useSurveysCreateQuestionMutation: calls.mutation(calls.createQ),
  useSurveysUpdateQuestionMutation: calls.mutation(calls.updateQ),
  useSurveysCreateAnswerMutation: calls.mutation(vi.fn()),
  useSurveysUpdateAnswerMutation: calls.mutation(vi.fn()),
  useSurveysDeleteLangQuestionMutation: calls.mutation(vi.fn()),
  useSurveysDeleteAnswerMutation: calls.mutation(calls.deleteA),
  useProjectsListLanguagesQuery: () => ({ data: { rows: [{ id: 1, name: 'English' }, { id: 4, name: 'Arabic' }, { id: 13, name: 'Hmong' }], count: 3 } }),
  useSurveysQuestionProjectListQuery: (arg: { id: number }, opts?: { skip?: boolean }) => (opts?.skip ? {} : {
    data: { rows: arg.id === 2 ? [{ id: 1, name: 'Riverside' }, { id: 3, name: 'Lakeside' }] : [], count: 2 } }),
}));

beforeEach(() => {
  calls.createQ.mockReset();
  calls.updateQ.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Question updated' }) });
  calls.questions = [];
  calls.deleteA.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Answer deleted', data: null }) });
});

describe('Question Bank Manager keeps its tab and list in the address (a reload, Back, a shared link)', () => {
  it('reads the tab, search, sort and page from the address', () => {
    render(<MemoryRouter initialEntries={['/question-bank?tab=answer&search=unused&orderBy=title&orderDir=DESC&page=2&pageSize=25']}><QuestionBankManagerPage /></MemoryRouter>);
    expect(screen.getByRole('tab', { name: 'Answers' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.listA).toHaveBeenLastCalledWith({ search: 'unused', skip: 25, limit: 25, orderBy: 'title', orderDir: 'DESC' });
    expect((screen.getByRole('textbox', { name: 'Search Answers' }) as HTMLInputElement).value).toBe('unused');
  });
});

describe('Question Bank Manager', () => {
  // platform spec §5: "Required fields show Required ... Minimum-length text shows At least {n} characters."
  it('says Required for an empty Title, Category and text, and At least 2 characters for one character', async () => {
    render(<MemoryRouter><QuestionBankManagerPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(3)); // title, category and the English text
    expect(within(dialog).queryByText(/at least 2 characters/i)).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'W' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('At least 2 characters')).toHaveLength(2)); // title and category
    expect(calls.createQ).not.toHaveBeenCalled();
  }, 90_000);

  it('does not offer to drop or re-language a saved text in the edit dialog, where Save would keep it', async () => {
    calls.questions = [{ id: 2, title: 'Overall care rating', category: 'Overall', isQuestion: false, langQuestions: [
      { id: 20, langId: 1, quesText: 'How would you rate the care?' }, { id: 21, langId: 2, quesText: '¿Cómo calificaría?' }] }];
    render(<MemoryRouter><QuestionBankManagerPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Overall care rating' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Remove language 1' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Remove language 2' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Language 2' }).getAttribute('aria-disabled')).toBe('true');
    // a language added in the dialog can still be taken back before saving
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add language' }));
    const remove3 = within(dialog).getByRole('button', { name: 'Remove language 3' });
    expect(remove3.hasAttribute('disabled')).toBe(false);
    fireEvent.click(remove3);
    expect(within(dialog).queryByRole('button', { name: 'Remove language 3' })).toBeNull();
    // the saved texts are the list's to remove, each confirmed (behind the open dialog)
    expect(screen.getByRole('button', { name: 'Remove Spanish text of Overall care rating', hidden: true })).toBeTruthy();
  }, 90_000);

  it('names the questionnaires that use a question in its deactivate confirmation (question/project-list)', () => {
    calls.questions = [{ id: 2, title: 'Overall care rating', category: 'Overall', isQuestion: false,
      langQuestions: [{ id: 20, langId: 1, quesText: 'How would you rate the care?' }] }];
    render(<MemoryRouter><QuestionBankManagerPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Overall care rating' }));
    expect(screen.getByText('Deactivate the question "Overall care rating"? It is in the questionnaire of: Riverside, Lakeside.')).toBeTruthy();
  }, 90_000);

  it('deletes an unused answer by its id after the confirmation', async () => {
    render(<MemoryRouter><QuestionBankManagerPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('tab', { name: 'Answers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Unused answer' }));
    expect(screen.getByText('Delete the response "Unused answer"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.deleteA).toHaveBeenCalledWith({ id: 10 }));
    await waitFor(() => expect(screen.queryByText('Delete the response "Unused answer"?')).toBeNull());
  }, 90_000);

  it('keeps a pasted text longer than the bank holds whole and says so, and lets Arabic read right to left', async () => {
    render(<MemoryRouter><QuestionBankManagerPage /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Long one' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'General' } });
    const text = within(dialog).getByLabelText('Question text') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'x'.repeat(2001) } });
    expect(text.value).toHaveLength(2001);
    expect(text.getAttribute('dir')).toBe('auto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 2000 characters (2001 typed)')).toBeTruthy();
    expect(calls.createQ).not.toHaveBeenCalled();
  }, 90_000);

  it('shows each saved text in its own direction', () => {
    calls.questions = [{ id: 2, title: 'Overall care rating', category: 'Overall', isQuestion: false, langQuestions: [
      { id: 20, langId: 4, quesText: 'كيف تقيم الرعاية؟' }] }];
    render(<MemoryRouter><QuestionBankManagerPage /></MemoryRouter>);
    expect(screen.getByText('كيف تقيم الرعاية؟').getAttribute('dir')).toBe('auto');
  }, 90_000);

  it('names and offers a language an admin added after the twelve', async () => {
    calls.questions = [{ id: 2, title: 'Overall care rating', category: 'Overall', isQuestion: false, langQuestions: [
      { id: 20, langId: 1, quesText: 'How would you rate the care?' }, { id: 21, langId: 13, quesText: 'Koj puas pom zoo?' }] }];
    render(<MemoryRouter><QuestionBankManagerPage /></MemoryRouter>);
    expect(screen.getByText('Hmong:')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Language 1' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Arabic', 'Hmong']);
  }, 90_000);
});
