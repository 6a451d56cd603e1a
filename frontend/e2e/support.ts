import { readFileSync, existsSync, statSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Demo-pass-1';
const varDir = () => process.env['E2E_VAR_DIR'] ?? resolve(__dirname, '../../var');
const SCREENS = resolve(__dirname, '../test-results/screens');

/** Byte offset of a log now, so that only lines written afterwards are read. */
export function mark(file: 'sms.log' | 'mail.log'): number {
  const p = join(varDir(), file);
  return existsSync(p) ? statSync(p).size : 0;
}

async function newLines(file: 'sms.log' | 'mail.log', from: number, match: (cols: string[]) => boolean): Promise<string[]> {
  const p = join(varDir(), file);
  for (let i = 0; i < 60; i++) {
    if (existsSync(p)) {
      const lines = readFileSync(p).subarray(from).toString('utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
      const hit = lines.reverse().find(match);
      if (hit) return hit;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no matching line in ${p} after offset ${from}`);
}

export async function codeFromSms(from: number): Promise<string> {
  const cols = await newLines('sms.log', from, (c) => /\b\d{6}\b/.test(c[2] ?? ''));
  const code = cols[2].match(/\b(\d{6})\b/);
  if (!code) throw new Error('no six-digit code in the SMS line');
  return code[1];
}

export async function linkFromMail(from: number, to: string, path: 'reset-password' | 'create-password'): Promise<string> {
  const cols = await newLines('mail.log', from, (c) => c[1] === to && c.slice(3).join('\t').includes(`/${path}/`));
  const m = cols.slice(3).join('\t').match(new RegExp(`/${path}/[A-Za-z0-9._~%-]+`));
  if (!m) throw new Error(`no /${path}/ link in the mail to ${to}`);
  return m[0];
}

export async function screen(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  // animations disabled: a dialog's fade-in is finished, not caught half-way
  await page.screenshot({ path: join(SCREENS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Signs in through the UI: email + password, CIMR manager if asked, then the code from sms.log. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const from = mark('sms.log');
  await page.getByRole('button', { name: 'Login' }).click();
  const picker = page.getByRole('dialog', { name: 'Select CIMR Manager' });
  const otp = page.getByRole('dialog', { name: 'Verification Code' });
  await expect(picker.or(otp)).toBeVisible();
  if (await picker.isVisible()) {
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Send Code' }).click();
  }
  await expect(otp).toBeVisible();
  await expect(otp.getByTestId('otp-countdown')).toContainText(/4:5\d/);
  await otp.getByLabel('Verification code').fill(await codeFromSms(from));
  await otp.getByRole('button', { name: 'Verify' }).click();
  await expect(otp).toBeHidden();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  const dlg = page.getByRole('dialog', { name: 'Logout' });
  await expect(dlg).toContainText('Would you like to stay on this page?');
  await dlg.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The phone number the first text message written after `from` went to. */
export async function smsPhone(from: number): Promise<string> {
  const cols = await newLines('sms.log', from, (c) => /\b\d{6}\b/.test(c[2] ?? ''));
  return cols[1];
}

/** The signed-in user's access token, as the app keeps it in localStorage. */
export async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token as string ?? '');
}

/** The signed-in user's bearer header and id. */
export async function session(page: Page): Promise<{ auth: Record<string, string>; userId: number }> {
  return page.evaluate(() => {
    const a = JSON.parse(localStorage.getItem('auth') ?? '{}');
    return { auth: { Authorization: `Bearer ${a.token as string}` }, userId: a.user.id as number };
  });
}

/** The demo project (Riverside) as the caller sees it in its project list. */
export async function riverside(api: APIRequestContext, auth: Record<string, string>): Promise<{ id: number; name: string }> {
  const r = await api.get('/api/projects', { headers: auth, params: { search: 'Riverside', limit: 10 } });
  expect(r.ok(), await r.text()).toBeTruthy();
  const rows = (await r.json()).rows as { id: number; name: string }[];
  expect(rows.length).toBeGreaterThan(0);
  return rows[0];
}

export type Claimed = { callId: number; projectId: number; visitId: number; visitorId: string | number; phoneCell?: string | null };

/** A call taken through the API as the signed-in surveyor: claim the next patient, save a result. */
export async function takeCall(api: APIRequestContext, auth: Record<string, string>, surveyorId: number, pid: number,
                               result: number, extra: Record<string, unknown> = {}): Promise<Claimed> {
  let claim = await api.post('/api/calls', { headers: auth, data: { projectId: pid, surveyorId } });
  for (let i = 0; i < 20 && claim.status() === 404; i++) { // the roster's visits may still be on their way
    await new Promise((r) => setTimeout(r, 500));
    claim = await api.post('/api/calls', { headers: auth, data: { projectId: pid, surveyorId } });
  }
  expect(claim.ok(), await claim.text()).toBeTruthy();
  const c = (await claim.json()).data as Claimed;
  const saved = await api.put('/api/calls', {
    headers: auth,
    data: { id: c.callId, projectId: c.projectId, visitId: c.visitId, visitorId: c.visitorId, result,
            isPartial: result !== 1, surveyLanguageId: 1, ...extra },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  return c;
}

/** Picks a call result in the call screen's disposition select. */
export async function disposition(page: Page, label: string) {
  await page.getByLabel('Call disposition').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Call Now until the project's roster has reached the call engine (it arrives by event). */
export async function callNow(page: Page, path: string) {
  for (let i = 0; i < 20; i++) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Call Now' }).click();
    if (await page.getByTestId('visit-call-data').waitFor({ timeout: 4_000 }).then(() => true, () => false)) return;
  }
  throw new Error('no patient to call');
}
