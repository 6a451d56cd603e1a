import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { linkFromMail, logOut, mark, newAccount, screen, signIn, signInByApi } from './support';

const stamp = Date.now();
const email = `e2e-${stamp}@demo.test`;

async function rowOf(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Add Account, first step: the account type is chosen; returns the dialog (the caller goes on with Next). */
async function addAccountOfType(page: Page, type: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Account' }).click();
  const dlg = page.getByRole('dialog', { name: 'Add Account' });
  await dlg.getByLabel('Account Type').click();
  await page.getByRole('option', { name: type, exact: true }).click();
  return dlg;
}

async function fillPerson(dlg: Locator, first: string, last: string, email: string) {
  await dlg.getByLabel('First Name').fill(first);
  await dlg.getByLabel('Last Name').fill(last);
  await dlg.getByLabel('Email').fill(email);
}

test('an admin adds, edits, deactivates, reactivates and re-invites an account; the directory shows it', async ({ page }) => {
  await signInByApi(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  await screen(page, 'account-management');

  // Add: the account type first, then the details; the required fields say so.
  const dlg = await addAccountOfType(page, 'Quality');
  await dlg.getByRole('button', { name: 'Next' }).click();
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(dlg.getByText('Required').first()).toBeVisible();
  await fillPerson(dlg, 'Erin', 'Endtoend', 'not-an-email');
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
  await expect(page.getByRole('columnheader', { name: 'Client Abbreviation' })).toBeVisible();
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue(/.+/);
  // the language selector is for the three surveyor roles only
  await expect(page.getByRole('combobox', { name: 'Languages' })).toHaveCount(0);
  await expect(page.getByText('Languages you can survey in')).toHaveCount(0);
  await screen(page, 'my-profile-admin');
  await logOut(page);

  // A project manager's directory shows the account, view only.
  await signInByApi(page, 'pm@demo.test');
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
  // a Finance account of its own: the demo one signs in elsewhere in the suite, maybe at this very moment
  const who = (await newAccount('finance', 5)).email;
  const next = `Reset-${stamp % 100000}x`;
  await resetThroughMail(page, who, next, true);
  await signIn(page, who, next);
  await expect(page).toHaveURL(/\/my-profile$/);
  await logOut(page);
});

test('a sign-in with an unknown email is listed masked in External Login Attempts and an admin reveals it', async ({ page, request }) => {
  const email = `stranger-${Date.now()}@elsewhere.test`;
  const attempt = await request.post('/api/sessions?jwt=1', { data: { email, password: 'Xyz-secret-1' } });
  expect(attempt.status()).toBe(401);
  await signInByApi(page, 'admin@demo.test');
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

test('Add Account for a surveyor type needs Contractor ID and languages; the invitation link opens Create Password; delete asks first', async ({ page }) => {
  const who = `e2e-sv-${stamp}@demo.test`;
  await signInByApi(page, 'admin@demo.test');
  const dlg = await addAccountOfType(page, 'Surveyor');
  await screen(page, 'add-account-type');
  await dlg.getByRole('button', { name: 'Next' }).click();
  await fillPerson(dlg, 'Sofia', 'Surveyed', who);
  await dlg.getByRole('button', { name: 'Submit' }).click();
  // exactly the two surveyor-only fields are missing
  await expect(dlg.getByText('Required')).toHaveCount(2);
  await expect(dlg.getByLabel('Contractor ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(dlg.locator('.MuiFormControl-root', { has: page.locator('#langIds-label') })).toContainText('Required');
  await screen(page, 'add-account-surveyor-required');
  await dlg.getByLabel('Contractor ID').fill(`SV-${stamp % 100000}`);
  await dlg.getByRole('combobox', { name: 'Languages' }).click();
  await page.getByRole('option', { name: 'Spanish' }).click();
  await page.keyboard.press('Escape');
  await expect(dlg.getByText('Required')).toHaveCount(0);
  const mailFrom = mark('mail.log');
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(dlg).toBeHidden();
  const invitation = await linkFromMail(mailFrom, who, 'create-password');

  await page.getByLabel('Search').fill(who);
  await (await rowOf(page, who)).getByRole('button', { name: `View ${who}` }).click();
  const details = page.getByRole('dialog', { name: 'Account Details' });
  await expect(details).toContainText('Spanish');
  await expect(details).toContainText(`SV-${stamp % 100000}`);
  await details.getByRole('button', { name: 'Close' }).click();

  // Delete: a confirmation first; Cancel keeps the account, Yes, Delete removes it from both lists.
  await (await rowOf(page, who)).getByRole('button', { name: `Delete ${who}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(confirm).toContainText('Permanently delete Sofia Surveyed? This cannot be undone.');
  await screen(page, 'confirm-delete-account');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(await rowOf(page, who)).toHaveCount(1);
  await (await rowOf(page, who)).getByRole('button', { name: `Delete ${who}` }).click();
  await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(await rowOf(page, who)).toHaveCount(0);
  await page.getByRole('button', { name: 'Deactivated' }).click();
  await expect(page.getByText('No records found.', { exact: true })).toBeVisible();
  await logOut(page);

  // The invitation link of a deleted account fails its token check: back to /.
  await page.goto(invitation);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('the invitation link opens Create Password: greeting by name, live checklist, then the new account signs in', async ({ page }) => {
  const who = `e2e-inv-${stamp}@demo.test`;
  await signInByApi(page, 'admin@demo.test');
  const dlg = await addAccountOfType(page, 'Finance');
  await dlg.getByRole('button', { name: 'Next' }).click();
  await fillPerson(dlg, 'Ivy', 'Invited', who);
  await dlg.getByLabel('Contact Number').fill('5125550199');
  const mailFrom = mark('mail.log');
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(dlg).toBeHidden();
  const link = await linkFromMail(mailFrom, who, 'create-password');
  await logOut(page);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create Password' })).toBeVisible();
  await expect(page.getByText('Hello Ivy Invited,')).toBeVisible();
  const checklist = page.getByRole('list', { name: 'Password requirements' });
  await expect(checklist.locator('[data-met="true"]')).toHaveCount(0);
  await page.getByLabel('Create Password').fill('abc');
  await expect(checklist.locator('[data-met="true"]')).toHaveCount(1);
  await page.getByLabel('Create Password').fill('Abc1');
  await expect(checklist.locator('[data-met="true"]')).toHaveCount(3);
  await screen(page, 'create-password-partial');
  await page.getByLabel('Create Password').fill('Invited-pass-1');
  await expect(checklist.locator('[data-met="false"]')).toHaveCount(0);
  await page.getByLabel('Confirm Password').fill('Invited-pass-1');
  await screen(page, 'create-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, who, 'Invited-pass-1');
  await expect(page.getByTestId('user-name')).toHaveText('Ivy Invited');
  await logOut(page);

  // A used or made-up token fails the check: back to /.
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/create-password/not-a-real-token');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/reset-password/not-a-real-token');
  await expect(page).toHaveURL(/\/$/);
});

test('accounts export to CSV with a BOM and the spec header; a manager is shown as Project Manager Details', async ({ page }) => {
  await signInByApi(page, 'admin@demo.test');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^accounts-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/).filter(Boolean);
  expect(lines[0]).toBe('FirstName,LastName,Email,Role,Contact Number,Vonage Extension,Contractor ID,Status');
  expect(lines.some((l) => l.includes('admin@demo.test'))).toBe(true);
  expect(lines.every((l) => !l.includes('Deactivated'))).toBe(true);

  await page.getByLabel('Search').fill('pm@demo.test');
  await (await rowOf(page, 'pm@demo.test')).getByRole('button', { name: 'View pm@demo.test' }).click();
  const pm = page.getByRole('dialog', { name: 'Project Manager Details' });
  await expect(pm).toContainText('pm@demo.test');
  await expect(pm).toContainText('Project Manager');
  await screen(page, 'project-manager-details');
  await pm.getByRole('button', { name: 'Close' }).click();
  await expect(pm).toBeHidden();
  await logOut(page);
});

test('Languages: add a typed name and one chosen from the list, an empty name is skipped, delete asks first', async ({ page }) => {
  const typed = `Tongan ${stamp % 100000}`;
  await signInByApi(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'Languages' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'English' })).toHaveCount(1);
  const posts: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/api/language')) posts.push(r.postData() ?? ''); });
  const name = page.getByLabel('Language name');
  const add = page.getByRole('button', { name: 'Add', exact: true });

  // Empty (or blank) name: nothing is sent.
  await expect(add).toBeDisabled();
  await name.fill('   ');
  await expect(add).toBeDisabled();
  await name.press('Enter');
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);

  // Typed freely
  await name.fill(typed);
  await add.click();
  await expect(name).toHaveValue('');
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '100', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: typed })).toHaveCount(1);

  // Chosen from the list (a language the server does not have yet)
  await name.fill('Swah');
  await screen(page, 'languages-add-from-list');
  await page.getByRole('option', { name: 'Swahili' }).click();
  await expect(name).toHaveValue('Swahili');
  await add.click();
  await expect(page.getByRole('row').filter({ hasText: 'Swahili' })).toHaveCount(1);
  expect(posts.map((p) => JSON.parse(p).name)).toEqual([typed, 'Swahili']);
  // Languages the server has are no longer suggested.
  await name.fill('Swah');
  await expect(page.getByRole('option', { name: 'Swahili' })).toHaveCount(0);
  await name.fill('');

  // Delete with confirmation: Cancel keeps it, Yes, Delete removes it.
  for (const lang of [typed, 'Swahili']) {
    await page.getByRole('button', { name: `Delete ${lang}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Language' });
    await expect(confirm).toContainText(`Delete the language ${lang}?`);
    // what it takes away, counted by the server: a language just added is spoken by nobody yet
    await expect(confirm).toContainText('No project or surveyor speaks it.');
    if (lang === typed) {
      await screen(page, 'confirm-delete-language');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('row').filter({ hasText: lang })).toHaveCount(1);
      await page.getByRole('button', { name: `Delete ${lang}` }).click();
    }
    await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: lang })).toHaveCount(0);
  }
  await logOut(page);
});

test('My Profile shows the language selector to a surveyor', async ({ page }) => {
  await signInByApi(page, 'surveyor@demo.test');
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Sam');
  const langs = page.getByRole('combobox', { name: 'Languages' });
  await expect(langs).toBeVisible();
  await expect(langs).toContainText('English');
  await expect(page.getByText('Languages you can survey in')).toBeVisible();
  await screen(page, 'my-profile-surveyor');
  await logOut(page);
  // (an admin's My Profile has no selector: checked in the first test, to keep admin sign-ins under the
  // identity service's 10 codes per user and hour)
});
