import type { ReactNode } from 'react';
import { act, cleanup as cleanupScreen, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { vi } from 'vitest';
import { backOnline, savingEnded, savingStarted, type VisitCallData } from '@frontend/shared-api';
import { AppThemeProvider } from '@frontend/shared-ui';
import { BEFORE_LOGOUT_EVENT, DEFAULT_ERROR_TEXT, NO_QUESTIONNAIRE_TEXT, OFFLINE_TEXT, addDays, businessToday,
  type BeforeLogoutDetail, type SurveyAnswerDraft } from '@frontend/shared-util';
import { CallScreen, OPEN_CALL_TEXT, PURGE_INTERVAL_MS, type QuestionnairePaneProps } from './call-screen';
import { DRAFT_MAX_AGE_MS, getDraft, putDraft } from './draft-queue';

// The screen's calls are replaced: each test decides what the project's languages answer.
const calls = vi.hoisted(() => ({
  menuLinkClicked: vi.fn(),
  claim: vi.fn(),
  release: vi.fn(),
  languages: vi.fn(),
  questionnaire: vi.fn(),
  project: vi.fn(),
  saveResult: vi.fn(),
  saveSurvey: vi.fn(),
  logic: vi.fn(),
  dispatch: vi.fn(),
  /** the order in which the screen dispatched and sent */
  log: [] as string[],
}));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useAppSelector: (select: (s: unknown) => unknown) => select({ auth: { user: { id: 7 } } }),
    useProjectsGetProjectQuery: () => calls.project(),
    useSurveysGetQuestionnaireQuery: (arg: unknown, opts: unknown) => calls.questionnaire(arg, opts),
    useSurveysListLogicQuery: (arg: unknown, opts: unknown) => calls.logic(arg, opts),
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
      <Link to="/surveyor/call-log" onClick={() => calls.menuLinkClicked()}>Call Log</Link>
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
  calls.questionnaire.mockReset().mockReturnValue({ data: { rows: [] }, isError: false });
  calls.logic.mockReset().mockReturnValue({ data: { rows: [] }, isError: false });
  calls.project.mockReset().mockReturnValue({ data: { id: 5, name: 'Demo Project', isLocked: false } });
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

  it("lets the link's own click handler run while its navigation is held (the shell's mobile drawer closes)", async () => {
    // 1280x720 keyboard audit: the drawer stayed open under the question, kept the focus, and took its Escape
    calls.menuLinkClicked.mockReset();
    await openCall();
    fireEvent.click(screen.getByRole('link', { name: 'Call Log' }));
    expect(calls.menuLinkClicked).toHaveBeenCalledTimes(1);
    await screen.findByRole('dialog', { name: 'Leave this call?' });
    expect(window.location.pathname).toBe('/surveyor/project-call/5');
    expect(calls.release).not.toHaveBeenCalled();
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

describe('leaving an open call clears what the screen kept of it (spec survey-work §4)', () => {
  const ANSWERS: SurveyAnswerDraft[] = [{ quesId: 3, sequence: 2, ansId: 30, openEnded: null }];
  const leaveFor = async (name: string) => {
    fireEvent.click(screen.getByRole('link', { name }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Call log page');
  };

  it('an agreed call left before its final save takes its answers as a partial survey, then the lock goes back', async () => {
    calls.release.mockImplementation(() => {
      calls.log.push('release');
      return ok({ message: 'released' });
    });
    const { pane } = fakePane(ANSWERS, false);
    await openCall({}, { pane });
    await answerAndAgree();
    calls.log.length = 0;
    await leaveFor('Call Log');
    expect(calls.saveSurvey).toHaveBeenCalledTimes(1);
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave).toMatchObject({
      projectId: 5, callId: 31, isPut: false, isPartial: true, survey: ANSWERS,
    });
    expect(calls.log.filter((e) => e === 'saveSurvey' || e === 'release')).toEqual(['saveSurvey', 'release']);
    expect(calls.saveResult).toHaveBeenCalledTimes(1); // only the interim one: the release ends the call
  });

  it('a logout during the call gives it back first (answers of an agreed survey, then the lock), a logout after it nothing', async () => {
    const { pane } = fakePane(ANSWERS, false);
    await openCall({}, { pane });
    await answerAndAgree();
    const logoutNow = async () => {
      const work: Promise<unknown>[] = [];
      const detail: BeforeLogoutDetail = { waitFor: (w) => work.push(w) };
      window.dispatchEvent(new CustomEvent(BEFORE_LOGOUT_EVENT, { detail }));
      await Promise.all(work);
      return work.length;
    };
    expect(await logoutNow()).toBe(1);
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave).toMatchObject({ callId: 31, isPartial: true, survey: ANSWERS });
    expect(calls.release).toHaveBeenCalledWith({ callLockRelease: { callId: 31, projectId: 5, result: 1 } });
    expect(getDraft('answers', 5, 31)).toBeNull();
    cleanupScreen(); // the screen went with the session
    calls.release.mockClear();
    render(<BrowserRouter><Routes><Route path="/surveyor/project-call/:id" element={<CallScreen />} /></Routes></BrowserRouter>);
    expect(await logoutNow()).toBe(0); // no call open: nothing to give back
    expect(calls.release).not.toHaveBeenCalled();
  });

  it('a release that never reached the server keeps the Restore copy and the agreement: the call is still held', async () => {
    calls.release.mockReturnValue(fails({ status: 0, message: 'The network looks offline (aborted)' }));
    const { pane } = fakePane(ANSWERS, false);
    await openCall({}, { pane });
    await answerAndAgree();
    await leaveFor('Call Log');
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS);
    expect(localStorage.getItem('surveyops.call.sent.agreed.5.31')).not.toBeNull();
  });

  it('the project page does not say the call is still open after leaving it, nor offer its answers again', async () => {
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    fireEvent.click(screen.getByRole('button', { name: 'Answer' })); // answers kept for Restore, nothing agreed
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS);
    await leaveFor('Call Log');
    expect(calls.saveSurvey).not.toHaveBeenCalled(); // not agreed: no survey
    expect(getDraft('answers', 5, 31)).toBeNull();
    cleanupScreen();
    window.history.pushState(null, '', '/surveyor/project-call/5');
    render(<BrowserRouter><Routes><Route path="/surveyor/project-call/:id" element={<CallScreen />} /></Routes></BrowserRouter>);
    expect(screen.queryByText(OPEN_CALL_TEXT)).toBeNull();
  });
});

describe('the keyboard on the call screen (focus is never lost)', () => {
  it('Call Now hands the focus to Start Call, and Start Call to the language select', async () => {
    await openCall();
    // Call Now has left the page: the focus is on Start Call, not on the page body
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start Call' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Language' }));
  });
});

describe('language select (platform.md §7: GET language by projectId)', () => {
  const options = () => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    return within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  };

  it("shows the patient's call details the project's Additional Info selects, in order, and the language", async () => {
    await openCall({ age: 40, gender: 'F', provider: 'Dr Who', visitInfos: [
      { field: 'Race', value: 'Asian', show: true }, { field: 'Age', value: 40, show: true }] } as Partial<VisitCallData>);
    const lines = Array.from(screen.getByTestId('visit-call-data').querySelectorAll('p'))
      .map((p) => p.textContent).filter((t) => t && /^[A-Za-z ]+:/.test(t) && !t.startsWith('Goals') && !t.startsWith('Cell') && !t.startsWith('Home'));
    // the provider and sex the call carries are not shown: the selection is Race, then Age
    expect(lines).toEqual(['Language: English', 'Race: Asian', 'Age: 40']);
  });

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

  const ROSTER = { provider: 'Dr. Lee', center: 'North Clinic', department: 'Pediatrics', gender: 'F', age: 40,
    typeId: 2, payerType: 'Medicare', providerType: 'MD' };
  const viaRoster = (rosterField: string, rosterValue: string) => ({
    viaRoster: true, questionId: null, answerId: null, rosterField, rosterValue, affectedQuestionIds: [4],
  });

  it('gives the pane the roster values, with the site under both of its names', async () => {
    const { pane, seen } = fakePane(ANSWERS, true);
    await openCall(ROSTER, { pane });
    expect(seen.props?.rosterValues).toEqual({ provider: 'Dr. Lee', site: 'North Clinic', center: 'North Clinic',
      department: 'Pediatrics', gender: 'F', age: '40', typeId: '2', payerType: 'Medicare', providerType: 'MD' });
  });

  it("sends only the roster fields the project's via-roster rules read (matched as the evaluator does)", async () => {
    calls.logic.mockReturnValue({ data: { rows: [viaRoster(' Gender ', 'F'), viaRoster('center', 'North Clinic'),
      { viaRoster: false, questionId: 3, answerId: 30, rosterField: null, rosterValue: null, affectedQuestionIds: [5] }] } });
    const { pane } = fakePane(ANSWERS, true);
    await openCall(ROSTER, { pane });
    await answerAndAgree();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave.rosterValues).toEqual({ gender: 'F', center: 'North Clinic' });
    // read as the surveyor of an assigned project (spec §6/§7): own id and isSvProject
    expect(calls.logic).toHaveBeenCalledWith({ projectId: 5, languageId: 1, surveyorId: 7, isSvProject: true }, expect.anything());
  });

  it('sends no roster values when no rule reads the roster', async () => {
    const { pane } = fakePane(ANSWERS, true);
    await openCall(ROSTER, { pane });
    await answerAndAgree();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave.rosterValues).toEqual({});
  });

  it('a survey saved offline keeps only the roster field its rule reads in the stored draft (it outlives a logout)', async () => {
    calls.logic.mockReturnValue({ data: { rows: [viaRoster('payerType', 'Medicare')] } });
    const { pane } = fakePane(ANSWERS, true);
    await openCall(ROSTER, { pane });
    await answerAndAgree();
    calls.saveSurvey.mockImplementation(() => fails({ status: 'FETCH_ERROR', error: 'offline' }));
    fireEvent.click(saveButton());
    await screen.findByTestId('offline-alert');
    const stored = getDraft<{ rosterValues: Record<string, string | null> }>('survey', 5, 31);
    expect(stored?.payload.rosterValues).toEqual({ payerType: 'Medicare' });
    const raw = Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? '').join('\n');
    for (const v of ['Dr. Lee', 'Pediatrics', 'North Clinic', 'providerType']) expect(raw).not.toContain(v);
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

  it("shows the spec's saving overlay, \"Saving... Please wait.\", while the save is under way", async () => {
    let landed: (v: unknown) => void = () => undefined;
    calls.saveSurvey.mockImplementation(() => ({ unwrap: () => new Promise((resolve) => { landed = resolve; }) }));
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toBe('Saving... Please wait.');
    landed({ message: 'Survey saved' });
    await waitFor(() => expect(screen.queryByText('Saving... Please wait.')).toBeNull());
  });

  it('a failed survey save stops the loader and keeps the answers and comments (no draft holds the comments)', async () => {
    calls.saveSurvey.mockImplementation(() => fails({ status: 422, data: { message: 'survey: answers are required for Care rating' } }));
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.change(screen.getByLabelText('Positive comment'), { target: { value: 'Kind nurses' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(saveButton().hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText('Positive comment') as HTMLTextAreaElement).value).toBe('Kind nurses');
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS);
    expect(calls.saveResult).toHaveBeenCalledTimes(1); // only the interim one
  });
});

describe('a save the server fails (spec §8: the default text for status 500 or higher)', () => {
  const ANSWERS: SurveyAnswerDraft[] = [{ quesId: 3, sequence: 2, ansId: 30, openEnded: null }];

  it('says the default error text beside the form for a 500 without a message, keeps everything and saves on retry', async () => {
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.change(screen.getByLabelText('Positive comment'), { target: { value: 'Kind nurses' } });
    calls.saveSurvey.mockImplementationOnce(() => fails({ status: 500, message: '' }));
    fireEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(DEFAULT_ERROR_TEXT);
    expect((screen.getByLabelText('Positive comment') as HTMLTextAreaElement).value).toBe('Kind nurses');
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS);
    fireEvent.click(saveButton()); // the retry lands
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(2));
    expect(calls.saveSurvey).toHaveBeenCalledTimes(2);
  });

  it('a survey that landed before its result failed is replaced (isPut) when the answers change, skipped when not', async () => {
    let answers = ANSWERS;
    const pane: CallScreenPane = (props) => (
      <button type="button" onClick={() => props.onChange?.({ valid: true, answers })}>Answer</button>
    );
    await openCall({}, { pane });
    await answerAndAgree();
    calls.saveResult.mockImplementationOnce(() => fails({ status: 500, message: '' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(2));
    expect(calls.saveSurvey.mock.calls[0][0].callSurveySave).toMatchObject({ isPut: false });
    await screen.findByRole('alert');
    fireEvent.click(saveButton()); // the same answers again: the landed survey is not sent twice
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(3));
    expect(calls.saveSurvey).toHaveBeenCalledTimes(1);
    cleanupScreen();
    // the same call, this time corrected after the failed result: the new answers replace the saved ones
    await openCall({}, { pane });
    calls.saveResult.mockClear();
    calls.saveResult.mockImplementationOnce(() => fails({ status: 500, message: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    answers = [{ quesId: 3, sequence: 2, ansId: 31, openEnded: null }];
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call disposition' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Agreed to Survey' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveSurvey).toHaveBeenCalledTimes(2));
    expect(calls.saveSurvey.mock.calls[1][0].callSurveySave).toMatchObject({ isPut: true, survey: answers });
  });

  it("adds the default text to a server error's own message, as the shell's alert does", async () => {
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    calls.saveResult.mockImplementationOnce(() => fails({ status: 500, message: 'Internal Server Error' }));
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toContain(`Internal Server Error ${DEFAULT_ERROR_TEXT}`);
  });
});

describe('a survey the server no longer takes (the call was released)', () => {
  const ANSWERS: SurveyAnswerDraft[] = [{ quesId: 3, sequence: 2, ansId: 30, openEnded: null }];
  const RELEASED = 'This call was released, so its survey can no longer be saved; request the next patient';

  it("shows the server's reason on the screen and keeps the typed answers as unsaved responses", async () => {
    // the API client's error as the mutation's unwrap rejects with it
    calls.saveSurvey.mockImplementation(() => fails({ status: 409, message: RELEASED }));
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.click(saveButton());
    expect(await screen.findByText(RELEASED)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(RELEASED);
    expect(calls.saveResult).toHaveBeenCalledTimes(1); // only the interim one: no result after a refused survey
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS);
    expect(screen.getByTestId('visit-call-data')).toBeTruthy(); // the call stays on screen
  });

  it("says calling's reason for a refused result the same way", async () => {
    const HELD = 'This patient is no longer held by this call; request the next patient';
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    calls.saveResult.mockImplementation(() => fails({ status: 409, message: HELD }));
    fireEvent.click(saveButton());
    expect(await screen.findByText(HELD)).toBeTruthy();
    expect(screen.getByTestId('visit-call-data')).toBeTruthy();
  });

  it('keeps no draft of a save the closed call refused (a second tab saved it): nothing is resent at the next sign-in', async () => {
    calls.saveSurvey.mockImplementationOnce(() => fails({ status: 409, message: RELEASED }));
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.click(saveButton());
    expect(await screen.findByText(RELEASED)).toBeTruthy();
    expect(getDraft('survey', 5, 31)).toBeNull();
    calls.saveResult.mockImplementation(() => fails({ status: 409, message: "This call's result is already saved" }));
    fireEvent.click(saveButton());
    expect(await screen.findByText("This call's result is already saved")).toBeTruthy();
    expect(getDraft('result', 5, 31)).toBeNull();
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS); // the typed answers stay on the screen's side
  });

  it('reads the message from a raw error body too', async () => {
    calls.saveSurvey.mockImplementation(() => fails({ status: 409, data: { statusCode: 409, message: RELEASED } }));
    const { pane } = fakePane(ANSWERS, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.click(saveButton());
    expect(await screen.findByText(RELEASED)).toBeTruthy();
    expect(getDraft('answers', 5, 31)?.payload).toEqual(ANSWERS);
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

describe('coming back to an agreed call (spec survey-work §4: the agreement is remembered locally)', () => {
  it('a reload during an agreed survey shows Agreed to Survey again, with Restore responses for the answers', async () => {
    const { pane } = fakePane(ANSWERS_OLD, true);
    await openCall({}, { pane });
    await answerAndAgree();
    cleanupScreen();
    // the server gives back the held call after the reload
    await openCall({}, { pane });
    expect(screen.getByRole('button', { name: 'Restore responses' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Call disposition' }).textContent).toBe('Agreed to Survey');
    expect((screen.getByRole('checkbox', { name: 'Partial Survey' }) as HTMLInputElement).checked).toBe(false);
  });

  it('another disposition forgets it, and a saved call leaves nothing behind', async () => {
    const { pane } = fakePane(ANSWERS_OLD, true);
    await openCall({}, { pane });
    await answerAndAgree();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call disposition' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Respondent Refused' }));
    expect(localStorage.getItem('surveyops.call.sent.agreed.5.31')).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call disposition' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Agreed to Survey' }));
    expect(localStorage.getItem('surveyops.call.sent.agreed.5.31')).not.toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(localStorage.getItem('surveyops.call.sent.agreed.5.31')).toBeNull());
  });
});

describe('coming back to a call in another language (spec §2: Restore responses; §3 surveyLanguageId)', () => {
  const ARABIC = 4;
  const language = () => screen.getByRole('combobox', { name: 'Language' });
  const chooseLanguage = (name: string) => {
    fireEvent.mouseDown(language());
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  };
  beforeEach(() => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: ARABIC, name: 'Arabic' }], count: 2 }, isError: false });
  });

  it('Restore responses brings back the survey language chosen before the reload, and the save records it', async () => {
    const { pane, seen } = fakePane(ANSWERS_OLD, true);
    await openCall({}, { pane }); // the patient's roster language is English
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    chooseLanguage('Arabic');
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call disposition' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Agreed to Survey' }));
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(1));
    expect(calls.saveResult.mock.calls[0][0].callResult).toMatchObject({ surveyLanguageId: ARABIC });
    cleanupScreen();
    // the reload: the server gives back the held call (this one without the language its interim save recorded)
    await openCall({}, { pane });
    fireEvent.click(screen.getByRole('button', { name: 'Restore responses' }));
    expect(language().textContent).toBe('Arabic');
    expect(seen.props?.languageId).toBe(ARABIC);
    expect(seen.props?.restore).toEqual(ANSWERS_OLD);
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(2));
    expect(calls.saveResult.mock.calls[1][0].callResult).toMatchObject({ result: 1, surveyLanguageId: ARABIC });
    // a saved call leaves nothing behind
    await waitFor(() => expect(localStorage.getItem('surveyops.call.sent.language.5.31')).toBeNull());
  });

  it('a held call starts in the language its interim save recorded; Discard keeps it and forgets the local copy', async () => {
    putDraft('answers', 5, 31, ANSWERS_OLD);
    localStorage.setItem('surveyops.call.sent.language.5.31', JSON.stringify({ at: Date.now(), languageId: 1 }));
    await openCall({ surveyLanguageId: ARABIC });
    expect(language().textContent).toBe('Arabic');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(language().textContent).toBe('Arabic');
    expect(localStorage.getItem('surveyops.call.sent.language.5.31')).toBeNull();
  });

  it('a new call starts in the roster language', async () => {
    await openCall({ languageId: ARABIC, surveyLanguageId: null });
    expect(language().textContent).toBe('Arabic');
    cleanupScreen();
    await openCall({ languageId: 1, surveyLanguageId: null });
    expect(language().textContent).toBe('English');
  });
});

describe('after a reload, before Call Now (spec §2: unsaved answers are offered on return)', () => {
  const screenOf = () => render(<BrowserRouter><Routes>
    <Route path="/surveyor/project-call/:id" element={<CallScreen />} /></Routes></BrowserRouter>);
  beforeEach(() => window.history.pushState(null, '', '/surveyor/project-call/5'));

  it("says the call is still open when this project's answers are kept, so Call Now is expected", () => {
    putDraft('answers', 5, 31, ANSWERS_OLD);
    screenOf();
    expect(screen.getByText(OPEN_CALL_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Call Now' })).toBeTruthy();
  });

  it('says so after an Agreed choice without answers too, and not for another project or with nothing kept', () => {
    localStorage.setItem('surveyops.call.sent.agreed.5.31', JSON.stringify({ at: Date.now() }));
    screenOf();
    expect(screen.getByText(OPEN_CALL_TEXT)).toBeTruthy();
    cleanupScreen();
    localStorage.clear();
    putDraft('answers', 6, 40, ANSWERS_OLD);
    screenOf();
    expect(screen.queryByText(OPEN_CALL_TEXT)).toBeNull();
  });
});

describe('the Do Not Call box and the disposition agree (spec survey-work §4)', () => {
  const disposition = () => screen.getByRole('combobox', { name: 'Call disposition' });
  const dncBox = () => screen.getByRole('checkbox', { name: 'Do Not Call' }) as HTMLInputElement;
  const choose = (name: string) => {
    fireEvent.mouseDown(disposition());
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  };

  it('choosing another disposition after Do Not Call unticks the box, and the save sends what is shown', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    choose('Do Not Call');
    expect(dncBox().checked).toBe(true);
    choose('Respondent Refused');
    expect(disposition().textContent).toBe('Respondent Refused');
    expect(dncBox().checked).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(1));
    expect(calls.saveResult.mock.calls[0][0].callResult).toMatchObject({ result: 3, doNotCall: false, isPartial: true });
  });

  it('ticking the box shows Do Not Call as the disposition and saves result 2', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    choose('Respondent Unavailable');
    fireEvent.click(dncBox());
    expect(disposition().textContent).toBe('Do Not Call');
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(1));
    expect(calls.saveResult.mock.calls[0][0].callResult).toMatchObject({ result: 2, doNotCall: true });
  });

  it('unticking the box clears a Do Not Call disposition: the surveyor chooses again', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    choose('Do Not Call');
    fireEvent.click(dncBox());
    expect(dncBox().checked).toBe(false);
    expect(disposition().textContent).not.toContain('Do Not Call');
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });

  it('offers the same dispositions as the questionnaire viewer, result 1 as Agreed to Survey', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    fireEvent.mouseDown(disposition());
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Agreed to Survey', 'Do Not Call', 'Respondent Refused', 'No Answer or Voicemail Recording', 'Respondent Unavailable',
      'Scheduled Another Time to Contact', 'Incorrect Roster Information',
    ]);
  });
});

describe('printing the call screen', () => {
  it('prints the questionnaire grown to its content, without the controls, the top bar or the navigation', async () => {
    render(<AppThemeProvider><span /></AppThemeProvider>);
    const css = [...document.querySelectorAll('style')].map((st) => st.textContent).join('\n');
    expect(css).toMatch(/@media print\s*\{[^]*\.no-print,\s*\.MuiAppBar-root,\s*\.MuiDrawer-root[^{]*\{\s*display:\s*none\s*!important/);
    expect(css).toMatch(/\.print-grow,\s*\.print-grow \.MuiPaper-root\s*\{\s*height:\s*auto\s*!important/);
    await openCall();
    expect(screen.getByTestId('questionnaire-pane').classList.contains('print-grow')).toBe(true);
    // the pane frames itself: the screen adds no second outlined box around it (a double border, a 2 px scroll)
    expect(screen.getByTestId('questionnaire-pane').classList.contains('MuiPaper-root')).toBe(false);
    for (const control of [screen.getByRole('button', { name: 'Save' }), screen.getByRole('combobox', { name: 'Call disposition' }),
      screen.getByLabelText('Positive comment'), screen.getByRole('button', { name: 'Print' })]) {
      expect(control.closest('.no-print')).not.toBeNull();
    }
    expect(screen.getByTestId('visit-call-data').closest('.no-print')).toBeNull();
  });
});

describe('before Call Now (spec §2: project details with Call Now button)', () => {
  it("shows the project's client, type, reporting period, deadline and the surveyor's own goals", async () => {
    calls.project.mockReturnValue({ data: {
      id: 5, name: 'Demo Project', isLocked: false, client: { id: 2, name: 'Acme Health', abbr: 'AH' }, typeId: 2,
      reportFreqId: 1, deadline: '2026-12-31',
      goals: [{ surveyorId: 9, surveys: 1, surveyorGoals: 2, surveyorCompGoals: 3 }, { surveyorId: 7, surveys: 4, surveyorGoals: 10, surveyorCompGoals: 40 }],
    } });
    render(<BrowserRouter><Routes><Route path="/surveyor/project-call/:id" element={<CallScreen />} /></Routes></BrowserRouter>);
    const details = screen.getByTestId('project-details');
    expect(details.textContent).toContain('Client: Acme Health');
    expect(details.textContent).toContain('Project Type: CG CAHPS');
    expect(details.textContent).toContain('Reporting Period: Monthly');
    expect(details.textContent).toContain('Deadline: 12/31/26');
    expect(details.textContent).toContain('Week-to-Date Surveys Completed: 4');
    expect(details.textContent).toContain('Current Week Minimum Surveys: 10');
    expect(details.textContent).toContain('Current Report-Period Minimum Surveys: 40');
    expect(screen.getByRole('button', { name: 'Call Now' })).toBeTruthy();
  });

  it("shows this week's goal from the weekly goal history, as Project Details and My Projects do", async () => {
    const today = businessToday();
    calls.project.mockReturnValue({ data: {
      id: 5, name: 'Demo Project', isLocked: false, typeId: 2, reportFreqId: 1, deadline: '2026-12-31',
      goals: [{ surveyorId: 7, surveys: 4, surveyorGoals: 10, surveyorCompGoals: 40, assignmentHistory: [
        { weekDate: addDays(today, -21), weekGoals: 5, weekCompGoals: 0 },
        { weekDate: addDays(today, -7), weekGoals: 6, weekCompGoals: 0 }, // last week's goal still holds
        { weekDate: addDays(today, 14), weekGoals: 9, weekCompGoals: 0 }] }],
    } });
    render(<BrowserRouter><Routes><Route path="/surveyor/project-call/:id" element={<CallScreen />} /></Routes></BrowserRouter>);
    expect(screen.getByTestId('project-details').textContent).toContain('Current Week Minimum Surveys: 6');
  });
});

describe('a project the surveyor may not load (platform §4: surveyors are sent back to My Projects)', () => {
  const page = () => render(
    <BrowserRouter>
      <Routes>
        <Route path="/surveyor">{/* nested as in the surveyor area, so '../my-projects' resolves as there */}
          <Route path="project-call/:id" element={<CallScreen />} />
          <Route path="my-projects" element={<p>My projects page</p>} />
        </Route>
      </Routes>
    </BrowserRouter>,
  );

  it('goes back to My Projects, offering no Call Now, when the project answers 404 (not assigned, deactivated)', async () => {
    calls.project.mockReturnValue({ data: undefined, isError: true, error: { status: 404, message: 'Project 5 not found' } });
    page();
    await screen.findByText('My projects page');
    expect(screen.queryByRole('button', { name: 'Call Now' })).toBeNull();
  });

  it("a failed call fetch goes back to My Projects with the server's reason, kept through the page change (§4)", async () => {
    calls.claim.mockReturnValue(fails({ status: 423, message: 'This project is locked; calls are not allowed' }));
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
    await screen.findByText('My projects page');
    expect(calls.dispatch).toHaveBeenCalledWith(expect.objectContaining({
      payload: expect.objectContaining({ kind: 'error', text: 'This project is locked; calls are not allowed', carry: true }),
    }));
  });

  it('stays when the project could not be fetched for want of a connection (the offline handling goes on)', () => {
    calls.project.mockReturnValue({ data: undefined, isError: true, error: { status: 0, message: 'offline' } });
    page();
    expect(screen.getByRole('button', { name: 'Call Now' })).toBeTruthy();
  });
});

describe("the patient's roster language without a questionnaire (spec §9: English is the default)", () => {
  it('starts the survey in English and says so', async () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 }, isError: false });
    calls.questionnaire.mockImplementation((arg: { languageId: number }, opts: { skip?: boolean }) => (
      !opts?.skip && arg.languageId === 2 ? { isError: true, error: { status: 404, message: NO_QUESTIONNAIRE_TEXT } } : { isError: false }));
    const { pane, seen } = fakePane([], true);
    await openCall({ languageId: 2 }, { pane });
    expect(await screen.findByText('There is no questionnaire in Spanish; the survey is in English.')).toBeTruthy();
    expect(seen.props?.languageId).toBe(1);
    expect(screen.getByRole('combobox', { name: 'Language' }).textContent).toBe('English');
  });

  it('names a language added after the twelve from the project\'s list, and falls back to English for it', async () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 13, name: 'Hmong' }], count: 2 }, isError: false });
    calls.questionnaire.mockImplementation((arg: { languageId: number }, opts: { skip?: boolean }) => (
      !opts?.skip && arg.languageId === 13 ? { isError: true, error: { status: 404, message: NO_QUESTIONNAIRE_TEXT } } : { isError: false }));
    const { pane, seen } = fakePane([], true);
    await openCall({ languageId: 13 }, { pane });
    expect(await screen.findByText('There is no questionnaire in Hmong; the survey is in English.')).toBeTruthy();
    expect(screen.getByTestId('visit-call-data').textContent).toContain('Language: Hmong');
    expect(seen.props?.languageId).toBe(1);
  });

  it('keeps the roster language when it has a questionnaire', async () => {
    calls.languages.mockReturnValue({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 }, isError: false });
    const { pane, seen } = fakePane([], true);
    await openCall({ languageId: 2 }, { pane });
    expect(seen.props?.languageId).toBe(2);
    expect(screen.queryByText(/the survey is in English/)).toBeNull();
  });
});

describe('the offline notice (spec §8)', () => {
  it('is yellow with dark text, still a warning, and goes once the resubmit landed', async () => {
    const { pane } = fakePane([{ quesId: 3, sequence: 2, ansId: 30, openEnded: null }], true);
    await openCall({}, { pane });
    await answerAndAgree();
    calls.saveSurvey.mockImplementation(() => fails({ status: 'FETCH_ERROR', error: 'offline' }));
    fireEvent.click(saveButton());
    const alert = await screen.findByTestId('offline-alert');
    expect(alert.textContent).toContain(OFFLINE_TEXT);
    expect(alert.className).toContain('MuiAlert-colorWarning');
    const style = getComputedStyle(alert);
    expect(style.backgroundColor).toBe('rgb(255, 241, 118)');
    expect(style.color).toBe('rgba(0, 0, 0, 0.87)');
    calls.saveSurvey.mockImplementation(() => ok({ message: 'Survey saved' }));
    calls.claim.mockReturnValue({ unwrap: () => new Promise(() => undefined) }); // the next call: not needed here
    await act(async () => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => expect(screen.queryByTestId('offline-alert')).toBeNull());
    expect(calls.dispatch).toHaveBeenCalledWith(backOnline());
  });
});

describe('long comments and notes are refused beside the field, never cut (common rules: no silent truncation)', () => {
  const choose = (name: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Call disposition' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  };

  it('keeps a pasted 5001-character comment whole, says what is wrong and holds Save until it fits', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    choose('Respondent Refused');
    const positive = screen.getByLabelText('Positive comment') as HTMLTextAreaElement;
    expect(positive.getAttribute('maxlength')).toBeNull();
    fireEvent.change(positive, { target: { value: 'é'.repeat(5001) } });
    expect(positive.value).toHaveLength(5001);
    expect(screen.getByText('At most 5000 characters (5001 typed)')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(positive, { target: { value: "José O'Brien was kind 😀" } });
    expect(screen.queryByText(/At most 5000 characters/)).toBeNull();
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls.saveResult).toHaveBeenCalledTimes(1));
    expect(calls.saveResult.mock.calls[0][0].callResult).toMatchObject({ positive: "José O'Brien was kind 😀" });
  });

  it('the comment and notes boxes take the direction of what is typed (Arabic reads right to left)', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Escalate' }));
    for (const label of ['Positive comment', 'Negative comment', 'Escalation notes']) {
      expect(screen.getByLabelText(label).getAttribute('dir')).toBe('auto');
    }
  });

  it('escalation notes over 5000 characters hold Save with the reason beside them', async () => {
    await openCall();
    fireEvent.click(screen.getByRole('button', { name: 'Start Call' }));
    choose('Respondent Refused');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Escalate' }));
    const notes = screen.getByLabelText('Escalation notes') as HTMLTextAreaElement;
    fireEvent.change(notes, { target: { value: 'n'.repeat(5200) } });
    expect(notes.value).toHaveLength(5200);
    expect(screen.getByText('At most 5000 characters (5200 typed)')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });
});
