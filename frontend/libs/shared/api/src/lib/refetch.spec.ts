// @vitest-environment node
import { configureStore } from '@reduxjs/toolkit';
import { vi } from 'vitest';
import { baseApi } from './base-api';

let served = 0;
const api = baseApi.injectEndpoints({
  endpoints: (b) => ({ figures: b.query<number, void>({ queryFn: () => ({ data: ++served }) }) }),
});

describe('a screen opened again', () => {
  afterEach(() => vi.useRealTimers());

  it('reads again once its cached answer is 30 s old, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    const store = configureStore({
      reducer: { [baseApi.reducerPath]: baseApi.reducer },
      middleware: (defaults) => defaults().concat(baseApi.middleware),
    });
    const open = async () => {
      const sub = store.dispatch(api.endpoints.figures.initiate());
      const { data } = await sub;
      sub.unsubscribe();
      return data;
    };
    expect(await open()).toBe(1);
    vi.setSystemTime(new Date('2026-11-26T12:00:20Z'));
    expect(await open()).toBe(1); // 20 s: the cached figures
    vi.setSystemTime(new Date('2026-11-26T12:00:31Z'));
    expect(await open()).toBe(2); // 31 s: asked again
  });
});
