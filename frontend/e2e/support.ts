import { readFileSync, existsSync, statSync, mkdirSync, rmdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { expect, request as requests, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { homeOf, type Role } from '../libs/shared/util/src/lib/roles';
import { USER_KEY_STORAGE } from '../libs/shared/util/src/lib/constants';
import { CALL_DRAFT_PREFIX } from '../libs/shared/util/src/lib/storage';

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

/**
 * Runs `fn` (something that sends a text message and reads it back) while no other worker does the same: the codes
 * are read from the one sms.log by position, and two sign-ins side by side would each find the other's code.
 */
export async function smsTurn<T>(fn: () => Promise<T>): Promise<T> {
  const lock = join(varDir(), 'e2e-sms.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // left by a worker that died holding it: a turn takes seconds, not a minute
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(lock);
  }
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
  const otp = page.getByRole('dialog', { name: 'Verification Code' });
  const code = await smsTurn(async () => {
    const from = mark('sms.log');
    await page.getByRole('button', { name: 'Login' }).click();
    const picker = page.getByRole('dialog', { name: 'Select CIMR Manager' });
    await expect(picker.or(otp)).toBeVisible();
    if (await picker.isVisible()) {
      await picker.getByRole('radio').first().check();
      await picker.getByRole('button', { name: 'Send Code' }).click();
    }
    await expect(otp).toBeVisible();
    await expect(otp.getByTestId('otp-countdown')).toContainText(/4:5\d/);
    return codeFromSms(from);
  });
  await otp.getByLabel('Verification code').fill(code);
  await otp.getByRole('button', { name: 'Verify' }).click();
  await expect(otp).toBeHidden();
}

/** The `data` of a successful answer; a failure fails the test with its status and body. */
async function dataOf(r: APIResponse) {
  expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBeTruthy();
  return (await r.json()).data;
}

/**
 * Signs in through the API, for a test that is not about signing in (where the sign-in, its dialogs and countdown
 * are the subject, `signIn` goes through the UI; docs/frontend.md lists where): the login page's own calls
 * (password with the device id, the code sent to the first CIMR Manager for a CIMR Surveyor, the code from
 * sms.log, verification) through `page.request`, which carries the browser's attempt cookie. The session goes
 * where the shell keeps it (localStorage `auth`: token and user; the token is refreshed from there, there is no
 * refresh cookie), drafts of another user go as a sign-in makes them go, and the role's home opens as after a
 * sign-in through the UI. Storage is written on a page of the app's origin that does not run the app, so nothing
 * of a signed-out app can write over it.
 */
export async function signInByApi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/healthz');
  const userKey = await page.evaluate(({ key, fresh }) => { // getUserKey (shared-util storage): the device id
    const k = localStorage.getItem(key) ?? fresh;
    localStorage.setItem(key, k);
    return k;
  }, { key: USER_KEY_STORAGE, fresh: randomUUID() });
  const { user } = await dataOf(await page.request.post('/api/sessions', {
    params: { jwt: 1 }, data: { email, password, userKey, isRemember: false } }));
  const manager = (user.cimrList as { id: number }[] | undefined)?.[0];
  const otp = await smsTurn(async () => {
    const from = mark('sms.log');
    await dataOf(await page.request.post('/api/sessions/send-otp', {
      data: { id: user.id, ...(manager ? { cimrManagerId: manager.id } : {}) } }));
    return codeFromSms(from);
  });
  const done = await dataOf(await page.request.post('/api/sessions/otp-verification', { data: { email, id: user.id, otp } }));
  await page.evaluate(({ token, signedIn, prefix }) => {
    // keepDraftsOf (shared-util storage): call drafts another user left on this browser go at sign-in
    for (const k of Object.keys(localStorage)) {
      if (!k.startsWith(prefix) || k.startsWith(`${prefix}sent.`)) continue;
      let owner: number | undefined;
      try {
        owner = (JSON.parse(localStorage.getItem(k) ?? 'null') as { userId?: number } | null)?.userId;
      } catch {
        owner = undefined;
      }
      if (owner !== signedIn.id) localStorage.removeItem(k);
    }
    localStorage.setItem('auth', JSON.stringify({ token, user: signedIn }));
  }, { token: done.accessToken as string, signedIn: done.user as { id: number }, prefix: CALL_DRAFT_PREFIX });
  await page.goto(done.totpSetupRequired ? '/my-profile?setup=totp' : homeOf(done.user.role as Role));
  // The page has rendered, not the loading spinner: unlike after the UI sign-in, the shell itself starts here too,
  // and on a busy machine the shell and the role area together can take longer than a step's 15 s.
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 60_000 });
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  const dlg = page.getByRole('dialog', { name: 'Logout' });
  await expect(dlg).toContainText('Would you like to stay on this page?');
  await dlg.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * ApexCharts grows its bars in for a moment: a screenshot waits until every chart on the page stands (the same
 * drawing at two looks a quarter of a second apart), not a fixed time.
 */
export async function chartsDrawn(page: Page) {
  await expect(page.locator('.apexcharts-svg').first()).toBeVisible();
  let last = '';
  await expect.poll(async () => {
    const now = await page.evaluate(() => [...document.querySelectorAll('.apexcharts-svg')].map((c) => c.outerHTML).join(''));
    const still = now === last;
    last = now;
    return still;
  }, { intervals: [250], timeout: 10_000, message: 'the charts stop moving' }).toBe(true);
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
  const onItsWay = async () => claim.status() === 404 // the roster's visits may still be on their way
    || (claim.status() === 403 && (await claim.text()).includes('You are not assigned to this project')); // or a new assignment
  for (let i = 0; i < 20 && await onItsWay(); i++) {
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

/** A request context of its own (for beforeAll, where the `request` fixture is not available). */
export async function apiContext(): Promise<APIRequestContext> {
  return requests.newContext({ baseURL: test.info().project.use.baseURL });
}

/** Signs in through the API (password, the code from sms.log, verification): the bearer header and user id. */
export async function apiSignIn(api: APIRequestContext, email: string, password = PASSWORD):
  Promise<{ auth: Record<string, string>; userId: number }> {
  const { user } = await dataOf(await api.post('/api/sessions', { data: { email, password } }));
  const otp = await smsTurn(async () => {
    const from = mark('sms.log');
    await dataOf(await api.post('/api/sessions/send-otp', { data: { id: user.id } }));
    return codeFromSms(from);
  });
  const done = await dataOf(await api.post('/api/sessions/otp-verification', { data: { email, id: user.id, otp } }));
  return { auth: { Authorization: `Bearer ${done.accessToken as string}` }, userId: done.user.id as number };
}

/** Creates a client as the Admin (Admins manage clients, spec platform §6; Operations and Project Managers only
 * read them) and returns it. */
export async function adminClient(data: Record<string, unknown>): Promise<{ id: number }> {
  const api = await apiContext();
  try {
    const { auth } = await apiSignIn(api, 'admin@demo.test');
    return (await dataOf(await api.post('/api/clients', { headers: auth, data }))) as { id: number };
  } finally {
    await api.dispose();
  }
}

/** Digits as letters (a name may not carry digits, and a number keeps it unique per run). */
export function letters(n: number): string {
  return String(n).split('').map((d) => 'abcdefghij'[Number(d)]).join('');
}

export type Account = { email: string; id: number; firstName: string; lastName: string };

async function createAccount(api: APIRequestContext, admin: Record<string, string>, tag: string, role: 3 | 5,
                             password: string): Promise<Account> {
  const n = (Date.now() % 1e8) * 1000 + Math.floor(Math.random() * 1000);
  const email = `e2e-${tag}-${n}@demo.test`;
  const firstName = `${tag[0].toUpperCase()}${tag.slice(1)}${letters(n % 1e6)}`;
  const lastName = 'Endtoend';
  const surveyor = role === 3 ? { cid: `E2E-${n}`, langIds: [1, 2] } : {};
  const mailFrom = mark('mail.log');
  const created = await api.post('/api/users', { headers: admin, data: {
    firstName, lastName, email, phoneNumber: `312555${String(n % 10_000).padStart(4, '0')}`, role, ...surveyor } });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = (await created.json()).data.id as number;
  const token = decodeURIComponent((await linkFromMail(mailFrom, email, 'create-password')).split('/').pop() ?? '');
  const set = await api.post('/api/account/password-reset', { data: { token, password, email, isInvite: true } });
  expect(set.ok(), await set.text()).toBeTruthy();
  return { email, id, firstName, lastName };
}

/**
 * A new account, created by the Admin through the API, its password set through the invitation link: a spec that
 * changes what an account has (its password, calls, held patient) works on an account of its own, not on a demo
 * account other specs use at the same time. `role`: 3 Surveyor, 5 Finance (kit.auth.Role).
 */
export async function newAccount(tag: string, role: 3 | 5, password = PASSWORD): Promise<Account> {
  const api = await apiContext();
  try {
    return await createAccount(api, (await apiSignIn(api, 'admin@demo.test')).auth, tag, role, password);
  } finally {
    await api.dispose();
  }
}

/** A new Surveyor (as newAccount) that the Admin assigns to the demo project (Riverside) under its manager. */
export async function newSurveyor(tag: string): Promise<Account & { projectId: number }> {
  const api = await apiContext();
  try {
    const admin = (await apiSignIn(api, 'admin@demo.test')).auth;
    const account = await createAccount(api, admin, tag, 3, PASSWORD);
    const project = await riverside(api, admin);
    const users = await api.get('/api/users', { headers: admin, params: { search: 'pm@demo.test', role: 1, limit: 5 } });
    const pm = (await users.json()).rows[0];
    for (let i = 0; ; i++) { // the new account reaches the projects service by event
      const r = await api.post('/api/assignment', { headers: admin, data: {
        projectId: project.id, surveyorId: account.id, managerId: pm.id, surveyorGoals: 20, surveyorCompGoals: 260 } });
      if (r.ok()) break;
      expect(i, `assignment: ${r.status()} ${await r.text()}`).toBeLessThan(40);
      await new Promise((res) => setTimeout(res, 250));
    }
    return { ...account, projectId: project.id };
  } finally {
    await api.dispose();
  }
}
