import { act, cleanup, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { loggedOut, makeStore, signedIn } from '@frontend/shared-api';
import { clearStoredData } from '@frontend/shared-util';
import { getDraft, listDrafts, putDraft, submitWithQueue } from './draft-queue';
import { SavedDraftsResubmitter } from './resubmit-saved-drafts';

// The two saves are replaced: each test decides what the server answers.
const calls = vi.hoisted(() => ({ saveResult: vi.fn(), saveSurvey: vi.fn() }));
vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useCallingSaveCallResultMutation: () => [calls.saveResult, { isLoading: false }],
    useSurveysSaveCallSurveyMutation: () => [calls.saveSurvey, { isLoading: false }],
  };
});

const user = (id: number) => ({ id, firstName: 'Sam', lastName: 'Surveyor', email: `s${id}@demo.test`, role: 5 });
const result = { id: 31, projectId: 5, visitId: 11, visitorId: 'V-1', result: 3, isPartial: true, positive: 'kind' };
const answers = (unwrap: () => Promise<unknown>) => () => ({ unwrap });
const offline = () => Promise.reject(Object.assign(new Error('offline'), { status: 'FETCH_ERROR' }));

/** Surveyor 7 saves a result while the network is down, then the (idle) logout comes. */
async function leaveUnsentDraftAndLogOut(store: ReturnType<typeof makeStore>) {
  store.dispatch(signedIn({ token: 't', user: user(7) }));
  expect((await submitWithQueue('result', 5, 31, result, offline)).outcome).toBe('offline');
  clearStoredData(7);
  store.dispatch(loggedOut());
}

const texts = (store: ReturnType<typeof makeStore>) => store.getState().alerts.items.map((a) => `${a.kind}: ${a.text}`);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});

describe('saved answers after a logout', () => {
  it('sign-in as another user drops them at once, unsent', async () => {
    const store = makeStore();
    await leaveUnsentDraftAndLogOut(store);
    expect(getDraft('result', 5, 31)).not.toBeNull();
    store.dispatch(signedIn({ token: 't2', user: user(8) }));
    expect(listDrafts()).toEqual([]);
    render(<Provider store={store}><SavedDraftsResubmitter /></Provider>);
    await act(async () => { await Promise.resolve(); });
    expect(calls.saveResult).not.toHaveBeenCalled();
  });

  it('sign-in as the same user sends them once, removes them and says so', async () => {
    const store = makeStore();
    await leaveUnsentDraftAndLogOut(store);
    store.dispatch(signedIn({ token: 't2', user: user(7) }));
    calls.saveResult.mockImplementation(answers(() => Promise.resolve({ data: {} })));
    render(<Provider store={store}><SavedDraftsResubmitter /></Provider>);
    await waitFor(() => expect(texts(store)).toContain('success: Answers saved while offline were sent (1 call).'));
    expect(calls.saveResult).toHaveBeenCalledTimes(1);
    expect(calls.saveResult).toHaveBeenCalledWith({ callResult: result });
    expect(getDraft('result', 5, 31)).toBeNull();
    window.dispatchEvent(new Event('online')); // nothing left: no second send
    await act(async () => { await Promise.resolve(); });
    expect(calls.saveResult).toHaveBeenCalledTimes(1);
  });

  it('signed in while still offline: sends nothing until the browser is online, then the survey and the result', async () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 't', user: user(7) }));
    await submitWithQueue('survey', 5, 31, { callId: 31, survey: [] }, offline);
    await submitWithQueue('result', 5, 31, result, offline);
    clearStoredData(7);
    store.dispatch(loggedOut());
    store.dispatch(signedIn({ token: 't2', user: user(7) }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    calls.saveResult.mockImplementation(answers(() => Promise.resolve({ data: {} })));
    calls.saveSurvey.mockImplementation(answers(() => Promise.resolve({ data: [] })));
    render(<Provider store={store}><SavedDraftsResubmitter /></Provider>);
    await act(async () => { await Promise.resolve(); });
    expect(calls.saveResult).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    act(() => { window.dispatchEvent(new Event('online')); });
    await waitFor(() => expect(texts(store)).toContain('success: Answers saved while offline were sent (1 call).'));
    expect(calls.saveResult).toHaveBeenCalledTimes(1);
    expect(calls.saveSurvey).toHaveBeenCalledTimes(1);
    expect(listDrafts()).toEqual([]);
    onLine.mockRestore();
  });

  it.each([
    [409, 'This patient is no longer held by this call; request the next patient'],
    [404, 'Call not found'],
  ])('a %i (the call no longer takes it) removes the draft with a notice, no retry', async (status, message) => {
    const store = makeStore();
    await leaveUnsentDraftAndLogOut(store);
    store.dispatch(signedIn({ token: 't2', user: user(7) }));
    calls.saveResult.mockImplementation(answers(() => Promise.reject({ status, message })));
    render(<Provider store={store}><SavedDraftsResubmitter /></Provider>);
    await waitFor(() => expect(texts(store)).toContain(
      `warning: Answers saved while offline for call 31 could not be sent and were removed: ${message}`,
    ));
    expect(getDraft('result', 5, 31)).toBeNull();
    window.dispatchEvent(new Event('online'));
    await act(async () => { await Promise.resolve(); });
    expect(calls.saveResult).toHaveBeenCalledTimes(1);
  });

  it('a draft written before drafts carried a user is dropped at sign-in when logout could not attribute it', () => {
    const store = makeStore();
    putDraft('result', 5, 31, result); // nobody signed in: no user on it
    clearStoredData(null);
    expect(listDrafts()).toEqual([]);
    putDraft('result', 5, 32, result);
    clearStoredData(7); // the user signing out made it
    store.dispatch(signedIn({ token: 't', user: user(7) }));
    expect(listDrafts().map((d) => [d.callId, d.userId])).toEqual([[32, 7]]);
  });
});
