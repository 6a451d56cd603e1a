// The call screen (`project-call/:id`, `survey-call/:id`; survey-work §2 Call screen, §4 call lifecycle and
// offline handling). The remote composes the questionnaire pane (surveys) and the guidelines gate (projects)
// through props; without them a plain fallback pane stands in.
import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import {
  Alert, Box, Button, Checkbox, CircularProgress, ConfirmDialog, Divider, FormControl, FormControlLabel, InputLabel,
  MenuItem, OFFLINE_ALERT_SX, Paper, PhoneDisplay, PRINT_GROW, Select, Stack, Switch, TextField, Typography, useNavigationHold,
} from '@frontend/shared-ui';
import {
  alertFor, failureText, notice, savingEnded, savingStarted, useAppDispatch, useCallingClaimNextCallMutation,
  useCallingReleaseCallLockMutation, useCallingSaveCallResultMutation, useAppSelector, useProjectsGetProjectQuery, useProjectsListLanguagesQuery,
  useSurveysGetQuestionnaireQuery, useSurveysListLogicQuery, useSurveysSaveCallSurveyMutation, backOnline, type AppError, type CallResult,
  type VisitCallData,
} from '@frontend/shared-api';
import {
  BEFORE_LOGOUT_EVENT, CALL_DISPOSITIONS, NO_QUESTIONNAIRE_TEXT, OFFLINE_TEXT, businessToday, currentWeekGoal,
  offeredLanguages, tooLongText, type BeforeLogoutDetail, type SurveyAnswerDraft,
} from '@frontend/shared-util';
import { PROJECT_TYPES, reportingPeriod, shortDate, visitInfoText } from '@frontend/calling-data-access';
import {
  fingerprint, forgetAgreed, getDraft, hasOpenCall, isGoneError, isOfflineError, lastSentFingerprint, listDrafts, purgeExpired, putDraft,
  rememberAgreed, rememberedLanguage, rememberLanguage, RESUBMIT_INTERVAL_MS, removeDraft, resubmitPending, serverMessage,
  submitWithQueue, wasAgreed,
} from './draft-queue';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every survey language (ids shared by every service): names the roster language, and stands in for the
 * project's own languages when they cannot be loaded. */
export const SURVEY_LANGUAGES: { id: number; name: string }[] = [
  'English', 'Spanish', 'Albanian', 'Arabic', 'Cantonese', 'Cape Verdean', 'Haitian Creole', 'Korean', 'Mandarin',
  'Portuguese', 'Russian', 'Vietnamese',
].map((name, i) => ({ id: i + 1, name }));
const ENGLISH = 1;
const AGREED = 1;
const DO_NOT_CALL = 2;
const CALLBACK = 6;
const DEFAULT_TZ = 'America/Chicago';
/** The saving overlay's text as platform §9 writes it (survey-work §2 prints the dots as one ellipsis sign). */
const SAVING_TEXT = 'Saving... Please wait.';
// What the server keeps (calling's CallResult): longer text is refused beside its field, never cut by the browser.
const COMMENT_MAX = 5000;
const NOTES_MAX = 5000;
/** After a reload the screen shows the project, not the call the surveyor was in: say the patient is still theirs. */
export const OPEN_CALL_TEXT = 'Your call on this project is still open (unsaved responses are kept): press Call Now to go back to the same patient.';
const NAV_EVENT = 'surveyops:navigation';
/** Drafts older than 24 h go when the screen opens and this often while it stays open (platform §4). */
export const PURGE_INTERVAL_MS = 10 * 60_000;
/** Visit-info fields the patient block always shows itself (name, language: the call needs them); the other call
 * details are exactly the project's Additional Info selection, which the server sends as `visitInfos`. */
const SHOWN_ABOVE = new Set(['Patient Name', 'Language', 'Cell Phone', 'Home Phone']);

export interface QuestionnairePaneProps {
  projectId: number;
  callId: number | null;
  languageId: number;
  locked: boolean;
  rosterValues?: Record<string, string | null>;
  onChange?: (state: { valid: boolean; answers: SurveyAnswerDraft[] }) => void;
  showRequiredOnly?: boolean;
  restore?: SurveyAnswerDraft[];
}

export interface CallScreenProps {
  questionnairePane?: (props: QuestionnairePaneProps) => ReactNode;
  guidelinesGate?: ComponentType<{ projectId: number; children: ReactNode }>;
  /** where "One More Attempt and Break", a failed call fetch and leaving go (the role's My Projects) */
  myProjectsPath?: string;
}

/** What the surveyor sees of the project before Call Now (spec §2: "project details with Call Now button"): the
 * project query's client, type, reporting period and deadline, and the surveyor's own goals (the server sends a
 * surveyor only their own, counted over the current week). */
type ProjectDetail = NonNullable<ReturnType<typeof useProjectsGetProjectQuery>['data']>;

function ProjectDetails({ project, surveyorId }: { project: ProjectDetail; surveyorId: number }) {
  const goal = project.goals?.find((g: { surveyorId: number }) => g.surveyorId === surveyorId);
  const rows: [string, string | number | null | undefined][] = [
    ['Client', project.client?.name],
    ['Project Type', PROJECT_TYPES[project.typeId]],
    ['Reporting Period', reportingPeriod(project.reportFreqId)],
    ['Deadline', shortDate(project.deadline)],
    ...(goal ? [
      ['Week-to-Date Surveys Completed', goal.surveys],
      // this week's goal as Project Details shows it (the weekly goal history carries over), not the assignment's
      ['Current Week Minimum Surveys', currentWeekGoal(goal, businessToday())],
      ['Current Report-Period Minimum Surveys', goal.surveyorCompGoals],
    ] as [string, number][] : []),
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 560 }} data-testid="project-details">
      {rows.filter(([, v]) => v != null && v !== '').map(([k, v]) => (
        <Typography key={k} variant="body2"><b>{k}:</b> {v}</Typography>
      ))}
    </Paper>
  );
}

/** The pane shown until the surveys context's questionnaire pane is composed in. */
function FallbackPane({ locked }: QuestionnairePaneProps) {
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {locked ? 'The questionnaire opens when you press Start Call.' : 'No questionnaire is available for this project.'}
    </Typography>
  );
}

/** Ask the shell to collapse (or expand) the left navigation. */
function setNavigation(expanded: boolean) {
  window.dispatchEvent(new CustomEvent(NAV_EVENT, { detail: { expanded } }));
}

interface Form {
  result: number | '';
  isPartial: boolean;
  doNotCall: boolean;
  positive: string;
  negative: string;
  surveyLanguageId: number;
  callbackLocal: string; // yyyy-MM-ddTHH:mm in the patient's time zone
  escalate: boolean;
  escalationNotes: string;
  oneMoreAndBreak: boolean;
  takeBreak: boolean;
}

const emptyForm = (languageId = 1): Form => ({
  result: '', isPartial: false, doNotCall: false, positive: '', negative: '', surveyLanguageId: languageId,
  callbackLocal: '', escalate: false, escalationNotes: '', oneMoreAndBreak: false, takeBreak: false,
});

/** What the screen says of a refused save: the server's reason, with the default error text for a server error or
 * none at all (spec §8), as the shell's alert says it (that one goes after 10 s; this stays by the form). */
const refusalText = (error: unknown): string => {
  const status = (error as { status?: unknown } | null)?.status;
  return failureText(typeof status === 'number' ? status : 0, serverMessage(error));
};

/** Enter/return is blocked in the comment boxes (spec §5). */
const blockEnter = (e: { key: string; preventDefault: () => void }) => {
  if (e.key === 'Enter') e.preventDefault();
};

export function CallScreen({ questionnairePane, guidelinesGate: Gate, myProjectsPath = '../my-projects' }: CallScreenProps) {
  const projectId = Number(useParams().id);
  const navigate = useNavigate();
  const surveyorId = useAppSelector((s) => s.auth.user?.id ?? 0);
  const { data: project, error: projectError } = useProjectsGetProjectQuery({ projectId }, { skip: !projectId });
  const projectLanguages = useProjectsListLanguagesQuery({ projectId, paginated: false }, { skip: !projectId });
  const [claim, claimState] = useCallingClaimNextCallMutation();
  const [saveResult] = useCallingSaveCallResultMutation();
  const [saveSurvey] = useSurveysSaveCallSurveyMutation();
  const [releaseLock] = useCallingReleaseCallLockMutation();
  const dispatch = useAppDispatch();

  const [call, setCall] = useState<VisitCallData | null>(null);
  const [started, setStarted] = useState(false);
  /** Start Call leaves the page: the keyboard's focus goes on to the language select beside it. */
  const languageRef = useRef<{ focus: () => void }>(null);
  const [form, setForm] = useState<Form>(emptyForm());
  const [survey, setSurvey] = useState<{ valid: boolean; answers: SurveyAnswerDraft[] }>({ valid: true, answers: [] });
  const [requiredOnly, setRequiredOnly] = useState(false);
  const [saving, setSaving] = useState(false);
  const [offline, setOffline] = useState(false);
  const [restorable, setRestorable] = useState<SurveyAnswerDraft[] | null>(null);
  const [restore, setRestore] = useState<SurveyAnswerDraft[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  /** the call whose survey language fell back to English (its roster language has no questionnaire) */
  const [fellBack, setFellBack] = useState<number | null>(null);
  const afterSave = useRef<'next' | 'leave'>('next');
  const tz = (project as { timezone?: string } | undefined)?.timezone || DEFAULT_TZ;
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  // What via-roster logic reads, in the pane and (sent with the survey) on the server: the keys a logic rule's
  // roster field offers. The visit's center is the roster's site, under both names.
  const rosterValues = useMemo<Record<string, string | null> | undefined>(() => (call ? {
    provider: call.provider, site: call.center, center: call.center, department: call.department, gender: call.gender,
    age: call.age == null ? null : String(call.age), typeId: call.typeId == null ? null : String(call.typeId),
    payerType: call.payerType, providerType: call.providerType,
  } : undefined), [call]);
  // The survey save (and so its draft, kept up to 24 h across a logout) carries only the roster fields a via-roster
  // rule reads, none when no rule does: the server's evaluator then decides exactly as the pane's. The logic is the
  // pane's own query (the same arguments: one request, one cache entry); keys match as the evaluators match them.
  // Read as the surveyor of an assigned project (spec §6/§7: surveyorId, isSvProject).
  const logic = useSurveysListLogicQuery({ projectId, languageId: form.surveyLanguageId, surveyorId, isSvProject: true }, { skip: !call });
  const sentRosterValues = useMemo<Record<string, string | null>>(() => {
    const norm = (k: string | null | undefined) => (k ?? '').trim().toLowerCase();
    const read = new Set((logic.data?.rows ?? []).filter((r) => r.viaRoster).map((r) => norm(r.rosterField)));
    return Object.fromEntries(Object.entries(rosterValues ?? {}).filter(([k]) => read.has(norm(k))));
  }, [logic.data, rosterValues]);

  // Spec §9: English is the default language. A patient whose roster language has no questionnaire is surveyed
  // in English (else the pane stays empty and Agreed to Survey cannot be saved); the query is the pane's own.
  const rosterLanguage = call?.languageId ?? ENGLISH;
  const rosterQuestionnaire = useSurveysGetQuestionnaireQuery(
    { projectId, languageId: rosterLanguage, questionnaire: true }, { skip: !call || rosterLanguage === ENGLISH },
  );
  const noRosterQuestionnaire = !!call && rosterLanguage !== ENGLISH && rosterQuestionnaire.isError
    && (rosterQuestionnaire.error as AppError | undefined)?.message === NO_QUESTIONNAIRE_TEXT;
  if (noRosterQuestionnaire && call && fellBack !== call.callId) {
    setFellBack(call.callId);
    if (form.surveyLanguageId === rosterLanguage) setForm((f) => ({ ...f, surveyLanguageId: ENGLISH }));
  }
  // a language an admin added after the twelve (Hmong, id 13 on) is named by the project's own list
  const languageNameOf = (id: number) => (projectLanguages.data?.rows ?? []).find((l) => l.id === id)?.name
    ?? SURVEY_LANGUAGES.find((l) => l.id === id)?.name;
  const rosterLanguageName = languageNameOf(rosterLanguage) ?? 'the patient\'s language';

  useEffect(() => {
    purgeExpired();
    const id = window.setInterval(() => purgeExpired(), PURGE_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, []);

  // platform §4: a project the surveyor may not load (the server's 4xx: not assigned, deactivated, gone) sends them
  // back to My Projects, as Project Details does; a lost connection (status 0) or a call under way keeps the page.
  const projectStatus = (projectError as Partial<AppError> | undefined)?.status ?? 0;
  const projectRefused = !call && projectStatus >= 400 && projectStatus < 500;
  useEffect(() => {
    if (projectRefused) navigate(myProjectsPath, { replace: true });
  }, [projectRefused, navigate, myProjectsPath]);

  // While a call is open, every way out of the page asks first and unload is blocked (spec §4): links, navigate(),
  // Back/Forward and plain anchors are held (shared-ui useNavigationHold). Once confirmed (and the lock given back)
  // the held navigation goes on: `take` closes the question and hands it over; `release` lets navigations through
  // until the next call opens (the screen's own after a save or a failed call fetch, and the held one once the lock
  // is back).
  const guard = useNavigationHold(!!call, { catchAnchors: true });
  const releaseGuard = guard.release;
  useEffect(() => () => setNavigation(true), []);

  const send = useMemo(() => ({
    result: (payload: unknown) => saveResult({ callResult: payload as CallResult }).unwrap(),
    survey: (payload: unknown) => saveSurvey({ callSurveySave: payload as never }).unwrap(),
  }), [saveResult, saveSurvey]);

  const callNow = useCallback(async () => {
    setError(null);
    try {
      const res = await claim({ callClaim: { projectId, surveyorId } }).unwrap();
      const c = res.data;
      setCall(c);
      setStarted(false);
      // back on a call already agreed to (a reload): the disposition shows Agreed to Survey again (spec §4), in the
      // language its interim save recorded (a held call carries it; a new call starts in the roster language)
      const language = c.surveyLanguageId ?? c.languageId;
      setForm(wasAgreed(projectId, c.callId) ? { ...emptyForm(language), result: AGREED } : emptyForm(language));
      setSurvey({ valid: true, answers: [] });
      setRestore(undefined);
      const draft = getDraft<SurveyAnswerDraft[]>('answers', projectId, c.callId);
      setRestorable(draft && draft.payload.length ? draft.payload : null);
    } catch (e) {
      releaseGuard();
      // a failed call fetch returns to My Projects with the server's message, kept through that page change
      const err = e as Partial<AppError>;
      if (typeof err?.status === 'number') dispatch(notice({ ...alertFor(err.status, err.message), carry: true }));
      navigate(myProjectsPath);
    }
  }, [claim, projectId, surveyorId, navigate, myProjectsPath, releaseGuard, dispatch]);

  // Keep the answers in the browser as the surveyor goes (Restore responses after a reload).
  const onSurveyChange = useCallback((state: { valid: boolean; answers: SurveyAnswerDraft[] }) => {
    setSurvey(state);
    if (call && state.answers.length) putDraft('answers', projectId, call.callId, state.answers);
  }, [call, projectId]);

  const finish = useCallback(() => {
    if (call) {
      removeDraft('answers', projectId, call.callId);
      forgetAgreed(projectId, call.callId);
    }
    setCall(null);
    setStarted(false);
    setOffline(false);
    if (afterSave.current === 'leave') {
      setNavigation(true);
      releaseGuard();
      navigate(myProjectsPath);
    } else {
      void callNow();
    }
  }, [call, projectId, navigate, myProjectsPath, callNow, releaseGuard]);

  // Back online: resubmit what is waiting, then carry on as the save would have. While a save waits, retry it
  // every RESUBMIT_INTERVAL_MS too: an API that was unreachable (or answered 503) fires no 'online' event.
  useEffect(() => {
    const onOnline = async () => {
      const landed = await resubmitPending(send);
      if (landed) dispatch(backOnline()); // the shell's offline alert too: the answers are in
      if (landed && offline && !listDrafts('result').length) finish();
    };
    window.addEventListener('online', onOnline);
    const retry = offline ? window.setInterval(() => void onOnline(), RESUBMIT_INTERVAL_MS) : undefined;
    return () => {
      window.removeEventListener('online', onOnline);
      if (retry !== undefined) window.clearInterval(retry);
    };
  }, [send, offline, finish, dispatch]);

  const payload = (): CallResult | null => {
    if (!call || form.result === '') return null;
    const result = form.doNotCall ? DO_NOT_CALL : Number(form.result);
    const body: CallResult = {
      id: call.callId, projectId, visitId: call.visitId, visitorId: call.visitorId, result,
      isPartial: result === AGREED ? form.isPartial : true,
      positive: form.positive || null, negative: form.negative || null, surveyLanguageId: form.surveyLanguageId,
      callStart: call.callStart, doNotCall: form.doNotCall,
      // the final save of an agreed call (its survey done or left partial), unlike the interim save on choosing it
      isAgreeComplete: result === AGREED,
    };
    if (result === CALLBACK && form.callbackLocal) body.callbackAt = dayjs.tz(form.callbackLocal, tz).utc().format();
    if (form.escalate) body.escalation = form.escalationNotes.trim() || true;
    return body;
  };

  // Spec §4: the Do Not Call box forces the result to Do Not Call; unticking it leaves no result, to be chosen again.
  const toggleDoNotCall = (checked: boolean) => {
    if (checked && call) forgetAgreed(projectId, call.callId);
    setForm((f) => (checked
      ? { ...f, doNotCall: true, result: DO_NOT_CALL, isPartial: true }
      : { ...f, doNotCall: false, result: f.result === DO_NOT_CALL ? '' : f.result }));
  };

  // Choosing Agreed saves an interim partial response at once; another result turns Partial on (spec §4). The Do
  // Not Call box follows the disposition, so what is shown is what is saved.
  const chooseResult = async (value: number) => {
    setForm((f) => ({ ...f, result: value, isPartial: value !== AGREED, doNotCall: value === DO_NOT_CALL }));
    if (call && value !== AGREED) forgetAgreed(projectId, call.callId);
    if (value === AGREED && call) {
      rememberAgreed(projectId, call.callId);
      await submitWithQueue('result', projectId, call.callId, {
        id: call.callId, projectId, visitId: call.visitId, visitorId: call.visitorId, result: AGREED, isPartial: true,
        surveyLanguageId: form.surveyLanguageId, callStart: call.callStart,
      }, send.result).catch(() => undefined);
    }
  };

  const callbackError = useMemo(() => {
    if (form.result !== CALLBACK || form.doNotCall) return null;
    if (!form.callbackLocal) return 'Pick when to call back';
    return dayjs.tz(form.callbackLocal, tz).isAfter(dayjs()) ? null : 'The callback time must be in the future';
  }, [form.result, form.doNotCall, form.callbackLocal, tz]);

  const positiveError = tooLongText(form.positive, COMMENT_MAX);
  const negativeError = tooLongText(form.negative, COMMENT_MAX);
  const notesError = form.escalate ? tooLongText(form.escalationNotes, NOTES_MAX) : null;
  const canSave = !!call && form.result !== '' && !callbackError && !saving
    && !positiveError && !negativeError && !notesError
    && (Number(form.result) !== AGREED || form.doNotCall || survey.valid || form.isPartial);

  /** The survey save of this call: the server checks the answers against the roster values the pane's logic read
   * (only those), and lets a partial survey leave required questions unanswered. Once a survey of the call has landed (its
   * result then failed), a changed one replaces it (`isPut`: without it the server refuses a second survey, 409);
   * the same one again is the identical resend the queue skips. */
  const surveyBody = (callId: number, isPartial: boolean) => {
    const body = {
      projectId, callId, isPut: false, isPartial, rosterValues: sentRosterValues,
      survey: survey.answers.map((a) => ({ quesId: a.quesId, sequence: a.sequence, ansId: a.ansId, openEnded: a.openEnded })),
    };
    const landed = lastSentFingerprint('survey', projectId, callId);
    return landed && landed !== fingerprint(body) ? { ...body, isPut: true } : body;
  };

  const save = async () => {
    const body = payload();
    if (!body || !call) return;
    afterSave.current = form.oneMoreAndBreak || form.takeBreak ? 'leave' : 'next';
    setError(null);
    setSaving(true);
    dispatch(savingStarted()); // the shell holds its new-release dialog while this is in flight
    try {
      if (body.result === AGREED && survey.answers.length) {
        const s = await submitWithQueue('survey', projectId, call.callId, surveyBody(call.callId, form.isPartial), send.survey);
        if (s.outcome === 'offline') {
          await submitWithQueue('result', projectId, call.callId, body, async () => { throw Object.assign(new Error('offline'), { status: 'FETCH_ERROR' }); });
          setOffline(true);
          return;
        }
        // A failed save keeps the form as it is (the spec's reset would lose the comments, disposition and
        // escalation notes, which no draft holds) and the typed answers as the unsaved responses of the call; the
        // screen says the server's reason (a call released meanwhile takes no survey: 409 "This call was released").
        if (s.outcome === 'failed') {
          if (isGoneError(s.error)) removeDraft('survey', projectId, call.callId); // no save to resend later
          setError(refusalText(s.error));
          return;
        }
      }
      const r = await submitWithQueue('result', projectId, call.callId, body, send.result);
      if (r.outcome === 'offline') {
        setOffline(true);
        return;
      }
      if (r.outcome === 'failed') {
        // a call closed meanwhile (its result saved from another tab, released, expired) takes no resend either: the
        // surveyor area would otherwise send it again at the next sign-in and call it a save made offline
        if (isGoneError(r.error)) removeDraft('result', projectId, call.callId);
        setError(refusalText(r.error));
        return;
      }
      finish();
    } finally {
      setSaving(false);
      dispatch(savingEnded());
    }
  };

  /** Gives the open call back (leaving the page, or a logout while in it): an agreed call left before its final save
   * ends partial (its interim save stands, spec §4), so the answers typed so far go with it as a partial survey,
   * before the lock goes back. A save waiting offline already carries them, and no release is tried then. */
  const giveBack = async () => {
    if (!call) return;
    let stillHeld = false;
    if (!offline) {
      if (Number(form.result) === AGREED && !form.doNotCall && survey.answers.length) {
        await submitWithQueue('survey', projectId, call.callId, surveyBody(call.callId, true), send.survey)
          .catch(() => undefined);
      }
      // the lock goes back (the attempt counts only if a result was saved); a failure leaves it to expire
      await releaseLock({ callLockRelease: { callId: call.callId, projectId, result: form.result === '' ? null : Number(form.result) } })
        .unwrap().catch((e: unknown) => { stillHeld = isOfflineError(e); });
    }
    // Over for this screen: its Restore copy and Agreed memory would only say "still open" of a call that is not.
    // A release that never reached the server leaves the patient held: Call Now brings the call back, with both.
    if (!stillHeld) {
      forgetAgreed(projectId, call.callId);
      removeDraft('answers', projectId, call.callId);
    }
  };
  const giveBackRef = useRef(giveBack);
  useEffect(() => {
    giveBackRef.current = giveBack;
  });
  // A logout during a call (the Logout button, the survey page's idle countdown) gives the call back first, while
  // the session still stands: the patient is not held for a surveyor who is gone.
  const inCall = !!call;
  useEffect(() => {
    if (!inCall) return undefined;
    const onLogout = (e: Event) => (e as CustomEvent<BeforeLogoutDetail>).detail.waitFor(giveBackRef.current());
    window.addEventListener(BEFORE_LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(BEFORE_LOGOUT_EVENT, onLogout);
  }, [inCall]);

  const leave = async () => {
    const go = guard.take();
    await giveBack();
    setCall(null);
    setNavigation(true);
    guard.release();
    go?.();
  };

  const pane = questionnairePane ?? ((p: QuestionnairePaneProps) => <FallbackPane {...p} />);
  // the call's goals carry the assignment's weekly goal; the week's own (goal history) comes with the project
  const ownGoal = project?.goals?.find((g: { surveyorId: number }) => g.surveyorId === surveyorId);
  const weekGoal = ownGoal ? currentWeekGoal(ownGoal, businessToday()) : undefined;

  const body = (
    // no top padding: with it the 530 px questionnaire ran 15 px past the foot of a 1280x720 window
    <Box sx={{ px: 2, pb: 2, position: 'relative' }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }} className="no-print">
        <Typography variant="h5" sx={{ flex: 1 }}>{project?.name ?? `Project ${projectId}`}</Typography>
        {project?.isLocked && <Alert severity="warning">This project is locked; calls are not allowed</Alert>}
        {!call && (
          <Button variant="contained" onClick={callNow} disabled={claimState.isLoading || !!project?.isLocked}>
            Call Now
          </Button>
        )}
        {call && <Button onClick={() => window.print()}>Print</Button>}
      </Stack>
      {!call && !claimState.isLoading && hasOpenCall(projectId) && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 560 }} className="no-print">{OPEN_CALL_TEXT}</Alert>
      )}
      {!call && project && <ProjectDetails project={project} surveyorId={surveyorId} />}

      {offline && (
        <Alert severity="warning" sx={{ mb: 2, ...OFFLINE_ALERT_SX }} data-testid="offline-alert" className="no-print">{OFFLINE_TEXT}</Alert>
      )}
      {call && fellBack === call.callId && (
        <Alert severity="info" sx={{ mb: 2 }} className="no-print">
          There is no questionnaire in {rosterLanguageName}; the survey is in English.
        </Alert>
      )}
      {error && <Alert severity="error" sx={{ mb: 2 }} className="no-print" onClose={() => setError(null)}>{error}</Alert>}
      {restorable && (
        <Alert severity="info" sx={{ mb: 2 }} className="no-print" action={
          <Stack direction="row" spacing={1}>
            <Button size="small" onClick={() => {
              // the answers come back in the language they were given in (the Save records it: spec §3 surveyLanguageId)
              const language = call && rememberedLanguage(projectId, call.callId);
              if (language) set('surveyLanguageId', language);
              setRestore(restorable); setRestorable(null); setStarted(true); setNavigation(false);
            }}>
              Restore responses
            </Button>
            <Button size="small" onClick={() => { if (call) removeDraft('answers', projectId, call.callId); setRestorable(null); }}>
              Discard
            </Button>
          </Stack>
        }>
          You have unsaved responses for this call.
        </Alert>
      )}

      {call && (
        // From 1200 px (the surveyors' 1280x720 and 1366x768 laptops) the call's result, comments and Save sit in a
        // column beside the 530 px questionnaire, so a call is finished without scrolling the page to find Save;
        // narrower, they follow the questionnaire.
        <Box sx={{ display: 'grid', gap: 2, alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '360px minmax(0, 1fr)', lg: '300px minmax(0, 1fr) 320px', xl: '360px minmax(0, 1fr) 340px' } }}>
          <Paper sx={{ p: 2, minWidth: 0 }} data-testid="visit-call-data">
            <Typography variant="h6">{call.visitorName || 'Patient'}</Typography>
            <Typography>Cell: <PhoneDisplay value={call.phoneCell} /></Typography>
            <Typography>Home: <PhoneDisplay value={call.phoneHome} /></Typography>
            <Divider sx={{ my: 1 }} />
            {languageNameOf(call.languageId) && (
              <Typography variant="body2"><b>Language:</b> {languageNameOf(call.languageId)}</Typography>
            )}
            {(call.visitInfos ?? []).filter((i) => i.show !== false && !SHOWN_ABOVE.has(i.field)).map((i) => (
              <Typography key={i.field} variant="body2"><b>{i.field}:</b> {visitInfoText(i.value)}</Typography>
            ))}
            <Divider sx={{ my: 1 }} />
            <Typography variant="body2">
              Goals: {weekGoal ?? call.assignedGoals.surveyorGoals ?? '-'} weekly / {call.assignedGoals.surveyorCompGoals ?? '-'} report period
            </Typography>
            {!!call.samplingParameters?.length && (
              <Typography variant="body2" color="text.secondary">
                Sampling: {call.samplingParameters.map((p) => ({ 0: 'Provider', 1: 'Site', 2: 'Department', 999: 'Language' } as Record<number, string>)[p.typeId] ?? p.typeId).join(' › ')}
              </Typography>
            )}
          </Paper>

          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }} className="no-print">
              {!started && (
                // autoFocus: Call Now leaves the page when the patient arrives; the keyboard goes on from Start Call
                <Button variant="contained" color="success" autoFocus onClick={() => { setStarted(true); setNavigation(false); languageRef.current?.focus(); }}>
                  Start Call
                </Button>
              )}
              <FormControl size="small" sx={{ minWidth: 180 }}>
                <InputLabel id="survey-language">Language</InputLabel>
                <Select labelId="survey-language" label="Language" value={form.surveyLanguageId} inputRef={languageRef}
                  onChange={(e) => {
                    set('surveyLanguageId', Number(e.target.value));
                    rememberLanguage(projectId, call.callId, Number(e.target.value)); // for Restore responses
                  }}>
                  {offeredLanguages(projectLanguages, SURVEY_LANGUAGES, form.surveyLanguageId).map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
                </Select>
              </FormControl>
              <FormControlLabel control={<Switch checked={requiredOnly} onChange={(_, v) => setRequiredOnly(v)} />}
                label="Required questions only" />
            </Stack>
            {/* the pane frames itself (530 px, its own scroll): a second frame here drew a double border */}
            <Box sx={{ mb: 2 }} className={PRINT_GROW} data-testid="questionnaire-pane">
              {pane({
                projectId, callId: call.callId, languageId: form.surveyLanguageId, locked: !started, rosterValues,
                onChange: onSurveyChange, showRequiredOnly: requiredOnly, restore,
              })}
            </Box>
          </Box>

          <Stack spacing={2} className="no-print" data-testid="call-result" sx={{ gridColumn: { md: '2', lg: 'auto' }, minWidth: 0 }}>
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0 }}>
              <FormControl size="small" sx={{ minWidth: { xs: '100%', sm: 300 }, flexGrow: { lg: 1 } }}>
                <InputLabel id="call-disposition">Call disposition</InputLabel>
                <Select labelId="call-disposition" label="Call disposition" value={form.result} disabled={!started}
                  onChange={(e) => void chooseResult(Number(e.target.value))}>
                  {CALL_DISPOSITIONS.map((r) => <MenuItem key={r.id} value={r.id}>{r.label}</MenuItem>)}
                </Select>
              </FormControl>
              <FormControlLabel label="Partial Survey" control={
                <Checkbox checked={form.isPartial} disabled={!started || form.result !== AGREED || form.doNotCall}
                  onChange={(_, v) => set('isPartial', v)} />} />
              <FormControlLabel label="Do Not Call" control={
                <Checkbox checked={form.doNotCall} disabled={!started}
                  onChange={(_, v) => toggleDoNotCall(v)} />} />
              <FormControlLabel label="Escalate" control={
                <Checkbox checked={form.escalate} disabled={!started} onChange={(_, v) => set('escalate', v)} />} />
            </Stack>
            {form.result === CALLBACK && !form.doNotCall && (
              <TextField type="datetime-local" label={`Call back at (${tz})`} size="small" sx={{ maxWidth: 320 }}
                value={form.callbackLocal} onChange={(e) => set('callbackLocal', e.target.value)}
                error={!!callbackError} helperText={callbackError ?? ' '} slotProps={{ inputLabel: { shrink: true } }} />
            )}
            {form.escalate && (
              <TextField label="Escalation notes" size="small" multiline minRows={2} value={form.escalationNotes}
                onChange={(e) => set('escalationNotes', e.target.value)} slotProps={{ htmlInput: { dir: 'auto' } }}
                error={!!notesError} helperText={notesError ?? ' '} />
            )}
            <Stack direction={{ xs: 'column', md: 'row', lg: 'column' }} spacing={2}>
              <TextField label="Positive comment" fullWidth multiline minRows={2} value={form.positive} disabled={!started}
                onKeyDown={blockEnter} onChange={(e) => set('positive', e.target.value.replace(/\r?\n/g, ' '))}
                slotProps={{ htmlInput: { dir: 'auto' } }}
                error={!!positiveError} helperText={positiveError ?? undefined} />
              <TextField label="Negative comment" fullWidth multiline minRows={2} value={form.negative} disabled={!started}
                onKeyDown={blockEnter} onChange={(e) => set('negative', e.target.value.replace(/\r?\n/g, ' '))}
                slotProps={{ htmlInput: { dir: 'auto' } }}
                error={!!negativeError} helperText={negativeError ?? undefined} />
            </Stack>
            <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0 }}>
              <FormControlLabel label="One More Attempt and Break" control={
                <Checkbox checked={form.oneMoreAndBreak} onChange={(_, v) => set('oneMoreAndBreak', v)} />} />
              <FormControlLabel label="Take a break" control={
                <Checkbox checked={form.takeBreak} onChange={(_, v) => set('takeBreak', v)} />} />
              <Box sx={{ flex: 1 }} />
              <Button variant="contained" onClick={save} disabled={!canSave}>Save</Button>
            </Stack>
          </Stack>
        </Box>
      )}

      {saving && (
        <Box role="status" sx={{ position: 'fixed', inset: 0, bgcolor: 'rgba(255,255,255,0.7)', zIndex: 2000,
          display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
          <CircularProgress />
          <Typography variant="h6">{SAVING_TEXT}</Typography>
        </Box>
      )}
      <ConfirmDialog open={guard.pending} title="Leave this call?"
        message="The call is still open. Leaving gives the patient back to the queue unless a result was saved; the answers of an agreed survey are saved as a partial survey."
        confirmLabel="Leave" onConfirm={leave} onCancel={guard.cancel} />
    </Box>
  );

  return Gate ? <Gate projectId={projectId}>{body}</Gate> : body;
}
