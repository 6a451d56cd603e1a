// Sign-in factors: an authenticator app (TOTP) set up from My Profile and used at sign-in instead of the SMS code;
// a phone number changed with the password and the code sent to the new phone.
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { PASSWORD, codeFromSms, logOut, mark, screen, signIn, smsPhone, smsTurn } from './support';

/** RFC 4648 base32 → bytes (the key an authenticator app is given). */
function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for the step `stepsAhead` after the current one. */
function totp(secret: string, stepsAhead = 0): string {
  const counter = Math.floor(Date.now() / 1000 / 30) + stepsAhead;
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32(secret)).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

test('set up an authenticator app in My Profile, sign out, sign in with its code', async ({ page }) => {
  const who = 'minh.nguyen@demo.test';
  await signIn(page, who);
  await page.goto('/my-profile');
  const section = page.getByRole('region', { name: 'Authenticator app' });
  await expect(section.getByTestId('totp-status')).toContainText('Off.');
  await section.getByRole('button', { name: 'Set up authenticator app' }).click();

  const dlg = page.getByRole('dialog', { name: 'Set up authenticator app' });
  await dlg.getByLabel('Current password').fill('Wrong-pass-1');
  await dlg.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('the current password is not correct')).toBeVisible();
  await dlg.getByLabel('Current password').fill(PASSWORD);
  await dlg.getByRole('button', { name: 'Continue' }).click();
  await expect(dlg.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dlg.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screen(page, 'factors-totp-qr');
  await dlg.getByLabel('Code from the app').fill(totp(secret));
  await dlg.getByRole('button', { name: 'Turn on' }).click();
  const codes = dlg.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await screen(page, 'factors-recovery-codes');
  await dlg.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(section.getByTestId('totp-status')).toContainText('Recovery codes left: 10');
  await screen(page, 'factors-profile-totp-on');

  await logOut(page);
  await page.getByLabel('Email').fill(who);
  await page.getByLabel('Password').fill(PASSWORD);
  const otp = page.getByRole('dialog', { name: 'Verification Code' });
  await smsTurn(async () => { // a text message code goes out too (unread): not while another worker reads one
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(otp).toBeVisible();
  });
  await otp.getByRole('button', { name: 'Use authenticator app' }).click();
  const app = page.getByRole('dialog', { name: 'Authenticator Code' });
  await expect(app).toBeVisible();
  // the set-up used the current step's code: the next step's is a fresh one (each code signs in once)
  await app.getByLabel('Authenticator code').fill(totp(secret, 1));
  await screen(page, 'factors-sign-in-with-app');
  await app.getByRole('button', { name: 'Verify' }).click();
  await expect(app).toBeHidden();
  await expect(page).toHaveURL(/\/surveyor\/my-projects$/);
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').user.id as number);
  await logOut(page);

  // the Admin finds that sign-in, with its factor, in the access audit
  await signIn(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'PHI Access Audit' }).click();
  await page.getByLabel('User Id').fill(String(userId));
  await page.getByRole('button', { name: 'Search' }).click();
  const signedIn = page.getByRole('row').filter({ hasText: 'Signed in (authenticator app)' });
  await expect(signedIn).toHaveCount(1);
  await expect(signedIn).toContainText(`#${userId}`);
  await expect(signedIn).toContainText('identity');
  await expect(page.getByRole('row').filter({ hasText: 'Signed in (text message code)' }).first()).toBeVisible();
  await screen(page, 'factors-audit-sign-ins');
});

test('a new phone number needs the password and the code sent to that phone', async ({ page }) => {
  await signIn(page, 'aisha.khan@demo.test');
  await page.goto('/my-profile');
  await expect(page.getByLabel('Contact Number')).toHaveValue('(202) 555-0113');
  await page.getByRole('button', { name: 'Change phone' }).click();
  const dlg = page.getByRole('dialog', { name: 'Change phone number' });
  await dlg.getByLabel('New contact number').fill('2025550166');
  await dlg.getByLabel('Current password').fill(PASSWORD);
  const [phone, code] = await smsTurn(async () => {
    const from = mark('sms.log');
    await dlg.getByRole('button', { name: 'Send code' }).click();
    await expect(dlg).toContainText('Enter the six-digit code sent to (***) ***-0166');
    return [await smsPhone(from), await codeFromSms(from)];
  });
  expect(phone).toBe('2025550166');
  await dlg.getByLabel('Verification code').fill(code);
  await screen(page, 'factors-phone-change-code');
  await dlg.getByRole('button', { name: 'Confirm' }).click();
  await expect(dlg).toBeHidden();
  await expect(page.getByLabel('Contact Number')).toHaveValue('(202) 555-0166');
});
