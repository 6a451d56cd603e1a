import { expect, test, type Page } from '@playwright/test';
import { chartsDrawn, logOut, newSurveyor, riverside, screen, session, signInByApi, takeCall } from './support';

/** The number in a table cell of the row whose first cell is `label`. */
async function cell(page: Page, table: string, label: string | RegExp, column: number): Promise<string> {
  const row = page.getByRole('table', { name: table }).getByRole('row').filter({ has: page.getByRole('cell', { name: label }) });
  return (await row.getByRole('cell').nth(column).textContent()) ?? '';
}

test.setTimeout(360_000);

test('a surveyor\'s calls in the manager\'s call stats, earnings, pay stub, surveyors, dispositions; an Operations client export', async ({ page, request }) => {
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  // the surveyor takes four calls: two completes, a refusal, a no-answer
  await signInByApi(page, (await newSurveyor('reporter')).email); // calls of its own, a first name of its own
  const s = await session(page);
  const project = await riverside(request, s.auth);
  const firstName = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').user.firstName as string);
  for (const result of [1, 1, 3, 4]) await takeCall(request, s.auth, s.userId, project.id, result);
  await logOut(page);

  // the manager: call stats, daily (default: the last seven days, today included)
  await signInByApi(page, 'pm@demo.test');
  await page.goto('/project-manager/surveyor-call-stats');
  await expect(page.getByRole('heading', { name: 'Surveyor Call Stats' })).toBeVisible({ timeout: 120_000 });
  const stats = page.getByRole('table', { name: 'Call stats' });
  await expect(stats.getByRole('row').filter({ hasText: 'Total' })).toBeVisible();
  // the reporting service hears of the calls through events: wait until the totals count them
  await expect.poll(async () => Number(await cell(page, 'Call stats', 'Total', 2)), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(stats.getByRole('columnheader', { name: 'Hourly Earnings' })).toBeVisible();
  const legend = page.locator('.apexcharts-legend').first();
  await expect(legend).toContainText('Surveys');
  await expect(legend).toContainText('Attempts');
  await expect(legend).toContainText('Completion Rate (%)');
  const panel = page.getByRole('region', { name: 'AAPOR dispositions' });
  await expect(panel.getByRole('table', { name: 'AAPOR dispositions' })).toBeVisible();
  await expect(panel.locator('.apexcharts-legend')).toContainText('RR1');
  await chartsDrawn(page);
  await screen(page, 'reporting-call-stats-daily');

  // weekly, narrowed to the surveyor
  await page.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await page.getByRole('combobox', { name: 'Surveyor' }).click();
  await page.getByRole('option', { name: new RegExp(`^${firstName} `) }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(stats.getByRole('columnheader', { name: 'Week Of' })).toBeVisible();
  const attempts = Number(await cell(page, 'Call stats', 'Total', 1));
  const surveys = Number(await cell(page, 'Call stats', 'Total', 2));
  expect(attempts).toBeGreaterThanOrEqual(4);
  expect(surveys).toBeGreaterThanOrEqual(2);
  // completion rate = surveys / attempts, a ratio rounded to 4 decimals by the server, shown as a percentage with 2
  expect(await cell(page, 'Call stats', 'Total', 3)).toBe(`${(Math.round((surveys / attempts) * 10000) / 100).toFixed(2)}%`);
  await panel.getByRole('button', { name: 'By surveyor' }).click();
  await expect(panel.getByRole('table', { name: 'AAPOR dispositions' }).getByRole('row').filter({ hasText: firstName })).toBeVisible();
  await chartsDrawn(page);
  await screen(page, 'reporting-call-stats-weekly');

  // earnings: the chart, the table, a pay stub
  await page.goto('/project-manager/surveyor-earnings');
  await expect(page.getByRole('heading', { name: 'Surveyor Earnings' })).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('.apexcharts-legend')).toContainText('Earnings ($)');
  const earnings = page.getByRole('table', { name: 'Earnings' });
  await expect.poll(async () => Number(await cell(page, 'Earnings', 'Total', 1))).toBeGreaterThanOrEqual(2);
  expect(await cell(page, 'Earnings', 'Total', 2)).toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/);
  await chartsDrawn(page);
  await screen(page, 'reporting-earnings');
  await earnings.locator('button[aria-label^="Details "]:not([disabled])').last().click();
  const stub = page.getByRole('dialog', { name: 'Earnings detail' });
  await expect(stub.getByRole('article').first()).toBeVisible();
  await expect(stub).toContainText('Invoice ID:');
  await expect(stub).toContainText('Invoice Date:');
  await expect(stub.getByRole('table', { name: 'Pay stub lines' }).first()).toContainText('Total');
  await screen(page, 'reporting-pay-stub');
  await stub.getByRole('button', { name: 'Close' }).click();

  // My Surveyors → the surveyor's projects → the project as that surveyor's
  await page.goto('/project-manager/my-surveyors');
  await expect(page.getByRole('heading', { name: 'My Surveyors' })).toBeVisible({ timeout: 120_000 });
  await page.getByLabel('Search Surveyor...').fill(firstName);
  const eye = page.getByRole('link', { name: new RegExp(`^Projects of ${firstName} `) }).first();
  await expect(eye).toBeVisible();
  await screen(page, 'reporting-my-surveyors');
  await eye.click();
  await expect(page.getByRole('heading', { name: /'s Projects$/ })).toBeVisible();
  const link = page.getByRole('link', { name: project.name });
  await expect(link).toBeVisible();
  await screen(page, 'reporting-surveyor-projects');
  await link.click();
  await expect(page.getByRole('heading', { name: `Project Details: ${project.name}` })).toBeVisible();
  await expect(page.getByText('Time Zone', { exact: true })).toBeVisible();
  await expect(page.getByText('Earnings', { exact: true })).toBeVisible();
  await screen(page, 'reporting-surveyor-project-detail');

  // the project's own detail page carries the dispositions panel (by site, provider, surveyor)
  await page.goto(`/project-manager/detail/${project.id}`);
  const onProject = page.getByRole('region', { name: 'AAPOR dispositions' });
  await expect(onProject.getByRole('button', { name: 'By site' })).toBeVisible({ timeout: 120_000 });
  await onProject.getByRole('button', { name: 'By surveyor' }).click();
  await expect(onProject.getByRole('table', { name: 'AAPOR dispositions' }).getByRole('row').filter({ hasText: firstName })).toBeVisible();
  await chartsDrawn(page);
  await screen(page, 'reporting-project-dispositions');
  await logOut(page);

  // Operations: a client report export with header keys, downloaded as CSV with a BOM
  await signInByApi(page, 'ops@demo.test');
  await page.goto('/ops/client-report-exports');
  await expect(page.getByRole('heading', { name: 'Client Report Exports' })).toBeVisible({ timeout: 120_000 });
  await page.getByLabel('Search Client & Projects...').fill('Riverside');
  const open = page.getByRole('link', { name: `Open ${project.name}` });
  await expect(open).toBeVisible();
  await screen(page, 'reporting-client-report-exports');
  await open.click();
  await expect(page.getByRole('heading', { name: /^Client Data Exports/ })).toBeVisible();
  await page.getByLabel('Header Keys', { exact: true }).first().check();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled(); // no FileName yet
  const keys = page.getByRole('combobox', { name: 'Header Keys' });
  for (let i = 0; i < 3; i++) {
    await keys.click();
    await page.getByRole('option').nth(i).click();
    await page.keyboard.press('Escape');
  }
  const name = `e2e-export-${Date.now()}`;
  await page.getByLabel('FileName').fill(name);
  await expect(save).toBeEnabled();
  await screen(page, 'reporting-export-editor');
  await save.click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Download ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Download Export' });
  await expect(confirm).toBeVisible();
  await screen(page, 'reporting-export-download-confirm');
  // The default range ends yesterday (the browser's day) and this project's calls are today's (Chicago), so whether
  // the range holds them depends on the hour the suite runs: with rows the page downloads the CSV and records it;
  // without, it shows the server's "No Data Found", downloads nothing and records nothing (spec §8).
  const downloading = page.waitForEvent('download').then((download) => ({ download }));
  const empty = page.getByText('No Data Found').waitFor().then(() => ({ download: null }));
  for (const waiter of [downloading, empty]) waiter.catch(() => undefined); // the one that loses the race may time out later
  await confirm.getByRole('button', { name: 'Download' }).click();
  const { download } = await Promise.race([downloading, empty]);
  if (download) {
    expect(download.suggestedFilename()).toMatch(/^survey-report-\d{14}\.csv$/);
    const csv = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]);
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const header = csv.toString('utf8').slice(1).split('\r\n')[0];
    expect(header.split(',')).toHaveLength(3);
    await expect(row).not.toContainText('N/A'); // the download date and range are recorded
  } else {
    await expect(row).toContainText('N/A');
  }
  await screen(page, 'reporting-export-history');
});
