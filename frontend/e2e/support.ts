import { readFileSync, existsSync, statSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

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
