// WCAG 2.1 A/AA: one screen of each kind is checked by axe (sign-in, a table list, a form dialog, the call screen,
// a confirmation dialog, a chart screen, Call Log Details) for serious or critical violations, and the call screen
// is driven with the keyboard alone on a surveyor's 1280x720 laptop. Moderate and minor findings are not failed on.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { logOut, newSurveyor, riverside, session, signIn, signInByApi, takeCall } from './support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page as it is; fails with each serious or critical rule and where it was found. */
async function expectAccessible(page: Page, screenName: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(serious, `${screenName}: serious or critical accessibility violations`).toEqual([]);
}

/** A dialog once its fade-in is over (half-faded text would fail the contrast rule). */
async function openedDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(page.locator('.MuiDialog-container').last()).toHaveCSS('opacity', '1');
  return dialog;
}

/** Presses Tab until the focused element is `want` (its role, or input type, and name), at most 40 times. */
async function tabUntil(page: Page, want: string) {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const now = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el || el === document.body) return 'body';
      const name = el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent
        ?? el.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
        ?? el.textContent ?? '';
      return `${el.getAttribute('role') ?? (el.tagName === 'INPUT' ? el.type : el.tagName.toLowerCase())}: ${name.trim()}`;
    });
    seen.push(now);
    if (now.startsWith(want)) return;
  }
  throw new Error(`Tab never reached ${want}; it went ${seen.join(' > ')}`);
}

test('sign-in, a table list and a form dialog have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeEnabled();
  await expect(page.getByLabel('Email')).toBeFocused(); // the page's own focus is kept
  await expectAccessible(page, 'Sign-in');

  await signIn(page, 'admin@demo.test');
  // landing on the role's home, the focus is on its heading
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeFocused({ timeout: 60_000 });
  await page.goto('/admin/account-management');
  await expect(page.getByRole('row').filter({ hasText: 'admin@demo.test' })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'Account Management (table list)');

  const add = page.getByRole('button', { name: 'Add Account' });
  await add.click();
  await openedDialog(page, 'Add Account');
  await expectAccessible(page, 'Add Account (form dialog)');
  await page.keyboard.press('Escape');
  await expect(add).toBeFocused(); // the focus goes back to what opened the dialog

  // a page change puts the focus on the new page's heading, not on the page body or the link left behind
  const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Client Management' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/client-management$/);
  await expect(page.getByRole('heading', { name: 'Client Management' })).toBeFocused({ timeout: 30_000 });
  // the first stop of Tab skips the top bar and the navigation; it shows while it has the focus
  const firstStop = await page.evaluate(() => document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]')?.textContent);
  expect(firstStop).toBe('Skip to main content');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();
  await skip.focus();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('the call screen (by keyboard), a chart screen and Call Log Details have no serious accessibility violations', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInByApi(page, (await newSurveyor('keys')).email); // its held patient is its own
  // one saved call for the manager's call log
  const { auth, userId } = await session(page);
  const project = await riverside(request, auth);
  const saved = await takeCall(request, auth, userId, project.id, 4);

  // Call Now, then Start Call and on, from the keyboard: the focus is never left on the page body. On the surveyors'
  // own laptops (1280x720: the mobile layout, navigation as a drawer)
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/surveyor/project-call/${project.id}`);
  const callNow = page.getByRole('button', { name: 'Call Now' });
  await expect(callNow).toBeEnabled({ timeout: 60_000 });
  await expectAccessible(page, 'Call screen before Call Now');
  for (let i = 0; i < 20; i++) { // the roster may still be reaching the call engine
    await callNow.focus();
    await page.keyboard.press('Enter');
    if (await page.getByTestId('visit-call-data').waitFor({ timeout: 4_000 }).then(() => true, () => false)) break;
    await page.reload();
  }
  const start = page.getByRole('button', { name: 'Start Call' });
  await expect(start).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Language' })).toBeFocused();
  // the questionnaire, the disposition, the comments and Save are all on the screen, no page scrolling to find them
  for (const part of [page.getByRole('region', { name: 'Questionnaire' }), page.getByRole('combobox', { name: 'Call disposition' }),
    page.getByRole('textbox', { name: 'Positive comment' }), page.getByRole('textbox', { name: 'Negative comment' }),
    page.getByRole('button', { name: 'Save' })]) await expect(part).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'Call screen, call started');
  // leaving by the navigation drawer asks first; the drawer closes, the question has the keyboard, Escape keeps the
  // call and gives the focus back to the menu button
  const menu = page.getByRole('button', { name: 'Open navigation' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const callLog = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Call Log' });
  await expect(callLog).toBeVisible();
  await callLog.focus();
  await page.keyboard.press('Enter');
  const leave = await openedDialog(page, 'Leave this call?');
  await expect(callLog).toBeHidden();
  await expectAccessible(page, 'Leave this call? (confirmation dialog)');
  expect(await leave.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(leave).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(page).toHaveURL(/\/surveyor\/project-call\/\d+$/);
  // on to the disposition with Tab, a result with the arrows, Take a break with Space, then Save
  await tabUntil(page, 'combobox: Call disposition');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Agreed to Survey', exact: true })).toBeFocused();
  await expectAccessible(page, 'Call screen, disposition list open');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'No Answer or Voicemail Recording' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Call disposition' })).toBeFocused();
  await tabUntil(page, 'checkbox: Take a break');
  await page.keyboard.press('Space');
  await tabUntil(page, 'button: Save');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/surveyor\/my-projects$/); // the break: back to My Projects, no call open
  await logOut(page);

  await signInByApi(page, 'pm@demo.test');
  await page.goto('/project-manager/surveyor-call-stats');
  await expect(page.getByRole('heading', { name: 'Surveyor Call Stats' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.apexcharts-svg').first()).toBeVisible();
  await expectAccessible(page, 'Surveyor Call Stats (chart)');

  await page.goto('/project-manager/call-log');
  await page.getByRole('button', { name: 'Filter' }).click({ timeout: 60_000 });
  const view = page.getByRole('button', { name: `View call ${saved.callId}` });
  await view.click();
  const details = await openedDialog(page, 'Call Log Details');
  await expect(details.getByRole('region', { name: 'Patient' })).toBeVisible();
  await expectAccessible(page, 'Call Log Details');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeFocused();
});
