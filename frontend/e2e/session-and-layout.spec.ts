import { expect, test } from '@playwright/test';
import { codeFromSms, logOut, mark, PASSWORD, screen, signInByApi, smsPhone, smsTurn } from './support';

test('a CIMR Surveyor must pick the CIMR Manager whose phone gets the code', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('cimr-surveyor@demo.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const picker = page.getByRole('dialog', { name: 'Select CIMR Manager' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('radio', { name: /Carmen Manager/ })).toBeVisible();
  await picker.getByRole('button', { name: 'Send Code' }).click();
  await expect(picker.getByText('Required')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Verification Code' })).toHaveCount(0);
  await screen(page, 'cimr-manager-picker-required');
  await picker.getByRole('radio', { name: /Carmen Manager/ }).check();
  await expect(picker.getByText('Required')).toHaveCount(0); // a choice clears the message
  await screen(page, 'cimr-manager-picker');
  const otp = page.getByRole('dialog', { name: 'Verification Code' });
  const [phone, code] = await smsTurn(async () => {
    const from = mark('sms.log');
    await picker.getByRole('button', { name: 'Send Code' }).click();
    await expect(otp).toBeVisible();
    return [await smsPhone(from), await codeFromSms(from)];
  });
  expect(phone).toBe('2025550109'); // the manager's phone, not the surveyor's (2025550108)
  await otp.getByLabel('Verification code').fill(code);
  await otp.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/ccs\/my-projects$/);
  await logOut(page);
});

test('logout asks "Would you like to stay on this page?" and staying keeps the session', async ({ page }) => {
  await signInByApi(page, 'pm@demo.test');
  await expect(page).toHaveURL(/\/project-manager\/my-projects$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  const dlg = page.getByRole('dialog', { name: 'Logout' });
  await expect(dlg).toContainText('Would you like to stay on this page?');
  await screen(page, 'logout-confirm');
  await dlg.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dlg).toBeHidden();
  await expect(page).toHaveURL(/\/project-manager\/my-projects$/);
  await page.reload();
  await expect(page.getByTestId('user-name')).toHaveText('Paul Manager');
  // a second tab of the app is signed out by the first one's logout at once, not at its next request
  const other = await page.context().newPage();
  await other.goto('/project-manager/call-log');
  await expect(other.getByTestId('user-name')).toHaveText('Paul Manager');
  await logOut(page);
  await expect(other).toHaveURL(/\/$/);
  await other.close();
  // signed out for real: a protected URL shows login, holding the address for after the sign-in
  await page.goto('/project-manager/my-projects');
  await expect(page).toHaveURL(/\/\?next=%2Fproject-manager%2Fmy-projects$/);
});

test('idle: the warning comes with 60 s left, Yes, Please keeps the session, and at zero the user is logged out', async ({ page }) => {
  await page.clock.install();
  await signInByApi(page, 'ops@demo.test');
  await expect(page).toHaveURL(/\/ops\/my-projects$/);
  // the role area has loaded (jumping the clock during the load would time the remote's script out)
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  const warning = page.getByRole('dialog', { name: 'Session expiring' });
  // 600 s for Operations, the warning from 60 s left: nothing after 510 s idle, the warning after 555 s.
  await page.clock.fastForward('08:30');
  await page.waitForTimeout(1500);
  await expect(warning).toHaveCount(0);
  await page.clock.fastForward('00:45');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/You will be logged out in \d+ seconds/);
  await screen(page, 'idle-warning');
  await warning.getByRole('button', { name: 'Yes, Please' }).click();
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/\/ops\/my-projects$/);
  await page.clock.fastForward('10:01');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // the session really ended: a protected URL shows login
  await page.goto('/ops/assignments');
  await expect(page).toHaveURL(/\/\?next=%2Fops%2Fassignments$/);
});

test('the navigation collapses to 75 px and expands to 300 px; at 1300 px or less it is a drawer', async ({ page }) => {
  await signInByApi(page, 'qa@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const width = async () => Math.round((await nav.boundingBox())?.width ?? -1);
  await expect.poll(width).toBe(300);
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect.poll(width).toBe(75);
  // Collapsed: an icon per entry, its name in a tooltip.
  const directory = nav.getByRole('link', { name: 'User Directory' });
  await expect(directory).toHaveText('');
  await expect(directory.locator('svg')).toHaveCount(1);
  await directory.hover();
  await expect(page.getByRole('tooltip', { name: 'User Directory' })).toBeVisible();
  await screen(page, 'nav-collapsed-tooltip');
  await page.mouse.move(600, 400);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await screen(page, 'nav-collapsed');
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect.poll(width).toBe(300);

  // Mobile layout (width <= 1300): no permanent navigation, a menu button opens it as a drawer.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'Collapse navigation' })).toHaveCount(0);
  await screen(page, 'mobile-layout');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toBeVisible();
  await expect.poll(width).toBe(300);
  await screen(page, 'mobile-nav-open');
  await nav.getByRole('link', { name: 'User Directory' }).click();
  await expect(page).toHaveURL(/\/qa\/user-directory$/);
  await expect(nav).toBeHidden();
  await page.setViewportSize({ width: 1300, height: 800 });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await page.setViewportSize({ width: 1301, height: 800 });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
  await logOut(page);
});
