import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { QuestionBankManagerPage } from './question-bank-manager-page';

const calls = vi.hoisted(() => ({
  createQ: vi.fn(), deleteA: vi.fn(),
  mutation: (fn: unknown) => () => [fn, { isLoading: false }],
  answers: [{ id: 10, title: 'Unused answer', isAns: false, langAnswers: [{ id: 100, langId: 1, ansText: 'Unused' }] }],
}));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useSurveysListQuestionsQuery: () => ({ data: { rows: [], count: 0 } }),
  useSurveysListAnswersQuery: () => ({ data: { rows: calls.answers, count: calls.answers.length } }),
  useSurveysCreateQuestionMutation: calls.mutation(calls.createQ),
  useSurveysUpdateQuestionMutation: calls.mutation(vi.fn()),
  useSurveysCreateAnswerMutation: calls.mutation(vi.fn()),
  useSurveysUpdateAnswerMutation: calls.mutation(vi.fn()),
  useSurveysDeleteLangQuestionMutation: calls.mutation(vi.fn()),
  useSurveysDeleteAnswerMutation: calls.mutation(calls.deleteA),
}));

beforeEach(() => {
  calls.createQ.mockReset();
  calls.deleteA.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'Answer deleted', data: null }) });
});

describe('Question Bank Manager', () => {
  it('says Required for an empty Title and Category, and the length rule for one character', async () => {
    render(<QuestionBankManagerPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(2)); // title and category
    expect(within(dialog).queryByText(/needs at least 2 characters/)).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'W' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'A' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title needs at least 2 characters')).toBeTruthy();
    expect(within(dialog).getByText('Category needs at least 2 characters')).toBeTruthy();
    expect(calls.createQ).not.toHaveBeenCalled();
  }, 90_000);

  it('deletes an unused answer by its id after the confirmation', async () => {
    render(<QuestionBankManagerPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Answers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Unused answer' }));
    expect(screen.getByText('Delete the response "Unused answer"?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.deleteA).toHaveBeenCalledWith({ id: 10 }));
    await waitFor(() => expect(screen.queryByText('Delete the response "Unused answer"?')).toBeNull());
  }, 90_000);
});
