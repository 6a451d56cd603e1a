import { expect, test, type Page } from '@playwright/test';
import { chartsDrawn, logOut, riverside, screen, session, signInByApi, takeCall } from './support';

// Dashboards and Call Quality against real figures: the demo surveyor takes calls (one escalated, comments on
// some), Quality removes one; every role's dashboard and Call Quality then show them (reporting hears of the calls
// through events, so the pages are reloaded until the figures arrive).

/** The number shown in a figure tile (its one paragraph; the label and note are spans). */
async function tile(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('group', { name: label, exact: true }).locator('p').first().textContent();
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

/** Reloads until the tile shows at least `min` (events reach reporting within moments). */
async function tileAtLeast(page: Page, label: string, min: number) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('group', { name: label, exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await tile(page, label)).toBeGreaterThanOrEqual(min);
  }).toPass({ timeout: 60_000 });
}

/** Types a date into a date picker's sections (month, day, year). */
async function setDate(page: Page, label: string, digits: string) {
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

/** The cells of the Call Quality row of a surveyor. */
async function qualityRow(page: Page, name: string): Promise<string[]> {
  const row = page.getByRole('table', { name: 'Call quality' }).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  return row.getByRole('cell').allTextContents();
}

test.setTimeout(480_000);

test('each role\'s dashboard and Call Quality show the calls the demo surveyor took', async ({ page, request }) => {
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  // the surveyor takes five calls: three completes (one with comments, one escalated), a refusal, a no-answer
  await signInByApi(page, 'surveyor@demo.test');
  const sv = await session(page);
  const surveyorName = await page.evaluate(() => {
    const u = JSON.parse(localStorage.getItem('auth') ?? '{}').user;
    return `${u.firstName as string} ${u.lastName as string}`;
  });
  const pid = (await riverside(request, sv.auth)).id;
  const removed = await takeCall(request, sv.auth, sv.userId, pid, 1, { positive: 'The nurse was very kind', negative: 'Long wait at check-in' });
  await takeCall(request, sv.auth, sv.userId, pid, 1, { escalation: 'Asks the clinic to call back about a bill' });
  await takeCall(request, sv.auth, sv.userId, pid, 1);
  await takeCall(request, sv.auth, sv.userId, pid, 3);
  await takeCall(request, sv.auth, sv.userId, pid, 4);

  // the surveyor's own Call Quality: one row, theirs
  await page.goto('/surveyor/call-quality');
  await expect(page.getByRole('heading', { name: 'Call Quality' })).toBeVisible({ timeout: 60_000 });
  await expect(async () => {
    await page.reload();
    const cells = await qualityRow(page, surveyorName);
    expect(Number(cells[1])).toBeGreaterThanOrEqual(5);
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Call quality' }).getByRole('row')).toHaveCount(2); // header + own row
  await screen(page, 'call-quality-surveyor');
  await logOut(page);

  // Quality removes the first call from the client's data, then looks at the dashboard and Call Quality
  await signInByApi(page, 'qa@demo.test');
  const qa = await session(page);
  const put = await request.put('/api/calls-log', { headers: qa.auth, data: { id: removed.callId, isQARemoval: true } });
  expect(put.ok(), await put.text()).toBeTruthy();
  await page.goto('/qa/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await tileAtLeast(page, 'QA removals today', 1);
  expect(await tile(page, 'Calls today')).toBeGreaterThanOrEqual(5);
  expect(await tile(page, 'Escalations this week')).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('table', { name: 'Surveyors to review this week' })).toContainText(surveyorName);
  await expect(page.getByRole('region', { name: 'Calls' })).toHaveCount(0); // Quality may not read call-stats
  await screen(page, 'dashboard-qa');
  await page.getByRole('link', { name: 'Call Quality' }).click();
  await expect(page).toHaveURL(/\/qa\/call-quality$/);
  const cells = await qualityRow(page, surveyorName);
  // Surveyor, Attempts, Surveys, Completion, Avg Length, Under 3 min, Partials, Refusals, QA Removals, Escalations
  expect(Number(cells[1])).toBeGreaterThanOrEqual(5);
  expect(Number(cells[2])).toBeGreaterThanOrEqual(3);
  expect(cells[5]).toMatch(/^\d+ \(\d+%\)$/);
  expect(Number(cells[7])).toBeGreaterThanOrEqual(1);
  expect(Number(cells[8])).toBeGreaterThanOrEqual(1);
  expect(Number(cells[9])).toBeGreaterThanOrEqual(1);
  await screen(page, 'call-quality-qa');
  // an empty period
  await setDate(page, 'From', '01052026');
  await setDate(page, 'To', '01062026');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No record found.')).toBeVisible();
  await logOut(page);

  // the project manager: own figures, projects, escalations, comments; Call Quality and a surveyor's Call Log
  await signInByApi(page, 'pm@demo.test');
  await page.goto('/project-manager/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await tileAtLeast(page, 'Attempts today', 5);
  expect(await tile(page, 'Surveys this week')).toBeGreaterThanOrEqual(3);
  expect(await tile(page, 'Unresolved escalations')).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('region', { name: 'Projects this week' })).toContainText('Riverside Patient Experience 2026');
  await expect(async () => {
    await page.reload();
    expect(await tile(page, 'Comments waiting')).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 60_000 });
  await chartsDrawn(page);
  await screen(page, 'dashboard-pm');
  await page.goto('/project-manager/call-quality');
  await expect(page.getByRole('heading', { name: 'Call Quality' })).toBeVisible({ timeout: 60_000 });
  expect(Number((await qualityRow(page, surveyorName))[1])).toBeGreaterThanOrEqual(5);
  await page.getByRole('button', { name: 'Attempts' }).click(); // sorted on the server
  await expect(page.getByRole('table', { name: 'Call quality' })).toContainText(surveyorName);
  await screen(page, 'call-quality-pm');
  await page.getByRole('link', { name: `Call Log of ${surveyorName}` }).click();
  await expect(page).toHaveURL(/\/project-manager\/call-log\?from=.*surveyorId=\d+/);
  await expect(page.getByRole('table', { name: 'Call log' }).getByRole('row').filter({ hasText: 'Survey Complete' }).first()).toBeVisible();
  await screen(page, 'call-log-from-call-quality-pm');
  await logOut(page);

  // Operations: every project
  await signInByApi(page, 'ops@demo.test');
  await page.goto('/ops/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await tileAtLeast(page, 'Attempts this week', 5);
  expect(await tile(page, 'QA removals this week')).toBeGreaterThanOrEqual(1);
  await chartsDrawn(page);
  await screen(page, 'dashboard-ops');
  await page.goto('/ops/call-quality');
  expect(Number((await qualityRow(page, surveyorName))[1])).toBeGreaterThanOrEqual(5);
  await screen(page, 'call-quality-ops');
  await logOut(page);

  // the comment cleaner: comments waiting to be cleaned
  await signInByApi(page, 'cleaner@demo.test');
  await page.goto('/cc/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await tileAtLeast(page, 'Comments waiting', 1);
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(1);
  await screen(page, 'dashboard-cleaner');
  await page.getByRole('region', { name: 'Comment cleaning' }).getByRole('link', { name: 'Comment Cleaning Selection' }).click();
  await expect(page).toHaveURL(/\/cc\/comment-cleaning-selection$/);
  await logOut(page);

  // Admin: projects in progress, surveyors, calls today across all projects
  await signInByApi(page, 'admin@demo.test');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await tileAtLeast(page, 'Calls today', 5);
  expect(await tile(page, 'Projects in progress')).toBeGreaterThanOrEqual(1);
  expect(await tile(page, 'Active surveyors')).toBeGreaterThanOrEqual(3);
  expect(await tile(page, 'Surveyors calling today')).toBeGreaterThanOrEqual(1);
  await chartsDrawn(page);
  await screen(page, 'dashboard-admin');
  await logOut(page);

  // the CIMR manager: their CIMR Surveyors (who took no calls here) and no escalations panel
  await signInByApi(page, 'cimr-manager@demo.test');
  await page.goto('/cimr/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'My surveyors this week' })).toContainText(/Chris Contractor|Rosa Silva/);
  await expect(page.getByRole('region', { name: 'Open escalations' })).toHaveCount(0);
  // their surveyors took no calls: no empty chart
  await expect(page.getByRole('region', { name: 'Calls' })).toContainText('No calls this week yet');
  await screen(page, 'dashboard-cimr');
  await page.goto('/cimr/call-quality');
  await expect(page.getByRole('heading', { name: 'Call Quality' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'Call quality' })).not.toContainText(surveyorName); // not a CIMR Surveyor
  await screen(page, 'call-quality-cimr');
  await logOut(page);
});
