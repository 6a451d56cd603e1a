import { expect, test, type Locator, type Page } from '@playwright/test';
import { logOut, screen, signInByApi } from './support';

const stamp = Date.now();
const clientName = `E2E Clinic ${stamp}`;
const projectName = `E2E Survey ${stamp}`;
// a one-page PDF with one line of text (the server refuses a PDF that does not open or has no pages)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n'
  + '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj\n'
  + '4 0 obj << /Length 50 >> stream\nBT /F1 24 Tf 72 700 Td (Call script v1) Tj ET\nendstream endobj\n'
  + '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function pick(page: Page, scope: Locator, label: string, option: string) {
  // by the select's accessible name: a required field's label reads "State *" (the asterisk is aria-hidden)
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function typeDate(page: Page, scope: Locator, label: string, mmddyyyy: string) {
  await scope.getByRole('group', { name: label }).click();
  await page.keyboard.type(mmddyyyy);
}

test.describe.configure({ mode: 'serial' });
let projectUrl = '';
let projectId = 0;

test('an admin creates a client with two contacts, then a project through the three wizard steps, edits, deactivates and reactivates it', async ({ page }) => {
  await signInByApi(page, 'admin@demo.test');
  await page.goto('/admin/projects/add');
  await expect(page).toHaveURL(/\/admin\/client-management$/); // no client in the navigation state
  await expect(page.getByRole('heading', { name: 'Client Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dlg = page.getByRole('dialog', { name: 'Add Client' });
  await dlg.getByLabel('Client Name').fill(clientName);
  await dlg.getByLabel('Client Abbreviation').fill('E2E');
  await pick(page, dlg, 'State', 'Texas');
  const c1 = dlg.getByLabel('Contact 1', { exact: true });
  await c1.getByLabel('First Name').fill('Jo');
  await c1.getByLabel('Last Name').fill('Smith');
  await c1.getByLabel('Email').fill('jo.smith@e2e.example');
  await c1.getByLabel('Phone Number').fill('3125551234');
  await dlg.getByRole('button', { name: 'Add Contact' }).click();
  const c2 = dlg.getByLabel('Contact 2', { exact: true });
  await c2.getByLabel('First Name').fill('A');
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(c2).toContainText('At least 2 characters');
  await c2.getByLabel('First Name').fill('Ann');
  await c2.getByLabel('Last Name').fill('Baker');
  await c2.getByLabel('Email').fill('ann.baker@e2e.example');
  await pick(page, c2, 'Contact Type', 'Billing Contact');
  await screen(page, 'projects-client-form');
  await dlg.getByRole('button', { name: 'Submit' }).click();
  await expect(dlg).toBeHidden();
  await page.getByLabel('Search').fill(clientName.slice(0, 12));
  await expect(row(page, clientName)).toContainText('Texas');
  await screen(page, 'projects-client-management');

  await row(page, clientName).getByRole('button', { name: `Add project for ${clientName}` }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/add$/);
  await page.getByLabel('Project Name').fill(projectName);
  await pick(page, page.locator('body'), 'Project Type', 'CG CAHPS');
  await pick(page, page.locator('body'), 'Project Manager', 'Paul Manager');
  await pick(page, page.locator('body'), 'Reporting Frequency', 'Quarterly');
  await typeDate(page, page.locator('body'), 'Start Date', '01052026');
  await page.getByLabel('CATI').check();
  await page.getByLabel('Search client contacts').fill('ba');
  await page.getByRole('option', { name: /Ann Baker/ }).click();
  await expect(page.getByLabel('Project contact 1', { exact: true })).toBeVisible();
  await screen(page, 'projects-wizard-step1');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Scope Notes').fill('Call adult patients seen in the last 30 days.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Billable Rate').fill('12.50');
  await page.getByLabel('Payment Rate').fill('4.00');
  await page.getByRole('button', { name: 'Add Billing Modifier Row' }).click();
  const billing = page.getByLabel('Billing Modifier', { exact: true });
  await billing.getByLabel('Details').fill('Spanish surveys');
  await billing.getByLabel('Rate').fill('1.50');
  await page.getByRole('button', { name: 'Add Line Item' }).click();
  await page.getByLabel('Item Name').fill('Setup');
  await page.getByLabel('Price').fill('100.00');
  await screen(page, 'projects-wizard-step3');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/\d+\/view$/);
  projectUrl = page.url().replace(/\/view$/, '');
  projectId = Number(projectUrl.split('/').pop());
  await expect(page.getByLabel('Project Name')).toHaveValue(projectName);
  await expect(page.getByLabel('Project Name')).toBeDisabled();

  // edit: the Details tab without view mode
  await page.getByRole('button', { name: 'Details' }).click();
  await page.goto(projectUrl);
  await page.getByLabel('Project Name').fill(`${projectName} v2`);
  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Billing Modifier', { exact: true }).getByLabel('Details')).toHaveValue('Spanish surveys');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/project-list$/);
  await page.getByLabel('Search Client / Projects').fill(`${projectName} v2`);
  await expect(row(page, `${projectName} v2`)).toContainText('In Progress');
  await screen(page, 'projects-project-list');
  await row(page, projectName).getByRole('button', { name: /^Deactivate/ }).click();
  await page.getByRole('dialog', { name: 'Deactivate Project' }).getByRole('button', { name: 'Yes, Deactivate' }).click();
  await expect(row(page, projectName)).toContainText('Deactivated');
  await expect(row(page, projectName).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await row(page, projectName).getByRole('button', { name: /^Reactivate/ }).click();
  await page.getByRole('dialog', { name: 'Reactivate Project' }).getByRole('button', { name: 'Yes, Reactivate' }).click();
  await expect(row(page, projectName)).toContainText('In Progress');

  await logOut(page);
});

test('the admin project page shows the tabs other contexts serve', async ({ page }) => {
  await signInByApi(page, 'admin@demo.test');
  // the tabs other contexts serve are composed into the project page by the admin remote
  await page.goto(`${projectUrl}/sampling`);
  await expect(page.getByRole('heading', { name: /Sampling/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Roster Upload' }).click();
  await expect(page.getByRole('heading', { name: /^Roster Upload/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Roster history' })).toBeVisible();
  await screen(page, 'projects-admin-roster-tab');
  await page.getByRole('button', { name: 'Survey Export' }).click();
  await expect(page.getByRole('button', { name: /Export Csv/i })).toBeVisible();
  await logOut(page);
});

test('Back from a project with unsaved changes asks first (the router must not have left), and the list is as it was', async ({ page }) => {
  await signInByApi(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'Project List' }).click();
  await page.getByLabel('Search Client / Projects').fill('Riverside');
  await expect(page).toHaveURL(/project-list\?search=Riverside$/);
  await page.getByRole('button', { name: /^Edit Riverside/ }).first().click();
  const name = page.getByLabel('Project Name');
  await name.fill(`${await name.inputValue()} (draft)`);
  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/\d+$/);
  await expect(name).toHaveValue(/ \(draft\)$/);
  await page.goBack();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByLabel('Search Client / Projects')).toHaveValue('Riverside');
  await logOut(page);
});

test('Operations assigns two surveyors with weekly goals and adds a week of goal history', async ({ page }) => {
  await signInByApi(page, 'ops@demo.test');
  await page.goto('/ops/assignments');
  await page.getByLabel('Search Project...').fill(String(stamp));
  await row(page, projectName).getByRole('button', { name: /^Assign surveyors/ }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/assignments/${projectId}$`));
  const search = page.getByLabel('Search surveyors');
  await search.fill('zzqq');
  await expect(page.getByText('No such surveyor.')).toBeVisible();
  for (const [who, email] of [['Sam', 'surveyor@demo.test'], ['Maria', 'maria.lopez@demo.test']]) {
    await search.fill(who);
    await page.getByRole('option', { name: new RegExp(email) }).click();
    await expect(row(page, email)).toBeVisible();
  }
  for (const [email, goal] of [['surveyor@demo.test', '15'], ['maria.lopez@demo.test', '12']]) {
    const goalBox = page.getByLabel(`Weekly goal of ${email}`);
    await goalBox.fill(goal);
    await goalBox.press('Enter');
  }
  await page.getByRole('button', { name: 'Add week for surveyor@demo.test' }).click();
  await expect(page.getByLabel('Weekly goal history').getByRole('textbox', { name: /^Goal for week / }).first()).toHaveValue('15');
  await screen(page, 'projects-assignment-detail');
  await logOut(page);
});

test('a manager uploads the guidelines PDF', async ({ page }) => {
  await signInByApi(page, 'pm@demo.test');
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await page.getByLabel('Search Client / Projects').fill(String(stamp));
  await row(page, projectName).getByRole('button', { name: /^Surveyor Guidelines/ }).click();
  await expect(page.getByText('No guidelines uploaded yet.')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'guidelines.pdf', mimeType: 'application/pdf', buffer: PDF });
  // drawn by pdf.js under its own name: the page, its text (selectable, read by screen readers) and the page count
  const viewer = page.getByRole('region', { name: 'guidelines.pdf' });
  await expect(viewer.getByText('guidelines.pdf · 1 page')).toBeVisible();
  await expect(viewer.getByText('Call script v1')).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'guidelines.pdf');
  await screen(page, 'projects-guidelines-manager');
  await logOut(page);
});

test('a surveyor sees the project, is stopped by the guidelines gate, confirms, and finds Call Now disabled once locked', async ({ page, browser }) => {
  await signInByApi(page, 'surveyor@demo.test');
  await expect(row(page, projectName)).toContainText('0 / 15');
  await screen(page, 'projects-surveyor-my-projects');
  await row(page, projectName).getByRole('button', { name: /^Guidelines/ }).click();
  const gate = page.getByRole('dialog', { name: 'Project guidelines' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Remind me before next call' })).toBeVisible();
  await expect(gate.getByText('Call script v1')).toBeVisible();
  await screen(page, 'projects-guidelines-gate');
  await gate.getByRole('button', { name: 'Confirm as read' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm as read' });
  await expect(confirm.getByRole('button', { name: "Yes, I've Read" })).toBeDisabled();
  await confirm.getByLabel('I confirm that I have read the guidelines.').check();
  await confirm.getByRole('button', { name: "Yes, I've Read" }).click();
  await expect(gate).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Surveyor Guidelines' })).toBeVisible();

  // the manager locks the project from Project Details
  const pm = await browser.newPage();
  await signInByApi(pm, 'pm@demo.test');
  await pm.goto(`/project-manager/detail/${projectId}`);
  await expect(pm.getByRole('table', { name: 'Roster history' })).toBeVisible();
  await expect(pm.getByRole('region', { name: 'Survey day' })).toContainText("Today's Survey Day");
  await pm.getByLabel('Project lock').check();
  await expect(pm.getByText('Project Locked', { exact: true })).toBeVisible(); // the label, not the saved notice
  await screen(pm, 'projects-detail-locked');
  await pm.close();

  await page.goto('/surveyor/my-projects');
  await expect(row(page, projectName).getByRole('button', { name: `Call Now ${projectName}` })).toBeDisabled();
  await screen(page, 'projects-surveyor-locked');
});
