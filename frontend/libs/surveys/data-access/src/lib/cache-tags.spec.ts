// @vitest-environment node
// Node's own fetch / Request: under jsdom, undici's Request rejects jsdom's AbortSignal.
import { vi } from 'vitest';
import { makeStore, surveysApi } from '@frontend/shared-api';
import { SURVEYS_CACHE_TAGS } from './cache-tags';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The surveys service: the questionnaire and logic reads, and a survey save answered with `saveStatus`. */
function serving(saveStatus: number) {
  const reads = { questionnaire: 0, logic: 0 };
  vi.stubGlobal('fetch', vi.fn((req: Request) => {
    const path = new URL(req.url).pathname;
    if (path === '/api/questionnaire') { reads.questionnaire += 1; return json(200, { rows: [], count: 0 }); }
    if (path === '/api/questionnaire/logic') { reads.logic += 1; return json(200, { rows: [], count: 0 }); }
    if (path === '/api/call-survey') return json(saveStatus, { message: saveStatus === 422 ? 'survey #1, quesId: not (or no longer) a question of this project\'s questionnaire' : 'This call was released' });
    return json(404, { message: 'not served' });
  }));
  return reads;
}

const save = { projectId: 1, callId: 5, isPut: false, isPartial: false, survey: [{ quesId: 9, sequence: 1, ansId: 3, openEnded: null }] };

describe('a survey save the questionnaire changed under (docs/decisions.md, "Two people at once")', () => {
  it('reads the questionnaire and its logic again when the save is refused as not fitting it (422)', async () => {
    expect(SURVEYS_CACHE_TAGS).toBe(true);
    const reads = serving(422);
    const store = makeStore();
    const q = store.dispatch(surveysApi.endpoints.surveysGetQuestionnaire.initiate({ projectId: 1, languageId: 1, questionnaire: true }));
    const l = store.dispatch(surveysApi.endpoints.surveysListLogic.initiate({ projectId: 1, languageId: 1 }));
    await q;
    await l;
    expect(reads).toEqual({ questionnaire: 1, logic: 1 });
    await store.dispatch(surveysApi.endpoints.surveysSaveCallSurvey.initiate({ callSurveySave: save as never }));
    await vi.waitFor(() => expect(reads).toEqual({ questionnaire: 2, logic: 2 }));
    q.unsubscribe();
    l.unsubscribe();
  });

  it('does not for any other refusal (a call released meanwhile: 409)', async () => {
    const reads = serving(409);
    const store = makeStore();
    const q = store.dispatch(surveysApi.endpoints.surveysGetQuestionnaire.initiate({ projectId: 1, languageId: 1, questionnaire: true }));
    await q;
    await store.dispatch(surveysApi.endpoints.surveysSaveCallSurvey.initiate({ callSurveySave: save as never }));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads.questionnaire).toBe(1);
    q.unsubscribe();
  });
});
