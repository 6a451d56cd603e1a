import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Role } from '@frontend/shared-util';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { CommentCleaningPage } from './comment-cleaning-page';
import { CommentCleaningSelectionPage } from './comment-cleaning-selection-page';

const calls = vi.hoisted(() => ({
  user: { id: 40, role: 6 }, comments: vi.fn(), changeStatus: vi.fn(), save: vi.fn(), users: vi.fn(), projects: vi.fn(),
}));
const ok = (data: unknown) => ({ unwrap: () => Promise.resolve(data) });
const refused = (status: number, message: string) => ({ unwrap: () => Promise.reject({ status, data: { message } }) });

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useAppSelector: (pick: (s: unknown) => unknown) => pick({ auth: { user: calls.user, token: 't0k' } }),
    useIdentityListUsersQuery: calls.users,
    useSurveysCommentProjectsQuery: calls.projects,
    useSurveysGetQuestionnaireQuery: () => ({ data: { rows: [], count: 0 } }),
    useSurveysListCommentsQuery: calls.comments,
    useSurveysChangeStatusMutation: () => [calls.changeStatus, { isLoading: false }],
    useSurveysSaveCleanedMutation: () => [calls.save, { isLoading: false }],
  };
});

const OPEN_ENDED = { id: 5, projectId: 7, type: 0, normal: 'Dr Smith was great', nsm: null, cleaned: null, markCleaned: 0,
  question: { id: 4, title: 'Anything else' }, positive: null, negative: null, ch: { surveyedOn: '2026-03-02T15:00:00Z' } };
const POS_NEG = { id: 6, projectId: 7, type: 1, normal: null, question: null,
  positive: { id: 61, normal: 'Nurse Ann was kind', cleaned: null, nsm: null, markCleaned: 0 },
  negative: { id: 62, normal: 'Long wait', cleaned: null, nsm: null, markCleaned: 0 }, ch: null };

beforeEach(() => {
  calls.user = { id: 40, role: Role.CommentCleaner };
  calls.users.mockReset().mockImplementation((_args: unknown, opts?: { skip?: boolean }) => ({ data: opts?.skip ? undefined : {
    rows: [{ id: 11, firstName: 'Pat', lastName: 'Manager' }, { id: 12, firstName: 'Quinn', lastName: 'Lead' }], count: 2 } }));
  const clinic = { rows: [{ id: 7, name: 'Clinic Survey', cleaned: 0, total: 2 }], count: 1 };
  calls.projects.mockReset().mockReturnValue({ data: clinic, currentData: clinic });
  calls.comments.mockReset().mockReturnValue({ data: { rows: [OPEN_ENDED, POS_NEG], count: 2 }, isFetching: false });
  calls.changeStatus.mockReset().mockReturnValue(ok({ message: 'ok' }));
  calls.save.mockReset().mockReturnValue(ok({ message: 'Comment cleaned' }));
});

const page = () => render(
  <MemoryRouter initialEntries={['/cc/comment-cleaning?projectId=7']}>
    <Routes><Route path="/cc/comment-cleaning" element={<CommentCleaningPage />} /></Routes>
  </MemoryRouter>,
);

describe('Comment Cleaning Selection', () => {
  it('counts comments, a positive/negative pair being two, and says so', () => {
    calls.projects.mockReturnValue({ data: { rows: [{ id: 7, name: 'Clinic Survey', cleaned: 1, total: 4 }], count: 1 } });
    render(<MemoryRouter><CommentCleaningSelectionPage /></MemoryRouter>);
    expect(screen.getByText('1 / 4 comments cleaned (25%)')).toBeTruthy();
  });

  it('keeps its search, sort and page in the address (a reload, Back from a project, a shared link)', () => {
    calls.projects.mockReturnValue({ data: { rows: [{ id: 7, name: 'Clinic Survey', cleaned: 1, total: 4 }], count: 80 } });
    render(<MemoryRouter initialEntries={['/cc/comment-cleaning-selection?search=clinic&orderBy=cleaned&orderDir=DESC&page=3&pageSize=10']}><CommentCleaningSelectionPage /></MemoryRouter>);
    expect(calls.projects).toHaveBeenLastCalledWith({ search: 'clinic', managerId: undefined, skip: 20, limit: 10, orderBy: 'cleaned', orderDir: 'DESC' });
    expect((screen.getByRole('textbox', { name: 'Search Projects' }) as HTMLInputElement).value).toBe('clinic');
  });
});

describe('Comment Cleaning', () => {
  it('claims an open-ended comment, and ctrl+enter saves it (a plain Enter does not)', async () => {
    page();
    expect(calls.comments).toHaveBeenLastCalledWith(expect.objectContaining({ projectId: 7 }), { skip: false });
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 5' }));
    const cleaned = await screen.findByLabelText('Cleaned (without NSM)');
    expect(calls.changeStatus).toHaveBeenCalledWith({ commentStatusChange: { id: 5, projectId: 7, processing: true } });
    fireEvent.change(cleaned, { target: { value: 'The doctor was great' } });
    fireEvent.keyDown(cleaned, { key: 'Enter' });
    expect(calls.save).not.toHaveBeenCalled();
    fireEvent.keyDown(cleaned, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls.save).toHaveBeenCalledWith({ cleanedCommentSave: {
      projectId: 7, id: 5, nsm: 'Dr Smith was great', cleaned: 'The doctor was great', normal: 'Dr Smith was great' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 90_000);

  it('lets the open comment go when the tab closes (keepalive) or the page goes, not after a save', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'));
    try {
      const view = page();
      fireEvent.click(screen.getByRole('button', { name: 'Clean comment 6' }));
      await screen.findByLabelText('Negative without NSM');
      window.dispatchEvent(new Event('pagehide'));
      const sent = fetchSpy.mock.calls.map(([url, init]) => [String(url), init?.method, init?.keepalive,
        (init?.headers as Record<string, string>)?.Authorization, JSON.parse(String(init?.body))]);
      expect(sent).toEqual([
        [`${window.location.origin}/api/comments`, 'PUT', true, 'Bearer t0k', { id: 61, projectId: 7, processing: false }],
        [`${window.location.origin}/api/comments`, 'PUT', true, 'Bearer t0k', { id: 62, projectId: 7, processing: false }]]);
      calls.changeStatus.mockClear();
      view.unmount(); // another screen: the claim goes through the api
      expect(calls.changeStatus.mock.calls).toEqual([
        [{ commentStatusChange: { id: 61, projectId: 7, processing: false } }],
        [{ commentStatusChange: { id: 62, projectId: 7, processing: false } }]]);
      // a saved comment is not let go again
      calls.changeStatus.mockClear();
      fetchSpy.mockClear();
      const again = page();
      fireEvent.click(screen.getByRole('button', { name: 'Clean comment 5' }));
      fireEvent.keyDown(await screen.findByLabelText('Cleaned (without NSM)'), { key: 'Enter', ctrlKey: true });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      calls.changeStatus.mockClear();
      window.dispatchEvent(new Event('pagehide'));
      again.unmount();
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(calls.changeStatus).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  }, 90_000);

  it('opens a pair half cleaned with the part still to clean only, and its Unclean resets the cleaned part', async () => {
    const half = { ...POS_NEG, positive: { ...POS_NEG.positive, cleaned: 'Nurse was kind', nsm: 'Nurse Ann was kind', markCleaned: 1 },
      negative: { ...POS_NEG.negative, normal: 'Long wait, rude desk' } };
    calls.comments.mockReturnValue({ data: { rows: [half], count: 1 }, isFetching: false });
    page();
    expect(screen.getByText('Not Cleaned')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 6' }));
    const negative = await screen.findByLabelText('Negative without NSM');
    expect(calls.changeStatus.mock.calls).toEqual([[{ commentStatusChange: { id: 62, projectId: 7, processing: true } }]]);
    expect(screen.queryByLabelText('Positive without NSM')).toBeNull();
    fireEvent.change(negative, { target: { value: 'Long wait' } });
    fireEvent.keyDown(negative, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls.save).toHaveBeenCalledWith({ cleanedCommentSave: {
      projectId: 7, negativeId: 62, negativeWNSM: 'Long wait, rude desk', negativeWoNSM: 'Long wait', negativeNormal: 'Long wait, rude desk' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    calls.changeStatus.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Unclean' }));
    fireEvent.click(await screen.findByRole('button', { name: /confirm|yes/i }));
    await waitFor(() => expect(calls.changeStatus.mock.calls).toEqual([
      [{ commentStatusChange: { id: 61, projectId: 7, markCleaned: false } }]]));
  }, 90_000);

  it('shows a pair as being cleaned while either part is', () => {
    const busy = { ...POS_NEG, positive: { ...POS_NEG.positive, markCleaned: 1 }, negative: { ...POS_NEG.negative, markCleaned: 2 } };
    calls.comments.mockReturnValue({ data: { rows: [busy], count: 1 }, isFetching: false });
    page();
    expect(screen.getByText('Being cleaned')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unclean' })).toBeNull();
  });

  it('keeps an over-long cleaned text whole, says so beside it and holds Save', async () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 5' }));
    const cleaned = await screen.findByLabelText('Cleaned (without NSM)');
    fireEvent.change(cleaned, { target: { value: 'y'.repeat(4001) } });
    expect(screen.getByText('At most 4000 characters (4001 typed)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(cleaned, { key: 'Enter', ctrlKey: true });
    expect(calls.save).not.toHaveBeenCalled();
  }, 90_000);

  it('says Required under an emptied cleaned text and sends nothing (survey-work §2 and platform §5)', async () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 5' }));
    const cleaned = await screen.findByLabelText('Cleaned (without NSM)');
    fireEvent.change(cleaned, { target: { value: '   ' } });
    expect(screen.getByText('Required')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(cleaned, { key: 'Enter', ctrlKey: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.save).not.toHaveBeenCalled();
    // the text with named staff members may be empty: the server keeps it so
    fireEvent.change(cleaned, { target: { value: 'The doctor was great' } });
    fireEvent.change(screen.getByLabelText('With NSM'), { target: { value: '' } });
    expect(screen.queryByText('Required')).toBeNull();
  }, 90_000);

  it('says Required under an emptied positive or negative text without NSM and sends nothing', async () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 6' }));
    const negative = await screen.findByLabelText('Negative without NSM');
    fireEvent.change(negative, { target: { value: '' } });
    expect(screen.getByText('Required')).toBeTruthy();
    fireEvent.keyDown(negative, { key: 'Enter', ctrlKey: true });
    expect(calls.save).not.toHaveBeenCalled();
  }, 90_000);

  it('blocks Enter in the positive and negative fields (survey-work §5), not in the open-ended ones', async () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 6' }));
    const positive = await screen.findByLabelText('Positive with NSM');
    expect(fireEvent.keyDown(positive, { key: 'Enter' })).toBe(false); // default prevented: no new line
    fireEvent.change(positive, { target: { value: 'Nurse Ann\nwas kind' } });
    expect((positive as HTMLTextAreaElement).value).toBe('Nurse Ann was kind');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 5' }));
    expect(fireEvent.keyDown(await screen.findByLabelText('With NSM'), { key: 'Enter' })).toBe(true);
  }, 90_000);

  it('saves positive and negative with and without NSM', async () => {
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 6' }));
    const negative = await screen.findByLabelText('Negative without NSM');
    expect(calls.changeStatus).toHaveBeenCalledWith({ commentStatusChange: { id: 61, projectId: 7, processing: true } });
    expect(calls.changeStatus).toHaveBeenCalledWith({ commentStatusChange: { id: 62, projectId: 7, processing: true } });
    fireEvent.change(screen.getByLabelText('Positive without NSM'), { target: { value: 'The nurse was kind' } });
    fireEvent.keyDown(negative, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls.save).toHaveBeenCalledWith({ cleanedCommentSave: {
      projectId: 7, positiveId: 61, positiveWNSM: 'Nurse Ann was kind', positiveWoNSM: 'The nurse was kind', positiveNormal: 'Nurse Ann was kind',
      negativeId: 62, negativeWNSM: 'Long wait', negativeWoNSM: 'Long wait', negativeNormal: 'Long wait' } }));
  }, 90_000);

  it('uncleans a cleaned positive/negative row: both of its parts are reset', async () => {
    calls.comments.mockReturnValue({ data: { rows: [{ ...POS_NEG,
      positive: { ...POS_NEG.positive, markCleaned: 1 }, negative: { ...POS_NEG.negative, markCleaned: 1 } }], count: 1 },
    isFetching: false });
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Unclean' }));
    fireEvent.click(await screen.findByRole('button', { name: /confirm|yes/i }));
    await waitFor(() => expect(calls.changeStatus).toHaveBeenCalledWith(
      { commentStatusChange: { id: 62, projectId: 7, markCleaned: false } }));
    expect(calls.changeStatus).toHaveBeenCalledWith({ commentStatusChange: { id: 61, projectId: 7, markCleaned: false } });
  }, 90_000);

  it('renews its claim every 5 minutes while the dialog is open, and says at once when it was lost, keeping the typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      page();
      fireEvent.click(screen.getByRole('button', { name: 'Clean comment 6' }));
      const negative = await screen.findByLabelText('Negative without NSM');
      fireEvent.change(negative, { target: { value: 'A long wait' } });
      const renewals = () => calls.changeStatus.mock.calls.filter(([a]) => a.commentStatusChange.processing === true).length;
      expect(renewals()).toBe(2); // the open claims both parts
      await vi.advanceTimersByTimeAsync(4 * 60_000);
      expect(renewals()).toBe(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(renewals()).toBe(4);
      expect(calls.changeStatus).toHaveBeenLastCalledWith({ commentStatusChange: { id: 62, projectId: 7, processing: true } });
      // the next renewal is refused: someone took it (the claim had lapsed anyway)
      calls.changeStatus.mockImplementation(({ commentStatusChange: c }: { commentStatusChange: { id: number; processing?: boolean } }) => (
        c.id === 62 && c.processing ? refused(409, 'Warning! This comment is being cleaned by someone else!!!') : ok({ message: 'ok' })));
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(await screen.findByText('Warning! This comment is being cleaned by someone else!!!')).toBeTruthy();
      expect((screen.getByLabelText('Negative without NSM') as HTMLTextAreaElement).value).toBe('A long wait');
      expect(screen.getByRole('dialog')).toBeTruthy();
      // Cancel: no more renewals after the dialog is gone
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const after = renewals();
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(renewals()).toBe(after);
    } finally {
      vi.useRealTimers();
    }
  }, 90_000);

  it('does not open a comment someone else is cleaning', async () => {
    calls.changeStatus.mockReturnValue(refused(409, 'Warning! This comment is being cleaned by someone else!!!'));
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 5' }));
    await waitFor(() => expect(calls.changeStatus).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.save).not.toHaveBeenCalled();
  }, 90_000);

  it('lets go of the positive part again when the negative part is being cleaned by someone else', async () => {
    calls.changeStatus.mockImplementation(({ commentStatusChange: c }: { commentStatusChange: { id: number; processing?: boolean } }) => (
      c.id === 62 && c.processing ? refused(409, 'Warning! This comment is being cleaned by someone else!!!') : ok({ message: 'ok' })));
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Clean comment 6' }));
    await waitFor(() => expect(calls.changeStatus).toHaveBeenCalledWith({ commentStatusChange: { id: 61, projectId: 7, processing: false } }));
    expect(calls.changeStatus).not.toHaveBeenCalledWith({ commentStatusChange: { id: 62, projectId: 7, processing: false } });
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 90_000);

  describe('the project manager filter', () => {
    const PM_PICKER = { role: Role.ProjectManager, limit: 100, orderBy: 'firstName', orderDir: 'ASC' };
    it.each([['the Comment Cleaner', Role.CommentCleaner], ['Operations', Role.Operations]])(
      'is given to %s: project managers listed, the choice narrows the project list', async (_who, role) => {
        calls.user = { id: 40, role };
        page();
        expect(calls.users).toHaveBeenCalledWith(PM_PICKER, { skip: false });
        expect(calls.projects).toHaveBeenLastCalledWith({ managerId: undefined, limit: 5000 });
        fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project Manager' }));
        fireEvent.click(await screen.findByRole('option', { name: 'Quinn Lead' }));
        await waitFor(() => expect(calls.projects).toHaveBeenLastCalledWith({ managerId: 12, limit: 5000 }));
        // spec §7: the comments are asked with the chosen manager
        expect(calls.comments).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 12, projectId: 7 }), { skip: false });
      }, 90_000);

    it("drops the chosen project when the picked manager's projects do not include it", async () => {
      calls.user = { id: 40, role: Role.Operations };
      const other = { rows: [{ id: 8, name: 'Other Clinic', cleaned: 0, total: 1 }], count: 1 };
      calls.projects.mockImplementation((args: { managerId?: number }) => (args.managerId === 12
        ? { data: other, currentData: other } : { data: { rows: [{ id: 7, name: 'Clinic Survey' }], count: 1 },
          currentData: { rows: [{ id: 7, name: 'Clinic Survey' }], count: 1 } }));
      page();
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project Manager' }));
      fireEvent.click(await screen.findByRole('option', { name: 'Quinn Lead' }));
      expect(await screen.findByText('Choose a project.')).toBeTruthy();
      expect(calls.comments).not.toHaveBeenCalledWith(expect.objectContaining({ managerId: 12, projectId: 7 }), { skip: false });
    }, 90_000);

    it('is not given to a Project Manager, who is their own filter', () => {
      calls.user = { id: 11, role: Role.ProjectManager };
      page();
      expect(screen.queryByRole('combobox', { name: 'Project Manager' })).toBeNull();
      expect(calls.users).toHaveBeenCalledWith(PM_PICKER, { skip: true });
      expect(calls.projects).toHaveBeenLastCalledWith({ managerId: 11, limit: 5000 });
      expect(calls.comments).toHaveBeenLastCalledWith(expect.objectContaining({ managerId: 11, projectId: 7 }), { skip: false });
    });
  });
});
