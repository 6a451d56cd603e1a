// @vitest-environment node
// Node's own fetch / Request: under jsdom, undici's Request rejects jsdom's AbortSignal.
import { vi } from 'vitest';
import { makeStore, surveysApi } from '@frontend/shared-api';

afterEach(() => vi.unstubAllGlobals());

function answering(body: unknown) {
  const fn = vi.fn((_req: Request) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', fn);
  return fn;
}

describe('Question Bank Manager notices (spec §8: a success shows the server message in green)', () => {
  it('announces a deleted answer, whose body carries no data, like the other changes', async () => {
    const fetch = answering({ message: 'Answer deleted', data: null });
    const store = makeStore();
    await store.dispatch(surveysApi.endpoints.surveysDeleteAnswer.initiate({ id: 10 }));
    const req = fetch.mock.calls[0][0];
    expect([req.method, new URL(req.url).pathname + new URL(req.url).search]).toEqual(['DELETE', '/api/answer?id=10']);
    expect(store.getState().alerts.items.map((a) => [a.kind, a.text])).toEqual([['success', 'Answer deleted']]);
  });

  it('announces a removed language text of a question', async () => {
    answering({ message: 'Question language removed', data: { id: 1, title: 'Q', category: 'C', isQuestion: false, langQuestions: [] } });
    const store = makeStore();
    await store.dispatch(surveysApi.endpoints.surveysDeleteLangQuestion.initiate({ langQuestionId: 5 }));
    expect(store.getState().alerts.items.map((a) => [a.kind, a.text])).toEqual([['success', 'Question language removed']]);
  });
});
