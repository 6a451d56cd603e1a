import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { adminClient, callNow, disposition, logOut, screen, signInByApi, token } from './support';

// Specs share one server: this one makes its own bank rows, client and two projects (names carry a stamp).
const stamp = Date.now();
const QUESTION = `E2E wait time ${stamp}`;
const ANSWERS = [`E2E short wait ${stamp}`, `E2E fair wait ${stamp}`, `E2E long wait ${stamp}`];
const ENGLISH = ['Short wait', 'Fair wait', 'Long wait'];
const SPANISH = ['Espera corta', 'Espera regular', 'Espera larga'];
const PROJECT_A = `E2E Questionnaire ${stamp}`;
const PROJECT_B = `E2E Questionnaire Copy ${stamp}`;
const POSITIVE = 'Nurse Ann Baker was very kind';
const NEGATIVE = 'The parking was full';
const OPEN_ENDED = 'Dr Smith listened carefully';

const COLUMNS = ['Age', 'Cell Phone', 'Site', 'CHPW', 'Department', 'DOB', 'DOS', 'Ethnicity', 'Guarantor', 'Home Phone',
  'Language', 'MRN', 'Patient Name', 'Patient Type', 'Payer Type', 'Provider Name', 'Provider Type', 'Race', 'Sex'];

function rosterCsv(rows: number): Buffer {
  const day = new Date(Date.now() - 3 * 86_400_000);
  const dos = `${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}/${day.getFullYear()}`;
  const lines = [COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    lines.push([40 + (i % 30), `(773) 555-${String(i).padStart(4, '0')}`, 'E2E Site', 'N', 'E2E Dept', '02/03/1975', dos,
      'Not Hispanic', 'Self', '', 'English', `QS${stamp}${i}`, `"Roe${i}, Pat"`, 'New', 'Medicare', 'E2E Provider', 'MD',
      'White', 'F'].join(','));
  }
  return Buffer.from(lines.join('\n'));
}

/** The API's answer as these specs read it: `data` for one record, `rows` for a list (each field they use is asserted). */
type ApiJson = { data: { id: number }; rows: Record<string, unknown>[] };

async function api(page: Page) {
  const headers = { Authorization: `Bearer ${await token(page)}` };
  const check = async (res: Awaited<ReturnType<Page['request']['get']>>) => {
    expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()) as ApiJson;
  };
  return {
    get: async (path: string, params?: Record<string, string | number | boolean>) => check(await page.request.get(path, { headers, params })),
    post: async (path: string, data: unknown) => check(await page.request.post(path, { headers, data })),
    multipart: async (path: string, multipart: Record<string, unknown>) =>
      check(await page.request.post(path, { headers, multipart: multipart as never })),
  };
}

/** Opens an MUI Select by its label and picks an option. */
async function pick(page: Page, scope: Locator | Page, label: string, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Types into an MUI Autocomplete and picks the option. */
async function choose(page: Page, scope: Locator | Page, label: string, search: string, option: string) {
  const input = scope.getByRole('combobox', { name: label });
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A full-page screenshot from the top (scrolled, the fixed top bar would be drawn half-way down). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screen(page, name);
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe.configure({ mode: 'serial', timeout: 480_000 });
// a remote's first load can be slow on a busy machine
const FIRST_LOAD = { timeout: 90_000 };
let projectA = 0;
let projectB = 0;

test('Operations adds a question in English and Spanish with three answers to the bank', async ({ page }) => {
  await signInByApi(page, 'ops@demo.test');
  await page.goto('/ops/question-bank-manager');
  await expect(page.getByRole('heading', { name: 'Question Bank Manager' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Add Question' }).click();
  let dlg = page.getByRole('dialog', { name: 'Add Question' });
  await dlg.getByRole('button', { name: 'Save' }).click();
  // empty title, category and question text: Required (spec §5); one character: At least 2 characters
  await expect(dlg.getByText('Required', { exact: true })).toHaveCount(3);
  await dlg.getByLabel('Title').fill('Q');
  await expect(dlg.getByText('At least 2 characters', { exact: true })).toBeVisible();
  await dlg.getByLabel('Title').fill(QUESTION);
  await dlg.getByLabel('Category').fill('Access');
  await dlg.getByLabel('Question text').first().fill('How long did you wait to see the provider?');
  await dlg.getByRole('button', { name: 'Add language' }).click();
  await pick(page, dlg, 'Language 2', 'Spanish');
  await dlg.getByLabel('Question text').nth(1).fill('¿Cuánto tiempo esperó para ver al proveedor?');
  await shot(page, 'surveys-bank-question-form');
  await dlg.getByRole('button', { name: 'Save' }).click();
  await expect(dlg).toBeHidden();
  await page.getByLabel('Search Questions').fill(String(stamp));
  await expect(row(page, QUESTION)).toContainText('Spanish: ¿Cuánto tiempo esperó');
  await expect(row(page, QUESTION)).toContainText('Active');
  await shot(page, 'surveys-bank-questions');

  // deactivate and reactivate, each confirmed
  await row(page, QUESTION).getByRole('button', { name: `Deactivate ${QUESTION}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText(`Deactivate the question "${QUESTION}"?`);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(row(page, QUESTION)).toContainText('Deactivated');
  await row(page, QUESTION).getByRole('button', { name: `Reactivate ${QUESTION}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(row(page, QUESTION)).toContainText('Active');

  await page.getByRole('tab', { name: 'Answers' }).click();
  for (const [i, title] of ANSWERS.entries()) {
    await page.getByRole('button', { name: 'Add Answer' }).click();
    dlg = page.getByRole('dialog', { name: 'Add Answer' });
    await dlg.getByLabel('Title').fill(title);
    await dlg.getByLabel('Answer text').first().fill(ENGLISH[i]);
    await dlg.getByRole('button', { name: 'Add language' }).click();
    await pick(page, dlg, 'Language 2', 'Spanish');
    await dlg.getByLabel('Answer text').nth(1).fill(SPANISH[i]);
    if (i === 0) await shot(page, 'surveys-bank-answer-form');
    await dlg.getByRole('button', { name: 'Save' }).click();
    await expect(dlg).toBeHidden();
  }
  await page.getByLabel('Search Answers').fill(String(stamp));
  for (const [i, title] of ANSWERS.entries()) await expect(row(page, title)).toContainText(`Spanish: ${SPANISH[i]}`);
  await shot(page, 'surveys-bank-answers');

  // the two projects (a client of their own), the surveyor assigned to the second, with a roster
  const ops = await api(page);
  const pm = (await ops.get('/api/users', { search: 'pm@demo.test', role: 1, limit: 5 })).rows[0];
  const surveyor = (await ops.get('/api/users', { search: 'surveyor@demo.test', role: 3, limit: 5 })).rows[0];
  const client = await adminClient({ name: `E2E Surveys Clinic ${stamp}`, abbr: 'ESC', stateId: 5,
    contacts: [{ typeId: 0, firstName: 'Lee', lastName: 'Park', email: 'lee.park@e2e.example', phoneNumber: '7735551239' }] });
  const project = (name: string) => ops.post('/api/projects', {
    name, typeId: 1, statusId: 2, managerId: pm.id, reportFreqId: 3, startDate: '2026-01-05', billableRate: '10.00',
    paymentRate: '3.00', clientId: client.id, timezone: 'America/Chicago', langIds: [1, 2], sampling: ['CATI'] });
  projectA = (await project(PROJECT_A)).data.id;
  projectB = (await project(PROJECT_B)).data.id;
  await ops.post('/api/assignment', { projectId: projectB, surveyorId: surveyor.id, managerId: pm.id, surveyorGoals: 5 });
  for (let i = 0; ; i++) { // the project reaches the rosters service by event
    const res = await page.request.post(`/api/roster/${projectB}`, {
      headers: { Authorization: `Bearer ${await token(page)}` },
      multipart: { file: { name: 'e2e-surveys.csv', mimeType: 'text/csv', buffer: rosterCsv(20) }, onlyParse: 'false' } });
    if (res.ok()) break;
    expect(i, `roster upload: ${res.status()} ${await res.text()}`).toBeLessThan(20);
    await page.waitForTimeout(500);
  }
  await logOut(page);
});

test('a manager builds a five-question questionnaire with one logic rule, copies it with logic and previews it in Spanish', async ({ page }) => {
  await signInByApi(page, 'pm@demo.test');
  await page.goto('/project-manager/questionnaires');
  await expect(page.getByRole('heading', { name: 'Questionnaires' })).toBeVisible(FIRST_LOAD);
  await shot(page, 'surveys-questionnaires');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/project-manager\/questionnaires\/add$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled(); // no project yet
  await shot(page, 'surveys-builder-no-project');
  await choose(page, page, 'Project', PROJECT_A.slice(0, 20), PROJECT_A);

  const add = async (search: string, title: string, type: string, answers: string[]) => {
    await choose(page, page, 'Question bank', search, title);
    await pick(page, page, 'Type', type);
    for (const a of answers) await choose(page, page, 'Answer bank', a.slice(0, 12), a);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(title, { exact: false }).last()).toBeVisible();
  };
  await add(QUESTION, QUESTION, 'Single', ANSWERS);
  await add('Overall care', 'Overall care rating', 'Single', ['Excellent', 'Good', 'Poor']);
  await add('Recommend cl', 'Recommend clinic', 'Single', ['Yes', 'No']);
  await add('What did we', 'What did we do well', 'Open Ended', []);
  await add('Introduction', 'Introduction', 'Scripted', []);
  await expect(page.locator('[data-testid^="item-"]')).toHaveCount(5);

  // the same question again: refused with its title
  await choose(page, page, 'Question bank', 'Recommend cl', 'Recommend clinic');
  await choose(page, page, 'Answer bank', 'Yes', 'Yes');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Recommend clinic already exists in the Questionnaire')).toBeVisible();
  await shot(page, 'surveys-builder-duplicate');
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(page.getByText('already exists in the Questionnaire')).toBeHidden();

  // move the script to the top
  for (const at of [4, 3, 2, 1]) {
    await page.getByRole('button', { name: 'Move Introduction up' }).click();
    await expect(page.getByTestId(`item-${at}`)).toContainText('Introduction');
  }
  await shot(page, 'surveys-builder');

  // logic: a long wait hides "Recommend clinic"
  await page.getByRole('button', { name: 'Next' }).click();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await pick(page, page, 'Question', QUESTION);
  await pick(page, page, 'Answer', ANSWERS[2]);
  await expect(save).toBeDisabled();
  await pick(page, page, 'Hide questions', 'Recommend clinic');
  await page.keyboard.press('Escape');
  await expect(save).toBeEnabled();
  await shot(page, 'surveys-logic-editor');
  await save.click();
  await expect(page.getByText(`When "${QUESTION}" is answered "${ANSWERS[2]}" hide: Recommend clinic`)).toBeVisible();
  await shot(page, 'surveys-logic');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/project-manager\/questionnaires$/);

  // copy with logic to the second project
  await page.getByLabel('Search Projects').fill(String(stamp));
  await expect(row(page, PROJECT_A)).toContainText('5');
  await row(page, PROJECT_A).getByRole('button', { name: 'Copy' }).click();
  const dlg = page.getByRole('dialog', { name: `Copy questionnaire of ${PROJECT_A}` });
  await choose(page, dlg, 'To project', PROJECT_B.slice(0, 25), PROJECT_B);
  await expect(dlg.getByLabel('Include logic')).toBeChecked();
  await shot(page, 'surveys-copy');
  await dlg.getByRole('button', { name: 'Copy' }).click();
  await expect(dlg).toBeHidden();
  await expect(row(page, PROJECT_B)).toContainText('5');
  const pm = await api(page);
  for (const id of [projectA, projectB]) expect((await pm.get('/api/questionnaire/logic', { projectId: id })).rows).toHaveLength(1);

  // preview in Spanish
  await row(page, PROJECT_B).getByRole('button', { name: `Preview ${PROJECT_B}` }).click();
  await expect(page).toHaveURL(new RegExp(`/questionnaire-viewer/${projectB}$`));
  await expect(page.getByText('The questionnaire opens when the call starts (Start Call).')).toBeVisible();
  await pick(page, page, 'Language', 'Spanish');
  await expect(page.getByText('¿Cuánto tiempo esperó para ver al proveedor?')).toBeVisible();
  await page.getByRole('button', { name: 'Start Call' }).click();
  await page.getByLabel('Espera larga').check();
  await expect(page.getByText('Would you recommend this clinic', { exact: false })).toBeHidden();
  await pick(page, page, 'Call Disposition', 'Agreed to Survey');
  await shot(page, 'surveys-viewer-spanish');
  await logOut(page);
});

test('a surveyor’s answers hide the ruled-out question; answers left behind offline are restored and saved once', async ({ page }) => {
  await signInByApi(page, 'surveyor@demo.test');
  const CALL_PAGE = `/surveyor/project-call/${projectB}`;
  await callNow(page, CALL_PAGE);
  const pane = page.getByTestId('questionnaire-pane');
  await expect(pane).toContainText('The questionnaire opens when the call starts (Start Call).');
  await page.getByRole('button', { name: 'Start Call' }).click();
  await expect(pane.getByText('Would you recommend this clinic', { exact: false })).toBeVisible();
  await pane.getByLabel('Long wait', { exact: true }).check();
  await expect(pane.getByText('Would you recommend this clinic', { exact: false })).toBeHidden();
  await pane.getByLabel('Excellent').check();
  await pane.getByRole('textbox').fill(OPEN_ENDED);
  await shot(page, 'surveys-call-logic');

  // leave while the API cannot be reached: the lock is not given back, the answers stay in the browser
  await page.route('**/api/call-lock**', (r) => r.abort('internetdisconnected'));
  await page.getByRole('link', { name: 'Call Log' }).click();
  await page.getByRole('dialog', { name: 'Leave this call?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/call-log$/);
  await page.unroute('**/api/call-lock**');

  // back: the same patient, and the answers are offered back
  await callNow(page, CALL_PAGE);
  await expect(page.getByText('You have unsaved responses for this call.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore responses' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
  await shot(page, 'surveys-call-restore');
  await page.getByRole('button', { name: 'Restore responses' }).click();
  await expect(pane.getByLabel('Long wait', { exact: true })).toBeChecked();
  await expect(pane.getByLabel('Excellent')).toBeChecked();
  await expect(pane.getByRole('textbox')).toHaveValue(OPEN_ENDED);
  await expect(pane.getByText('Would you recommend this clinic', { exact: false })).toBeHidden();

  await disposition(page, 'Agreed to Survey');
  await page.getByLabel('Positive comment').fill(POSITIVE);
  await page.getByLabel('Negative comment').fill(NEGATIVE);
  await page.getByLabel('One More Attempt and Break').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/surveyor\/my-projects$/);

  const sv = await api(page);
  const log = await sv.get('/api/calls-log', { projectId: projectB, limit: 100 });
  const results = (log.rows as { result: number | null }[]).filter((r) => r.result != null);
  expect(results.map((r) => r.result)).toEqual([1]); // one result stored

  // the Call Log Details show the answers (calling's copy of surveys.survey.saved)
  const callId = (log.rows as { callId: number; result: number | null }[]).find((r) => r.result === 1)?.callId;
  await page.goto('/surveyor/call-log');
  await page.getByRole('button', { name: 'Filter' }).click(FIRST_LOAD);
  await page.getByRole('button', { name: `View call ${callId}` }).click();
  const details = page.getByRole('dialog', { name: 'Call Log Details' });
  const answers = details.getByRole('region', { name: 'Survey Answers' });
  await expect(answers).toContainText(`${QUESTION}: ${ANSWERS[2]}`);
  await expect(answers).toContainText('Overall care rating: Excellent');
  await expect(answers).toContainText(`What did we do well: ${OPEN_ENDED}`);
  await expect(answers).not.toContainText('Recommend clinic');
  await shot(page, 'surveys-call-log-details');
  await details.getByRole('button', { name: 'Close' }).click();
  await logOut(page);
});

test('a cleaner cleans two comments while a second browser sees the "being cleaned by someone else" warning', async ({ page, browser }) => {
  await signInByApi(page, 'cleaner@demo.test');
  await page.goto('/cc/comment-cleaning-selection');
  await expect(page.getByRole('heading', { name: 'Comment Cleaning Selection' })).toBeVisible(FIRST_LOAD);
  await page.getByLabel('Search Projects').fill(String(stamp));
  await expect(row(page, PROJECT_B)).toContainText('0 / 3 comments cleaned');
  await shot(page, 'surveys-cleaning-selection');
  await row(page, PROJECT_B).getByRole('button', { name: `Clean ${PROJECT_B}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cc/comment-cleaning\\?projectId=${projectB}$`));
  await expect(page.getByRole('row')).toHaveCount(3); // header + 2
  // the open-ended question filter lists the project's open-ended questions
  await page.getByLabel('Open-ended question', { exact: true }).click();
  await expect(page.getByRole('option', { name: 'What did we do well', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('You do not have access to this resource')).toBeHidden();
  await shot(page, 'surveys-cleaning');

  // the positive / negative comment: opened here
  const pn = row(page, POSITIVE);
  await pn.getByRole('button', { name: /^Clean comment/ }).click();
  const dlg = page.getByRole('dialog', { name: 'Clean positive and negative comments' });
  await expect(dlg).toBeVisible();

  // ... while Operations, in another browser, tries the same comment
  const other = await secondBrowser(browser, 'ops@demo.test');
  await other.goto(`/ops/comment-cleaning?projectId=${projectB}`);
  await row(other, POSITIVE).getByRole('button', { name: /^Clean comment/ }).click();
  await expect(other.getByText('Warning! This comment is being cleaned by someone else!!!')).toBeVisible();
  await expect(other.getByRole('dialog')).toBeHidden();
  await shot(other, 'surveys-cleaning-someone-else');

  await dlg.getByLabel('Positive without NSM').fill('The nurse was very kind');
  await shot(page, 'surveys-cleaning-dialog');
  await dlg.getByLabel('Negative without NSM').press('Control+Enter');
  await expect(dlg).toBeHidden();
  await expect(row(page, POSITIVE)).toContainText('Cleaned');

  // the open-ended comment
  await row(page, OPEN_ENDED).getByRole('button', { name: /^Clean comment/ }).click();
  const oe = page.getByRole('dialog', { name: 'Clean open-ended comment' });
  await oe.getByLabel('Cleaned (without NSM)').fill('The doctor listened carefully');
  await oe.getByLabel('Cleaned (without NSM)').press('Control+Enter');
  await expect(oe).toBeHidden();
  await expect(row(page, 'The doctor listened carefully').or(row(page, OPEN_ENDED))).toContainText('Cleaned');

  // the other browser now sees the second warning
  await other.reload();
  await row(other, POSITIVE).getByRole('button', { name: /^Clean comment/ }).click();
  await expect(other.getByText('Warning! This comment is already cleaned.')).toBeVisible();
  await other.context().close();

  await page.goto('/cc/comment-cleaning-selection');
  await page.getByLabel('Search Projects').fill(String(stamp));
  await expect(row(page, PROJECT_B)).toContainText('3 / 3 comments cleaned (100%)');
  await logOut(page);
});

async function secondBrowser(browser: Browser, email: string): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await signInByApi(page, email);
  return page;
}

test('a manager exports the survey CSV', async ({ page }) => {
  await signInByApi(page, 'pm@demo.test');
  await page.goto(`/project-manager/survey-export/${projectB}`);
  await expect(page.getByRole('heading', { name: 'Survey Data Export' })).toBeVisible(FIRST_LOAD);
  await page.getByLabel('Surveyor', { exact: true }).click();
  await expect(page.getByRole('option', { name: /Sam Surveyor \(surveyor@demo\.test\)/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'surveys-export');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Csv' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^survey-report-\d{14}\.csv$/);
  const body = readFileSync(await download.path());
  expect(body.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lines = body.toString('utf8').slice(1).split(/\r?\n/).filter(Boolean);
  expect(lines.length).toBeGreaterThanOrEqual(2);
  expect(lines[0]).toContain(QUESTION);
  expect(lines.slice(1).join('\n')).toContain(OPEN_ENDED);
  expect(lines.slice(1).join('\n')).toContain('long wait');
  await logOut(page);
});
