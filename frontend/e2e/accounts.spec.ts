import { expect, test, type Page } from '@playwright/test';
import { linkFromMail, logOut, mark, screen, signIn } from './support';

const stamp = Date.now();
const email = `e2e-${stamp}@demo.test`;

async function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

test('an admin adds, edits, deactivates, reactivates and re-invites an account; the directory shows it', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  await screen(page, 'account-management');

  // Add: the account type first, then the details; the required fields say so.
  await page.getByRole('button', { name: 'Add Account' }).click();
  const dlg = page.getByRole('dialog', { name: 'Add Account' });
  await dlg.getByLabel('Account Type').click();
  await page.getByRole('option', { name: 'Quality' }).click();
  await dlg.getByRole('button', { name: 'Next' }).click();
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(dlg.getByText('Required').first()).toBeVisible();
  await dlg.getByLabel('First Name').fill('Erin');
  await dlg.getByLabel('Last Name').fill('Endtoend');
  await dlg.getByLabel('Email').fill('not-an-email');
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(dlg.getByText('Invalid email address')).toBeVisible();
  await dlg.getByLabel('Email').fill(email);
  await dlg.getByLabel('Contact Number').fill('5125550147');
  await screen(page, 'add-account');
  const mailFrom = mark('mail.log');
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(dlg).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: /created|invit/i }).first()).toBeVisible();
  await linkFromMail(mailFrom, email, 'create-password');

  await page.getByLabel('Search').fill(email);
  await expect(await rowOf(page, email)).toHaveCount(1);
  await expect(await rowOf(page, email)).toContainText('(512) 555-0147');

  // Edit
  await (await rowOf(page, email)).getByRole('button', { name: `Edit ${email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Account' });
  await expect(edit.getByLabel('First Name')).toHaveValue('Erin');
  await edit.getByLabel('Last Name').fill('Edited');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await expect(await rowOf(page, email)).toContainText('Edited');

  // Re-invite
  const again = mark('mail.log');
  await (await rowOf(page, email)).getByRole('button', { name: `Re-invite ${email}` }).click();
  await linkFromMail(again, email, 'create-password');

  // Deactivate (with confirmation) — it moves to the deactivated list.
  await (await rowOf(page, email)).getByRole('button', { name: `Deactivate ${email}` }).click();
  await screen(page, 'confirm-deactivate');
  await page.getByRole('dialog', { name: 'Deactivate Account' }).getByRole('button', { name: 'Yes, Deactivate' }).click();
  await expect(await rowOf(page, email)).toHaveCount(0);
  await page.getByRole('button', { name: 'Deactivated' }).click();
  await expect(await rowOf(page, email)).toContainText('Deactivated');

  // Reactivate
  await (await rowOf(page, email)).getByRole('button', { name: `Reactivate ${email}` }).click();
  await page.getByRole('dialog', { name: 'Reactivate Account' }).getByRole('button', { name: 'Yes, Reactivate' }).click();
  await expect(await rowOf(page, email)).toHaveCount(0);
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(await rowOf(page, email)).toHaveCount(1);

  // View
  await (await rowOf(page, email)).getByRole('button', { name: `View ${email}` }).click();
  await expect(page.getByRole('dialog', { name: 'Account Details' })).toContainText(email);
  await page.getByRole('button', { name: 'Close' }).click();

  // Other admin screens.
  await page.getByRole('link', { name: 'Languages' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'English' })).toHaveCount(1);
  await screen(page, 'languages');
  await page.getByRole('link', { name: 'External Login Attempts' }).click();
  await expect(page.getByRole('heading', { name: 'External Login Attempts' })).toBeVisible();
  await page.getByRole('link', { name: 'Client Management' }).click();
  await expect(page.getByText('This screen arrives with a later release')).toBeVisible();
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue(/.+/);
  await screen(page, 'my-profile-admin');
  await logOut(page);

  // A project manager's directory shows the account, view only.
  await signIn(page, 'pm@demo.test');
  await page.getByRole('link', { name: 'User Directory' }).click();
  await page.getByLabel('Search').fill(email);
  const row = await rowOf(page, email);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('button')).toHaveCount(1);
  await expect(row.getByRole('button', { name: `View ${email}` })).toBeVisible();
  await screen(page, 'user-directory-pm');
});

async function resetThroughMail(page: Page, who: string, next: string, shots: boolean) {
  await page.goto('/forgot-password');
  const from = mark('mail.log');
  await page.getByLabel('Email').fill(who);
  if (shots) await screen(page, 'forgot-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(await linkFromMail(from, who, 'reset-password'));
  await expect(page.getByText(/Hello \w+/)).toBeVisible();
  const pwd = page.getByLabel('New Password');
  await pwd.fill('short');
  await expect(page.getByRole('list', { name: 'Password requirements' }).locator('[data-met="false"]')).toHaveCount(3);
  await pwd.fill(next);
  await page.getByLabel('Confirm Password').fill(`${next}-typo`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password & confirm password do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(next);
  if (shots) await screen(page, 'reset-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a forgotten password is reset through the emailed link', async ({ page }) => {
  const who = 'finance@demo.test';
  const next = `Reset-${stamp % 100000}x`;
  await resetThroughMail(page, who, next, true);
  await signIn(page, who, next);
  await expect(page).toHaveURL(/\/my-profile$/);
  await logOut(page);
  // Put the demo password back so the suite can run again on the same data.
  await resetThroughMail(page, who, 'Demo-pass-1', false);
});

test('a sign-in with an unknown email is listed masked in External Login Attempts and an admin reveals it', async ({ page, request }) => {
  const email = `stranger-${Date.now()}@elsewhere.test`;
  const attempt = await request.post('/api/sessions?jwt=1', { data: { email, password: 'Xyz-secret-1' } });
  expect(attempt.status()).toBe(401);
  await signIn(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'External Login Attempts' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Xyz*****');
  await expect(row).not.toContainText('Xyz-secret-1');
  await row.getByRole('button', { name: 'Show password' }).click();
  await expect(row).toContainText('Xyz-secret-1');
  await screen(page, 'external-login-attempts');
  await row.getByRole('button', { name: 'Hide password' }).click();
  await expect(row).toContainText('Xyz*****');
  await logOut(page);
});
