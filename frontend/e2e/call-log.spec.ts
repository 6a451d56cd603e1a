import { expect, test } from '@playwright/test';
import { logOut, newSurveyor, riverside, screen, signInByApi, takeCall, token } from './support';

test.setTimeout(300_000);
let surveyor = '';
test.beforeAll(async () => { surveyor = (await newSurveyor('logger')).email; }); // calls of its own on Riverside

test('calls taken by a surveyor show in the manager\'s call log, export and escalations', async ({ page, request }) => {
  // a surveyor takes three calls through the API, one of them with an escalation
  await signInByApi(page, surveyor);
  const sAuth = { Authorization: `Bearer ${await token(page)}` };
  const surveyorId = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').user.id as number);
  const pid = (await riverside(request, sAuth)).id;
  const done = await takeCall(request, sAuth, surveyorId, pid, 1, { positive: 'Friendly nurse' });
  await takeCall(request, sAuth, surveyorId, pid, 4);
  const escalated = await takeCall(request, sAuth, surveyorId, pid, 3,
    { escalation: 'Patient asks the clinic to call back about billing', negative: 'Billing confusion' });

  // the surveyor's own call log
  await page.goto('/surveyor/call-log');
  await expect(page.getByRole('heading', { name: 'Call Log' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("Use the filter options above and click 'Filter' to view calls")).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Survey Complete' }).first()).toBeVisible();
  await screen(page, 'call-log-surveyor');
  await logOut(page);

  // the project manager filters the call log, opens a call, exports CSV
  await signInByApi(page, 'pm@demo.test');
  await page.goto('/project-manager/call-log');
  await expect(page.getByRole('heading', { name: 'Call Log' })).toBeVisible({ timeout: 60_000 }); // the remote loads
  await expect(page.getByText("Use the filter options above and click 'Filter' to view calls")).toBeVisible();
  await screen(page, 'call-log-manager-empty');
  await page.getByLabel('Call Status').click();
  await page.getByRole('option', { name: 'Respondent Refused' }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  const refused = page.getByRole('row').filter({ hasText: 'Respondent Refused' });
  await expect(refused.first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Survey Complete' })).toHaveCount(0);
  await screen(page, 'call-log-manager-filtered');
  await page.getByRole('button', { name: `View call ${escalated.callId}` }).click();
  const details = page.getByRole('dialog', { name: 'Call Log Details' });
  await expect(details).toContainText('Billing confusion');
  await expect(details).toContainText('Patient asks the clinic to call back about billing');
  await expect(details.getByRole('region', { name: 'Patient' })).toBeVisible();
  await screen(page, 'call-log-details');
  await details.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Reset' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const bytes = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(bytes as Buffer[]);
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = csv.toString('utf8').slice(1);
  expect(text.split('\r\n')[0]).toBe('Project Name,Surveyor,Survey Language,Cell Phone,Home Phone,Call Status,Survey Status,Call Date/Time,Survey Date/Time');
  expect(text).toContain('Survey Complete');
  expect(text).toContain('Riverside Patient Experience 2026');
  expect(text).toContain('Respondent Refused');

  // escalations: the unresolved one, its detail, Resolve turns green and returns to the list
  await page.goto('/project-manager/escalations');
  await page.getByLabel('Unresolved').check();
  const row = page.getByRole('row').filter({ hasText: 'Patient asks the clinic to call back about billing' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Unresolved');
  await screen(page, 'escalations-list');
  await row.getByRole('link', { name: /View escalation/ }).click();
  await expect(page.getByRole('heading', { name: 'Escalation Details' })).toBeVisible();
  await expect(page.getByLabel('Negative')).toHaveValue('Billing confusion');
  await expect(page.getByRole('region', { name: 'Project Details' })).toContainText('Dana Whitfield');
  await page.getByLabel('Escalation Notes').fill('Called the clinic billing office');
  await screen(page, 'escalation-detail');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByRole('button', { name: 'Resolved' })).toBeVisible();
  await expect(page.getByText('Escalation resolved')).toBeVisible();
  await screen(page, 'escalation-resolved');
  // back on the list as it was left: the Unresolved filter stays (it is in the address)
  await expect(page).toHaveURL(/\/project-manager\/escalations\?unresolved=1$/);
  await expect(page.getByLabel('Unresolved')).toBeChecked();
  await expect(page.getByRole('row').filter({ hasText: 'Called the clinic billing office' })).toHaveCount(0);
  await page.getByLabel('Unresolved').uncheck();
  await expect(page.getByRole('row').filter({ hasText: 'Called the clinic billing office' })).toContainText('Resolved');
  expect(done.callId).toBeGreaterThan(0);
  await logOut(page);

  // Quality: the print page prints after 1500 ms
  await page.addInitScript(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => { w.printed++; };
  });
  await signInByApi(page, 'qa@demo.test');
  await page.goto('/qa/call-log');
  await expect(page.getByRole('heading', { name: 'Call Log' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('link', { name: 'Guidelines' }).first()).toBeVisible();
  await screen(page, 'call-log-quality');
  await page.goto(`/qa/call-log-download/${done.callId}`);
  await expect(page.getByRole('heading', { name: `Call Log Details — Call ${done.callId}` })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), { timeout: 5000 }).toBe(1);
  await screen(page, 'call-log-print');
  await logOut(page);

  // the Admin finds those reads of the patient in the PHI access audit (the call screen's claim, the manager's
  // view of the call-log record, the escalation detail) and the manager's export
  await signInByApi(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'PHI Access Audit' }).click();
  await expect(page.getByRole('heading', { name: 'PHI Access Audit' })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Visit Id').fill(String(escalated.visitId));
  await page.getByRole('button', { name: 'Search' }).click();
  const viewed = page.getByRole('row').filter({ hasText: 'Call log record viewed' });
  await expect(viewed.first()).toContainText(String(escalated.visitorId));
  await expect(viewed.filter({ hasText: 'Project Manager' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Patient opened on the call screen' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Escalation viewed' }).first()).toBeVisible();
  await screen(page, 'phi-access-audit');
  await page.getByLabel('Visit Id').fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Call log exported' }).first()).toBeVisible();
  const auditCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const auditText = Buffer.concat((await (await (await auditCsv).createReadStream()).toArray()) as Buffer[]).toString('utf8');
  expect(auditText).toContain('Call log record viewed');
  expect(auditText).toContain('Call log exported');
});
