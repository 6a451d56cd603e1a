import { expect, test, type Page } from '@playwright/test';
import { callNow, disposition, newSurveyor, screen, signInByApi, token } from './support';

// The demo project (Riverside, id 1) has a demo roster; this spec's own surveyor is assigned to it (its calls and
// held patient are its own while other specs call on the same project).
const CALL_PAGE = '/surveyor/project-call/1';
let surveyor = '';
test.beforeAll(async () => { surveyor = (await newSurveyor('caller')).email; });

async function startCall(page: Page): Promise<string> {
  const data = page.getByTestId('visit-call-data');
  await expect(data).toBeVisible();
  const who = (await data.locator('h6').textContent()) ?? '';
  await page.getByRole('button', { name: 'Start Call' }).click();
  return who;
}

/** Answers every question the questionnaire pane shows (first answer of each), until logic shows no more. */
async function answerQuestionnaire(page: Page) {
  for (let pass = 0; pass < 3; pass++) {
    const questions = page.locator('[data-testid^="question-"]');
    const n = await questions.count();
    for (let i = 0; i < n; i++) {
      const q = questions.nth(i);
      if (await q.getByRole('radio').count()) {
        if (!(await q.getByRole('radio', { checked: true }).count())) await q.getByRole('radio').first().check();
      } else if (await q.getByRole('checkbox').count()) {
        if (!(await q.getByRole('checkbox', { checked: true }).count())) await q.getByRole('checkbox').first().check();
      }
    }
  }
}

/** Results in the project's call log as the surveyor sees it: its own calls. */
async function loggedResults(page: Page): Promise<number[]> {
  const auth = { Authorization: `Bearer ${await token(page)}` };
  const res = await page.request.get('/api/calls-log?projectId=1&limit=5000', { headers: auth });
  expect(res.ok()).toBeTruthy();
  const rows = (await res.json()).rows as { result: number | null }[];
  return rows.map((r) => r.result).filter((r): r is number => r != null);
}

test('a surveyor takes five calls with different results; an offline save lands exactly once', async ({ page, context }) => {
  test.setTimeout(240_000);
  await signInByApi(page, surveyor);
  const before = await loggedResults(page);
  await callNow(page, CALL_PAGE);
  await startCall(page);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await screen(page, 'call-started');

  // 1: Agreed to Survey, completed
  await disposition(page, 'Agreed to Survey');
  await expect(page.getByLabel('Partial Survey')).not.toBeChecked();
  await page.getByLabel('Positive comment').fill('Friendly staff');
  await page.getByLabel('Positive comment').press('Enter'); // Enter is blocked
  await expect(page.getByLabel('Positive comment')).toHaveValue('Friendly staff');
  await answerQuestionnaire(page);
  await page.getByRole('button', { name: 'Save' }).click();

  // 2: Agreed to Survey, partial
  await startCall(page);
  await disposition(page, 'Agreed to Survey');
  await page.getByLabel('Partial Survey').check();
  await answerQuestionnaire(page);
  await page.getByRole('button', { name: 'Save' }).click();

  // 3: Do Not Call (the checkbox forces the result)
  await startCall(page);
  await page.getByLabel('Do Not Call').check();
  await page.getByRole('button', { name: 'Save' }).click();

  // 4: a callback for tomorrow, saved while the browser is offline
  await startCall(page);
  await disposition(page, 'Scheduled Another Time to Contact');
  const tomorrow = new Date(Date.now() + 26 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel(/Call back at/).fill(`${tomorrow}T10:30`);
  await screen(page, 'call-callback');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('offline-alert')).toHaveText(
    'You are offline. Your answers are saved and will auto-resubmit when back online.');
  await screen(page, 'call-offline');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-alert')).toBeHidden({ timeout: 15_000 });

  // 5: an escalation with a refusal
  await startCall(page);
  await disposition(page, 'Respondent Refused');
  await page.getByLabel('Escalate').check();
  await page.getByLabel('Escalation notes').fill('Patient asked for a supervisor');
  await page.getByLabel('One More Attempt and Break').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/surveyor\/my-projects$/);

  // the server holds exactly one result per call, the callback exactly once
  const after = await loggedResults(page);
  for (const r of before) after.splice(after.indexOf(r), 1); // the file's earlier calls (a retry runs after them)
  expect(after.sort()).toEqual([1, 1, 2, 3, 6]);
});

test('leaving an open call asks first and gives the patient back', async ({ page }) => {
  test.setTimeout(180_000);
  await signInByApi(page, surveyor); // assigned to the demo project
  await expect(page).toHaveURL(/\/my-projects$/);
  const prefix = new URL(page.url()).pathname.split('/')[1];
  await callNow(page, `/${prefix}/survey-call/1`);
  await startCall(page);
  await page.getByRole('link', { name: 'Call Log' }).click();
  const dlg = page.getByRole('dialog', { name: 'Leave this call?' });
  await expect(dlg).toBeVisible();
  await screen(page, 'call-leave-confirm');
  await dlg.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('visit-call-data')).toBeVisible();
  // the top bar's My Profile (a programmatic navigation, not a link) asks too (Back within the app: unit test)
  const callUrl = page.url();
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expect(dlg).toBeVisible();
  await dlg.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(callUrl);
  await expect(page.getByTestId('visit-call-data')).toBeVisible();
  await page.getByRole('link', { name: 'Call Log' }).click();
  await page.getByRole('dialog', { name: 'Leave this call?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/call-log$/);
});
