import { expect, test } from '@playwright/test';
import { logOut, screen, signIn, smsTurn } from './support';

const ROLES: { email: string; home: string; nav: string[] }[] = [
  { email: 'admin@demo.test', home: '/admin/account-management', nav: ['Account Management', 'Client Management', 'Project List', 'Languages', 'External Login Attempts', 'PHI Access Audit'] },
  { email: 'pm@demo.test', home: '/project-manager/my-projects', nav: ['My Projects', 'My Surveyors', 'Surveyor Call Stats', 'Comment Cleaning Selection', 'Client Report Exports', 'Escalations', 'Surveyor Earnings', 'Call Log', 'Questionnaires', 'User Directory'] },
  { email: 'ops@demo.test', home: '/ops/my-projects', nav: ['My Projects', 'All Surveyors', 'Surveyor Call Stats', 'Comment Cleaning Selection', 'Client Report Exports', 'Escalations', 'Surveyor Earnings', 'Assignments', 'Call Log', 'Question Bank Manager', 'Questionnaires', 'User Directory'] },
  { email: 'surveyor@demo.test', home: '/surveyor/my-projects', nav: ['My Projects', 'Surveyor Call Stats', 'Surveyor Earnings', 'Call Log'] },
  { email: 'qa@demo.test', home: '/qa/call-log', nav: ['Call Log', 'User Directory'] },
  { email: 'finance@demo.test', home: '/my-profile', nav: [] },
  { email: 'cleaner@demo.test', home: '/cc/comment-cleaning-selection', nav: ['Comment Cleaning Selection', 'User Directory'] },
  { email: 'cimr-surveyor@demo.test', home: '/ccs/my-projects', nav: ['My Projects', 'Surveyor Call Stats', 'Call Log'] },
  { email: 'cimr-manager@demo.test', home: '/cimr/all-surveyors', nav: ['All Surveyors', 'Surveyor Call Stats', 'Assignments', 'Call Log', 'User Directory'] },
  { email: 'keller@demo.test', home: '/keller/my-projects', nav: ['My Projects', 'Surveyor Call Stats', 'Surveyor Earnings', 'Call Log'] },
];

for (const role of ROLES) {
  test(`${role.email} signs in, lands on ${role.home} with exactly its navigation`, async ({ page }) => {
    // In order: each remote request, and the moment the server accepted the one-time code.
    const events: string[] = [];
    const remoteRequests: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/remotes/')) { remoteRequests.push(r.url()); events.push('remote'); } });
    page.on('response', (r) => { if (r.url().includes('/api/sessions/otp-verification') && r.ok()) events.push('code accepted'); });
    await page.goto('/');
    await expect(page.getByLabel('Email')).toBeEnabled();
    if (role.email === 'admin@demo.test') await screen(page, 'login');
    await signIn(page, role.email);
    await expect(page).toHaveURL(new RegExp(`${role.home}$`));
    // Nothing of the role areas was fetched before the code was accepted.
    expect(events).toContain('code accepted');
    expect(events.slice(0, events.indexOf('code accepted'))).not.toContain('remote');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    if (role.nav.length === 0) await expect(nav).toHaveCount(0);
    else await expect(nav.getByRole('link')).toHaveText(role.nav);
    // the role area (a remote) has rendered its page, not the loading spinner
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await screen(page, `home-${role.email.split('@')[0]}`);
    if (role.home !== '/my-profile') expect(remoteRequests.length).toBeGreaterThan(0);
    await logOut(page);
  });
}

test('no remote is requested before sign-in', async ({ page }) => {
  const remoteRequests: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/remotes/')) remoteRequests.push(r.url()); });
  await page.goto('/');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill('Demo-pass-1');
  await smsTurn(async () => { // a code goes out (unread): not while another worker reads the admin's
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Verification Code' })).toBeVisible();
  });
  await screen(page, 'otp-dialog');
  expect(remoteRequests).toEqual([]);
});

test('a wrong-role URL goes home; signed out, a protected URL shows login holding the address', async ({ page }) => {
  await page.goto('/admin/account-management');
  await expect(page).toHaveURL(/\/\?next=%2Fadmin%2Faccount-management$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await signIn(page, 'pm@demo.test');
  await page.goto('/admin/account-management');
  await expect(page).toHaveURL(/\/project-manager\/my-projects$/);
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText('the page you are looking for is not found')).toBeVisible();
  await screen(page, 'not-found');
});

test('a wrong password keeps the form and shows the alert', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  // In words, the status code only in the small detail line.
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page.getByRole('alert')).toContainText('Status 401');
  await expect(page.getByRole('alert')).not.toContainText('401:');
  await expect(page.getByLabel('Email')).toHaveValue('admin@demo.test');
  await screen(page, 'login-failed');
  // The failure belongs to the login page: it does not follow the user to Forgot Password.
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await screen(page, 'forgot-password-after-failed-login');
});
