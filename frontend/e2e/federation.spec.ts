import { expect, test } from '@playwright/test';

// Every remote must take the host's API slice and data-access libs instead of bundling its own: a private copy
// means the host's middleware knows none of that remote's cache tags, and lists stay stale after a change.
const REMOTES = ['admin', 'manager', 'surveyor', 'quality', 'cleaner', 'cimr'];

test('each remote shares the stateful libraries as singletons', async ({ request }) => {
  for (const remote of REMOTES) {
    const res = await request.get(`/remotes/${remote}/mf-manifest.json`);
    expect(res.ok(), `${remote} manifest`).toBe(true);
    const shared = ((await res.json()) as { shared: { name: string; singleton?: boolean }[] }).shared;
    const api = shared.find((s) => s.name === '@frontend/shared-api');
    expect(api?.singleton, `${remote} shares @frontend/shared-api`).toBe(true);
    for (const s of shared.filter((x) => x.name.endsWith('-data-access'))) expect(s.singleton, s.name).toBe(true);
  }
});
