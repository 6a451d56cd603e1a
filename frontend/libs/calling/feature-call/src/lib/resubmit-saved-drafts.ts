// Saves that waited out a network outage, sent from anywhere in the surveyor area (not only the call screen):
// on sign-in (or a reload) the signed-in user's unsent drafts go as soon as the browser is online, and a notice
// says how many were sent, or why they could not be (survey-work §4, platform §8's offline alert).
import { useEffect, useMemo } from 'react';
import {
  backOnline, infoNotice, notice, successNotice, useAppDispatch, useAppSelector, useCallingSaveCallResultMutation,
  useSurveysSaveCallSurveyMutation, type CallResult,
} from '@frontend/shared-api';
import { currentUserId, listDrafts, RESUBMIT_INTERVAL_MS, resubmitAll, type ResubmitSummary } from './draft-queue';

const calls = (n: number) => (n === 1 ? '1 call' : `${n} calls`);

/** The notices a resubmit run gives (none when there was nothing to send). */
export function resubmitNotices(s: ResubmitSummary): ReturnType<typeof notice>[] {
  const out: ReturnType<typeof notice>[] = [];
  if (s.sentCalls.length) out.push(successNotice(`Answers saved while offline were sent (${calls(s.sentCalls.length)}).`));
  for (const { draft, message } of s.dropped) {
    out.push(notice({
      kind: 'warning',
      text: `Answers saved while offline for call ${draft.callId} could not be sent and were removed: ${message}`,
    }));
  }
  for (const { draft, message } of s.failed) {
    out.push(notice({ kind: 'error', text: `Answers saved while offline for call ${draft.callId} could not be sent: ${message}` }));
  }
  if (s.offline && !s.landed) {
    out.push(infoNotice('Answers saved while offline could not be sent yet: no connection. They will be sent when it is back.'));
  }
  return out;
}

/** The signed-in user's drafts waiting to be sent (a draft with no user is theirs: others' went at sign-in). */
const waiting = () => {
  const me = currentUserId();
  return [...listDrafts('result'), ...listDrafts('survey')].filter((d) => d.userId === undefined || d.userId === me);
};

/**
 * Run by the surveyor area's route frame: once signed in, resend the drafts found at sign-in (or reload) as soon as
 * the browser is online, then again on each 'online' event and every RESUBMIT_INTERVAL_MS until none is left.
 * A draft the server answers 404/409 (the call is gone or closed) is removed with a notice, not retried.
 */
export function useResubmitSavedDrafts(): void {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((s) => s.auth.user?.id);
  const [saveResult] = useCallingSaveCallResultMutation();
  const [saveSurvey] = useSurveysSaveCallSurveyMutation();
  const send = useMemo(() => ({
    result: (payload: unknown) => saveResult({ callResult: payload as CallResult }).unwrap(),
    survey: (payload: unknown) => saveSurvey({ callSurveySave: payload as never }).unwrap(),
  }), [saveResult, saveSurvey]);

  useEffect(() => {
    if (!userId || !waiting().length) return undefined;
    let done = false;
    const run = async () => {
      if (done || !navigator.onLine || !waiting().length) return;
      const summary = await resubmitAll(send, { dropGone: true });
      if (done) return;
      if (summary.landed) dispatch(backOnline());
      for (const n of resubmitNotices(summary)) dispatch(n);
      // what could not be sent for another reason than the network stays for the call screen; no loop on it
      if (!summary.offline) stop();
    };
    const stop = () => {
      done = true;
      window.removeEventListener('online', onOnline);
      window.clearInterval(retry);
    };
    const onOnline = () => void run();
    window.addEventListener('online', onOnline);
    const retry = window.setInterval(onOnline, RESUBMIT_INTERVAL_MS);
    void run();
    return stop;
  }, [userId, send, dispatch]);
}

/** The hook as a component, for a route frame that loads this library lazily. */
export function SavedDraftsResubmitter(): null {
  useResubmitSavedDrafts();
  return null;
}
