import { expect, test, type Page } from '@playwright/test';
import { CALL_DRAFT_PREFIX } from '../libs/shared/util/src/lib/storage';
import { callNow, disposition, newSurveyor, screen, signIn, signInByApi, token } from './support';

// Time passing while the app stays open (platform spec "Session expiry" and §9's constants): a surveyor's long call
// and idle call screen, a manager's idle tabs, a computer asleep for an hour. The browser's clock is driven by
// page.clock; the server keeps real time, so its own idle limit (600 s + 60 s) is not reached by these jumps.

const CALL_PAGE = '/surveyor/project-call/1';
const expiredNotice = (page: Page) => page.getByRole('alert').filter({ hasText: 'Session Expired' });

async function startedCall(page: Page) {
  await callNow(page, CALL_PAGE);
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(page.getByLabel('Call disposition')).toBeEnabled();
}

test('a 12-minute call: the token is renewed under the typing, nothing typed is lost and Save works', async ({ page }) => {
  test.setTimeout(180_000);
  const { email } = await newSurveyor('long-call');
  await page.clock.install();
  await signInByApi(page, email);
  await startedCall(page);
  const first = await token(page);
  const refreshes: number[] = [];
  page.on('response', (r) => { if (/\/api\/sessions\?idle=/.test(r.url())) refreshes.push(r.status()); });
  await disposition(page, 'Respondent Refused');
  const comment = page.getByLabel('Positive comment');
  let typed = '';
  // a character every 30 s for 12 minutes: past the token's 600 s, never 90 s idle on the survey page
  for (let i = 0; i < 24; i++) {
    await page.clock.fastForward('00:30');
    const c = String.fromCharCode(97 + (i % 26));
    await comment.press(c);
    typed += c;
  }
  await expect(comment).toHaveValue(typed);
  await expect(page.getByRole('dialog', { name: 'Session expiring' })).toHaveCount(0);
  expect(refreshes).toEqual([200, 200]); // at 360 s and 720 s
  expect(await token(page)).not.toBe(first);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Call Now' }).or(page.getByRole('button', { name: 'Start Call' }))).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /Status \d/ })).toHaveCount(0);
  const rows = (await (await page.request.get('/api/calls-log?projectId=1&limit=50',
    { headers: { Authorization: `Bearer ${await token(page)}` } })).json()).rows as { result: number | null }[];
  expect(rows.map((r) => r.result)).toContain(3);
});

test('idle on the call screen: the warning at 30 s left, Yes, Please keeps the session, at zero the call is given back and its drafts go', async ({ page }) => {
  test.setTimeout(180_000);
  const { email } = await newSurveyor('idle-call');
  await page.clock.install();
  await signInByApi(page, email);
  await startedCall(page);
  await disposition(page, 'Respondent Refused');
  const warning = page.getByRole('dialog', { name: 'Session expiring' });
  await page.clock.fastForward('00:55');
  await page.waitForTimeout(1000);
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward('00:06'); // 61 s idle: 29 s left
  await expect(warning).toBeVisible();
  // 29 s left when it opened; the clock runs on while the test looks
  await expect(warning).toContainText(/logged out in (1\d|2\d) seconds/);
  await screen(page, 'time-survey-idle-warning');
  await warning.getByRole('button', { name: 'Yes, Please' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByLabel('Call disposition')).toBeEnabled(); // still in the call
  const released: number[] = [];
  page.on('response', (r) => { if (r.url().includes('/api/call-lock') && r.request().method() === 'PUT') released.push(r.status()); });
  await page.clock.fastForward('01:31');
  await expect(page).toHaveURL(/\/$/);
  await expect(expiredNotice(page)).toBeVisible();
  await screen(page, 'time-survey-idle-logged-out');
  expect(released).toEqual([200]); // the patient went back before the session ended
  const left = await page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)
    && !k.startsWith(`${prefix}sent.`)), CALL_DRAFT_PREFIX);
  expect(left).toEqual([]);
});

test('a manager with two tabs: input in one keeps the other alive; left alone both warn at 60 s and end at 600 s', async ({ page, context }) => {
  test.setTimeout(180_000);
  await context.clock.install();
  await signInByApi(page, 'pm@demo.test');
  const other = await context.newPage();
  await other.goto('/project-manager/call-log');
  await expect(other.getByTestId('user-name')).toHaveText('Paul Manager');
  const warnings = [page, other].map((p) => p.getByRole('dialog', { name: 'Session expiring' }));
  // five minutes of work in the first tab only
  for (let i = 0; i < 5; i++) {
    await context.clock.fastForward('01:00');
    await page.mouse.move(100 + i * 10, 200);
    await page.waitForTimeout(1100); // a tab tells the others at most once a second
  }
  await context.clock.fastForward('08:50'); // the second tab's own last input was 13 min 50 s ago
  await page.waitForTimeout(1000);
  for (const w of warnings) await expect(w).toHaveCount(0);
  await expect(other).toHaveURL(/call-log$/);
  await context.clock.fastForward('00:11'); // 9 min 1 s after the last input anywhere
  for (const w of warnings) await expect(w).toBeVisible();
  await screen(other, 'time-manager-idle-warning');
  // Yes, Please in one tab answers for both
  await warnings[1].getByRole('button', { name: 'Yes, Please' }).click();
  for (const w of warnings) await expect(w).toBeHidden();
  await context.clock.fastForward('09:01');
  for (const w of warnings) await expect(w).toBeVisible();
  await context.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/$/);
  await expect(other).toHaveURL(/\/$/);
  await expect(expiredNotice(page)).toBeVisible();
  await other.close();
});

test('a computer that slept past the session says Session Expired at once, with no string of failed calls', async ({ page }) => {
  await page.clock.install();
  await signInByApi(page, 'qa@demo.test');
  const failed: string[] = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  // the lid closes for an hour: timers stand still, then each due one fires once
  await page.clock.fastForward('01:00:00');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(expiredNotice(page)).toBeVisible();
  await screen(page, 'time-woken-session-expired');
  expect(failed.length, failed.join('\n')).toBeLessThanOrEqual(1);
  // it is said until the user signs in again, not in the app afterwards
  await signIn(page, 'qa@demo.test');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(expiredNotice(page)).toHaveCount(0);
});

test('a dashboard left open over Central midnight shows the new day and week', async ({ page }) => {
  // Sunday 29 November 2026, 23:59 in Chicago (CST, UTC-6): the week's last minute
  await page.clock.install({ time: new Date('2026-11-30T05:59:00Z') });
  await signInByApi(page, 'ops@demo.test');
  await page.goto('/ops/dashboard');
  const period = page.getByText(/^Today \d\d\/\d\d\/\d\d; this week/);
  await expect(period).toHaveText('Today 11/29/26; this week 11/23/26 – 11/29/26 (Central time)');
  const loading = page.getByText('Loading…');
  await expect(loading).toHaveCount(0, { timeout: 30_000 });
  const asked: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/call-stats')) asked.push(new URL(r.url()).search); });
  await page.clock.fastForward('02:00');
  await expect(period).toHaveText('Today 11/30/26; this week 11/30/26 – 12/06/26 (Central time)');
  await expect.poll(() => asked.some((q) => q.includes('2026-11-30'))).toBe(true);
  await expect(loading).toHaveCount(0, { timeout: 30_000 }); // every panel read again, and shows its figures
  await screen(page, 'time-dashboard-new-week');
});
