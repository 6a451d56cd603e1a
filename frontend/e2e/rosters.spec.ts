import { expect, test, type Page } from '@playwright/test';
import { adminClient, screen, session, signInByApi } from './support';

const COLUMNS = ['Age', 'Cell Phone', 'Site', 'CHPW', 'Department', 'DOB', 'DOS', 'Ethnicity', 'Guarantor', 'Home Phone',
  'Language', 'MRN', 'Patient Name', 'Patient Type', 'Payer Type', 'Provider Name', 'Provider Type', 'Race', 'Sex'];

function rosterCsv(rows: number): Buffer {
  const day = new Date(Date.now() - 3 * 86_400_000);
  const dos = `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
  const lines = [COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    lines.push([30 + (i % 50), `(312) 555-${String(i).padStart(4, '0')}`, `E2E Site ${i % 3}`, 'N', `E2E Dept ${i % 4}`,
      '04/12/1980', dos, 'Not Hispanic', 'Self', '', i % 5 ? 'English' : 'Spanish', `E2E${Date.now()}${i}`,
      `"Doe${i}, Jane"`, i % 2 ? 'Established' : 'New', 'Medicare', `E2E Provider ${i % 5}`, 'MD', 'White', 'F'].join(','));
  }
  return Buffer.from(lines.join('\n'));
}

/** Opens a screen that takes its project from route state, as the My Projects icons do. */
async function openWithState(page: Page, path: string, projectId: number) {
  await page.evaluate(([p, id]) => {
    window.history.pushState({ usr: { projectId: id, projectName: 'Demo project' }, key: 'e2e', idx: 1 }, '', p as string);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, [path, projectId] as const);
}

/**
 * A project of this spec's own (its client too): its sampling and roster undo then change nothing the specs that
 * call on the demo project count on, whenever they run.
 */
async function ownProject(page: Page): Promise<number> {
  const { auth } = await session(page);
  const ok = async (r: Awaited<ReturnType<Page['request']['post']>>) => {
    expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBeTruthy();
    return ((await r.json()) as { data: { id: number } }).data;
  };
  const stamp = Date.now();
  const users = await page.request.get('/api/users', { headers: auth, params: { search: 'pm@demo.test', role: 1, limit: 5 } });
  const pm = (await users.json()).rows[0];
  const client = await adminClient({
    name: `E2E Rosters Clinic ${stamp}`, abbr: 'ERC', stateId: 5,
    contacts: [{ typeId: 0, firstName: 'Rae', lastName: 'Stone', email: 'rae.stone@e2e.example', phoneNumber: '3125551240' }] });
  const project = await ok(await page.request.post('/api/projects', { headers: auth, data: {
    name: `E2E Rosters ${stamp}`, typeId: 1, statusId: 2, managerId: pm.id, reportFreqId: 3, startDate: '2026-01-05',
    billableRate: '10.00', paymentRate: '3.00', clientId: client.id, timezone: 'America/Chicago', langIds: [1, 2],
    sampling: ['CATI'] } }));
  await expect.poll(async () => (await page.request.get('/api/sampling', { headers: auth, params: { projectId: project.id } })).status(),
    { message: 'the project reaches the rosters service by event' }).toBe(200);
  return project.id as number;
}

test('a manager uploads a roster, sets sampling, undoes a roster and exports the called roster', async ({ page }) => {
  await signInByApi(page, 'ops@demo.test');
  const pid = await ownProject(page);
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0, { timeout: 60_000 });
  await openWithState(page, '/ops/rosters', pid);
  await expect(page.getByRole('heading', { name: /Roster Upload/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Drag 'n' drop, or click to select a file to upload.")).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({ name: 'e2e-roster.csv', mimeType: 'text/csv', buffer: rosterCsv(500) });
  const preview = page.getByLabel('Roster preview');
  await expect(preview).toContainText('500 encounters');
  await expect(preview).toContainText('E2E Provider 0');
  await expect(preview).toContainText('Spanish');
  await screen(page, 'roster-preview');
  await preview.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Roster uploaded successfully')).toBeVisible();
  const newest = page.getByRole('row').filter({ hasText: 'e2e-roster.csv' });
  await expect(newest.getByLabel('Ready').first()).toBeVisible();
  // the upload time is an instant with its offset: shown as a date, never "Invalid Date"
  await expect(newest).toContainText(new Date().getFullYear().toString());
  await expect(page.getByText('Invalid Date')).toHaveCount(0);
  await screen(page, 'roster-history');

  // sampling: a provider quota, a second parameter, reordered, Spanish Set 2
  await page.goto(`/ops/sampling/${pid}`);
  await expect(page.getByRole('heading', { name: 'Sampling Parameters' })).toBeVisible();
  // this roster's providers (a search, as among a long list)
  await page.getByLabel('Search', { exact: true }).fill('E2E Provider');
  await page.getByLabel('Surveys required for E2E Provider 0').fill('3');
  await page.getByRole('button', { name: 'Save required' }).click();
  await expect(page.getByText('Sampling providers updated successfully')).toBeVisible();
  await page.getByLabel('Add parameter', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Site' }).click();
  await page.getByRole('button', { name: 'Add parameter' }).click();
  await page.getByRole('dialog', { name: 'Add sampling parameter' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByTestId('sampling-parameter')).toHaveCount(2);
  await page.getByRole('button', { name: 'Move Site up' }).click();
  await expect(page.getByText('not saved until you press Update')).toBeVisible();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Sampling updated successfully')).toBeVisible();
  await expect(page.getByTestId('sampling-parameter').first()).toContainText('1. Site');
  const spanish = page.getByTestId('language-Spanish');
  await spanish.getByRole('button', { name: 'Set' }).click();
  await spanish.getByLabel('Spanish allowed samples').fill('2');
  await page.getByRole('button', { name: 'Save languages' }).click();
  await expect(page.getByText('Language sampling updated successfully')).toBeVisible();
  await screen(page, 'sampling');

  // undo the roster
  await openWithState(page, '/ops/rosters', pid);
  await page.getByRole('button', { name: /Undo roster/ }).first().click();
  await page.getByRole('dialog', { name: 'Undo roster' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Roster removed')).toBeVisible();

  // the called-roster export
  await openWithState(page, '/ops/roster-export', pid);
  await expect(page.getByRole('heading', { name: /Surveyors Called Roster Export/ })).toBeVisible();
  await screen(page, 'roster-export');
  await page.getByRole('button', { name: 'Export Csv' }).click();
  await expect(page.getByText(/Export Successful!|No called patients/)).toBeVisible();
});
