import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import { savingEnded, savingStarted, type VisitCallData } from '@frontend/shared-api';
import type { SurveyAnswerDraft } from '@frontend/shared-util';
import { CallScreen, PURGE_INTERVAL_MS, type QuestionnairePaneProps } from './call-screen';
import { DRAFT_MAX_AGE_MS, getDraft, putDraft } from './draft-queue';

// The screen's calls are replaced: each test decides what the project's languages answer.
const calls = vi.hoisted(() => ({
  claim: vi.fn(),
  release: vi.fn(),
  languages: vi.fn(),
  saveResult: vi.fn(),
  saveSurvey: vi.fn(),
  dispatch: vi.fn(),
  /** the order in which the screen dispatched and sent */
  log: [] as string[],
}));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useAppSelector: (select: (s: unknown) => unknown) => select({ auth: { user: { id: 7 } } }),
    useProjectsGetProjectQuery: () => ({ data: { id: 5, name: 'Demo Project', isLocked: false } }),
    useProjectsListLanguagesQuery: (arg: unknown) => calls.languages(arg),
    useCallingClaimNextCallMutation: () => [calls.claim, { isLoading: false }],
    useCallingReleaseCallLockMutation: () => [calls.release, { isLoading: false }],
    useCallingSaveCallResultMutation: () => [calls.saveResult, { isLoading: false }],
    useSurveysSaveCallSurveyMutation: () => [calls.saveSurvey, { isLoading: false }],
    useAppDispatch: () => calls.dispatch,
  };
});

const CALL: VisitCallData = {
  age: 40, assignedGoals: { surveyorGoals: 5, surveyorCompGoals: 20 } as VisitCallData['assignedGoals'], callId: 31,
  callStart: '2024-05-01T14:00:00Z', center: null, chpw: null, department: null, dos: null, ethnicity: null, gender: null,
  guarantor: null, languageId: 1, lockExpiresAt: '2024-05-01T14:30:00Z', payerType: null, phoneCell: null, phoneHome: null,
  projectId: 5, provider: null, providerType: null, race: null, typeId: null, visitId: 11, visitorId: 'V-1', visitorName: 'Pat',
};

/** The shell's top bar, reduced to its programmatic My Profile navigation, and a menu link. */
function TopBar() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/my-profile')}>My Profile</button>
      <Link to="/surveyor/call-log">Call Log</Link>
      <Link to="/surveyor/project-call/5">Call project 5</Link>
    </>
  );
}

async function openCall(call: Partial<VisitCallData> = {}, { from, pane }: { from?: string; pane?: CallScreenPane } = {}) {
  if (from) window.history.pushState(null, '', from);
  calls.claim.mockReturnValue({ unwrap: () => Promise.resolve({ data: { ...CALL, ...call } }) });
  render(
    <BrowserRouter>
      <TopBar />
      <Routes>
        <Route path="/surveyor/project-call/:id" element={<CallScreen questionnairePane={pane} />} />
        <Route path="/my-profile" element={<p>Profile page</p>} />
        <Route path="/surveyor/call-log" element={<p>Call log page</p>} />
      </Routes>
    </BrowserRouter>,
  );
  if (from) fireEvent.click(screen.getByRole('link', { name: 'Call project 5' })); // a router entry to go back from
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  await screen.findByTestId('visit-call-data');
}

type CallScreenPane = (props: QuestionnairePaneProps) => ReactNode;

/** A questionnaire pane that reports the answers a test gives it (valid or not) and keeps the props it got. */
function fakePane(answers: SurveyAnswerDraft[], valid: boolean) {
  const seen: { props: QuestionnairePaneProps | null } = { props: null };
  const pane: CallScreenPane = (props) => {
    seen.props = props;
    return <button type="button" onClick={() => props.onChange?.({ valid, answers })}>Answer</button>;
  };
  return { pane, seen };
}

const ok = (data: unknown) => ({ unwrap: () => Promise.resolve(data) });
const fails = (error: unknown) => ({ unwrap: () => Promise.reject(error) });

/** Start Call, answer through the pane, choose Agreed to Survey. */
async function answerAndAgree() {
  fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
  fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call disposition' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Agreed to Survey' }));
  await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(1)); // the interim partial result
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });

beforeEach(() => {
  localStorage.clear();
  window.history.pushState(null, '', '/surveyor/project-call/5');
  calls.log.length = 0;
  calls.dispatch.mockReset().mockImplementation((action: { type: string }) => calls.log.push(action.type));
  calls.saveResult.mockReset().mockImplementation(() => {
    calls.log.push('saveResult');
    return ok({ message: 'Call saved' });
  });
  calls.saveSurvey.mockReset().mockImplementation(() => {
    calls.log.push('saveSurvey');
    return ok({ message: 'Survey saved' });
  });
  calls.claim.mockReset();
  calls.release.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'released' }) });
  calls.languages.mockReset().mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }], count: 1 }, isError: false });
});

describe('leaving an open call (spec survey-work §4)', () => {
  it('asks before a programmatic navigation; Stay keeps the call and its lock', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'My Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this call?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/surveyor/project-call/5');
    expect(screen.getByTestId('visit-call-data')).toBeTruthy();
    expect(calls.release).not.toHaveBeenCalled();
  });

  it('on Leave releases the lock, then goes where the navigation was going', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'My Profile' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Profile page');
    expect(window.location.pathname).toBe('/my-profile');
    expect(calls.release).toHaveBeenCalledWith({ callLockRelease: { callId: 31, projectId: 5, result: null } });
  });

  it('asks before a router link too', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('link', { name: 'Call Log' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Call log page');
    expect(calls.release).toHaveBeenCalledTimes(1);
  });

  it('holds the browser Back button until confirmed, then releases the lock and goes back', async () => {
    await openCall({}, { from: '/my-profile' });
    act(() => window.history.back());
    const dialog = await screen.findByRole('dialog', { name: 'Leave this call?' });
    await waitFor(() => expect(window.location.pathname).toBe('/surveyor/project-call/5'));
    expect(screen.getByTestId('visit-call-data')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Profile page');
    expect(window.location.pathname).toBe('/my-profile');
    expect(calls.release).toHaveBeenCalledTimes(1);
  });
});

describe('language select (platform.md §7: GET language by projectId)', () => {
  const options = () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    return within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  };

  it("offers the project's languages", async () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 }, isError: false });
    await openCall();
    expect(calls.languages).toHaveBeenCalledWith({ projectId: 5, paginated: false });
    expect(options()).toEqual(['English', 'Spanish']);
  });

  it("keeps the patient's roster language listed when the project lacks it", async () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 }, isError: false });
    await openCall({ languageId: 4 });
    expect(options()).toEqual(['English', 'Spanish', 'Arabic']);
  });

  it('falls back to every language when they cannot be loaded', async () => {
    calls.languages.mockReturnValue({ data: undefined, isError: true });
    await openCall();
    expect(options()).toHaveLength(12);
  });
});

describe('saving a call (spec survey-work §2 Call screen, §4)', () => {
  const ANSWERS: SurveyAnswerDraft[] = [{ quesId: 3, sequence: 2, ansId: 30, openEnded: null }];

  it('saves a Partial Survey with required questions unanswered: the survey says isPartial, then the result', async () => {
    const { pane } = fakePane(ANSWERS, false);
    await openCall({}, { pane });
    await answerAndAgree();
    expect(saveButton().hasAttribute('disabled')).toBe(true); // required answers missing
    fireEvent.click(screen.getByRole('checkbox', { name: 'Partial Survey' }));
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave).toMatchObject({
      projectId: 5, callId: 31, isPut: false, isPartial: true, survey: [{ quesId: 3, sequence: 2, ansId: 30, openEnded: null }],
    });
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(2));
    expect(calls.saveResult.mock.calls[1][0].callResult).toMatchObject({ id: 31, result: 1, isPartial: true });
  });

  it('a complete survey says isPartial false', async () => {
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave).toMatchObject({ isPartial: false });
  });

  it('sends the roster values the pane evaluated, with the site under both of its names', async () => {
    const { pane, seen } = fakePane(ANSWERS, true);
    await openCall({ provider: 'Dr. Lee', center: 'North Clinic', department: 'Pediatrics', gender: 'F', age: 40,
      typeId: 2, payerType: 'Medicare', providerType: 'MD' }, { pane });
    const expected = { provider: 'Dr. Lee', site: 'North Clinic', center: 'North Clinic', department: 'Pediatrics', gender: 'F',
      age: '40', typeId: '2', payerType: 'Medicare', providerType: 'MD' };
    expect(seen.props?.rosterValues).toEqual(expected);
    await answerAndAgree();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave.rosterValues).toEqual(expected);
  });

  it("counts the save in the shell's saving counter (the new-release dialog waits)", async () => {
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    calls.log.length = 0;
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.log).toContain(savingEnded.type));
    expect(calls.log).toEqual([savingStarted.type, 'saveSurvey', 'saveResult', savingEnded.type]);
  });

  it('ends the saving count when the survey save fails', async () => {
    calls.saveSurvey.mockImplementation(() => {
      calls.log.push('saveSurvey');
      return fails({ status: 422, data: { message: 'survey: answers are required for Care rating' } });
    });
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    calls.log.length = 0;
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.log).toContain(savingEnded.type));
    expect(calls.log).toEqual([savingStarted.type, 'saveSurvey', savingEnded.type]);
  });

  it('a failed survey save stops the loader and keeps the answers and comments (no draft holds the comments)', async () => {
    calls.saveSurvey.mockImplementation(() => fails({ status: 422, data: { message: 'survey: answers are required for Care rating' } }));
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.change(screen.getByLabelText('Positive comment'), { target: { value: 'Kind nurses' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByText('Saving… Please wait.')).toBeNull());
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText('Positive comment') as HTMLTextAreaElement).value).toBe('Kind nurses');
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS);
    expect(calls.saveResult).toHaveBeenCalledTimes(1); // only the interim one
  });
});

describe('draft cleanup (platform §4: a periodic cleanup removes drafts older than 24 hours)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('purges expired drafts every PURGE_INTERVAL_MS while the screen is open, and stops when it closes', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { unmount } = render(<BrowserRouter><CallScreen /></BrowserRouter>);
    const old = Date.now() - DRAFT_MAX_AGE_MS - 1000;
    putDraft('answers', 5, 90, ANSWERS_OLD, old);
    putDraft('answers', 5, 91, ANSWERS_OLD); // fresh: stays
    act(() => vi.advanceTimersByTime(PURGE_INTERVAL_MS - 1));
    expect(localStorage.getItem('surveyops.call.answers.5.90')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(localStorage.getItem('surveyops.call.answers.5.90')).toBeNull();
    expect(localStorage.getItem('surveyops.call.answers.5.91')).not.toBeNull();
    unmount();
    putDraft('answers', 5, 92, ANSWERS_OLD, old);
    act(() => vi.advanceTimersByTime(PURGE_INTERVAL_MS * 2));
    expect(localStorage.getItem('surveyops.call.answers.5.92')).not.toBeNull();
  });
});

const ANSWERS_OLD: SurveyAnswerDraft[] = [{ quesId: 1, sequence: 1, ansId: 10, openEnded: null }];
