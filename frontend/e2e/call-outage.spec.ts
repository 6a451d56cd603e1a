import { expect, test, type Page } from '@playwright/test';
import { newSurveyor, screen, signInByApi, token } from './support';

// Issue 16, the browser side: the API is unreachable for 30 s (every /api request refused, as with a stopped
// gateway) while the browser itself stays online, so no 'online' event comes. The call screen keeps the result
// as an offline draft and its retry lands it once the API answers again: exactly one result for the call.
const CALL_PAGE = '/surveyor/project-call/1';
const OUTAGE_MS = 30_000;
let surveyor = '';
test.beforeAll(async () => { surveyor = (await newSurveyor('outage')).email; }); // its held patient is its own

async function callLog(page: Page): Promise<{ callId: number; result: number | null }[]> {
  const res = await page.request.get('/api/calls-log?projectId=1&limit=5000',
    { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).rows;
}

test('a result saved while the API is unreachable for 30 s is resubmitted and stored once', async ({ page }) => {
  test.setTimeout(420_000);
  await signInByApi(page, surveyor);
  for (let i = 0; i < 20; i++) { // the demo roster reaches the call engine by event after start-up
    await page.goto(CALL_PAGE);
    await page.getByRole('button', { name: 'Call Now' }).click();
    if (await page.getByTestId('visit-call-data').waitFor({ timeout: 15_000 }).then(() => true, () => false)) break;
  }
  await page.getByRole('button', { name: 'Start Call' }).click();
  await page.getByLabel('Call disposition').click();
  await page.getByRole('option', { name: 'Respondent Refused', exact: true }).click();
  await page.getByLabel('One More Attempt and Break').check(); // after the save: back to My Projects

  let refused = 0;
  let landed = 0;
  page.on('response', (r) => {
    if (r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/calls' && r.ok()) landed++;
  });
  await page.route('**/api/**', async (route) => {
    refused++;
    await route.abort('connectionrefused');
  });
  const down = Date.now();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('offline-alert')).toBeVisible();
  await screen(page, 'call-api-unreachable');
  await page.waitForTimeout(OUTAGE_MS - (Date.now() - down));
  expect(landed).toBe(0);
  await page.unroute('**/api/**');
  const up = Date.now();

  await expect(page.getByTestId('offline-alert')).toBeHidden({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/surveyor\/my-projects$/, { timeout: 30_000 });
  console.log(`[faults] API unreachable ${((up - down) / 1000).toFixed(0)} s (${refused} requests refused); the queued `
    + `result landed ${((Date.now() - up) / 1000).toFixed(1)} s after it came back, ${landed} time(s)`);
  expect(landed).toBe(1);
  const callId = await page.evaluate(() => {
    const sent = Object.keys(localStorage).find((k) => k.startsWith('surveyops.call.sent.result.1.'));
    return sent ? Number(sent.split('.').pop()) : 0;
  });
  expect(callId).toBeGreaterThan(0);
  const rows = (await callLog(page)).filter((r) => r.callId === callId);
  expect(rows).toHaveLength(1);
  expect(rows[0].result).toBe(3);
});
