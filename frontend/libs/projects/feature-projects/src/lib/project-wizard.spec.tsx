import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import type { ProjectDetail } from '@frontend/projects-data-access';
import { managerOptions } from '@frontend/shared-api';
import { ProjectWizard } from './project-wizard';

const api = vi.hoisted(() => ({ users: vi.fn(), create: vi.fn(), update: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...real,
    useIdentityListUsersQuery: api.users,
    useProjectsListLanguagesQuery: () => ({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 } }),
    useManagerOptions: (o?: { skip?: boolean }) => real.managerOptionsOf((api.users) as never, o),
  };
});

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useListClientContactsQuery: () => ({ data: undefined }),
  useCreateProjectMutation: () => [api.create, { isLoading: false }],
  useUpdateProjectMutation: () => [api.update, { isLoading: false }],
}));

// a plain ISO-day field showing its error: the real picker loads MUI X lazily
vi.mock('@frontend/shared-ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-ui')>()),
  IsoDatePicker: ({ label, value, onChange, error, disabled, size, fullWidth }: { label: string; value: string | null; onChange: (v: string | null) => void; error?: string; disabled?: boolean; size?: string; fullWidth?: boolean }) => (
    <label data-testid={`date-${label}`} data-size={size ?? 'small'} data-full-width={String(!!fullWidth)}>{label}<input aria-label={label} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value || null)} />{error && <span>{error}</span>}</label>
  ),
}));

const user = (id: number, firstName: string, lastName = 'Doe') => ({ id, firstName, lastName });
// Each role's page comes sorted by firstName from the server.
const PMS = [user(1, 'Bob'), user(2, 'Zed')];
const OPS = [user(3, 'Amy'), user(4, 'Carl')];

beforeEach(() => {
  api.users.mockReset().mockImplementation((arg: { role: number }) =>
    ({ data: { rows: arg.role === Role.ProjectManager ? PMS : arg.role === Role.Operations ? OPS : [], count: 2 } }));
  api.create.mockReset();
  api.update.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok', data: { id: 7 } }) });
});

const project = (deletedAt: string | null) => ({
  id: 7, name: 'Clinic Survey', typeId: 1, statusId: 2, managerId: 1, reportFreqId: 3, startDate: '2026-01-01', deadline: null,
  contractDate: null, reportWeeks: 4, isBenchmarked: false, collabGrp: null, clientBuzAdd: '', timezone: 'America/Chicago',
  approvalStatus: null, associateAgreement: false, sampling: 'CATI', notes: 'Call mornings only', langIds: [1], contacts: [],
  billableRate: '10.00', paymentRate: '5.00', billingModifier: [], paymentModifier: [], perReportingPeriodFee: null,
  powerBiFee: null, pmFee: null, lineItems: [], clientId: 3, deletedAt,
}) as unknown as ProjectDetail;

const buttons = () => screen.getAllByRole('button').map((b) => b.textContent).filter((t) => ['Cancel', 'Back', 'Next', 'Submit', 'Update'].includes(t ?? ''));

describe('step 1 layout', () => {
  // the audit found 34 px date fields beside 56 px ones: the dates take the form's medium size and share the row
  it.each([['add', null], ['view', project(null)]])('%s: Start Date, Deadline and Contract Date are the size of their neighbours', (_mode, p) => {
    render(<ProjectWizard project={p} client={{ id: 3, name: 'Acme' }} readOnly={p !== null} onDone={vi.fn()} />);
    const dates = ['Start Date', 'Deadline', 'Contract Date'].map((l) => screen.getByTestId(`date-${l}`));
    expect(dates.map((d) => [d.dataset.size, d.dataset.fullWidth])).toEqual([['medium', 'true'], ['medium', 'true'], ['medium', 'true']]);
    const weeks = screen.getByRole('textbox', { name: 'Sampling Weeks' }).closest('.MuiFormControl-root') as HTMLElement;
    expect(weeks.className).toContain('fullWidth');
    expect(weeks.querySelector('[class*="sizeSmall"]')).toBeNull();
  }, 30000);
});

describe('step 1 on a 390 px phone (layout audit)', () => {
  it('view mode: the step tabs scroll, so 3. Billing is not cut off behind the edge', () => {
    render(<ProjectWizard project={project(null)} client={{ id: 3, name: 'Acme' }} readOnly onDone={vi.fn()} />);
    const tabs = screen.getByRole('tablist', { name: 'Wizard steps' });
    expect(tabs.closest('.MuiTabs-scroller')?.className).toContain('MuiTabs-scrollableX');
  }, 30000);

  it('the rows of fields stack on a phone (four dates in 310 px were unreadable) and stay side by side from 600 px', () => {
    render(<ProjectWizard project={null} client={{ id: 3, name: 'Acme' }} readOnly={false} onDone={vi.fn()} />);
    const row = screen.getByTestId('date-Start Date').parentElement as HTMLElement;
    expect(getComputedStyle(row).flexDirection).toBe('column'); // jsdom applies the xs rule, not the @media one
    const css = Array.from(document.querySelectorAll('style')).map((st) => st.textContent).join('');
    const cls = Array.from(row.classList).find((c) => c.startsWith('css-'));
    expect(css).toContain(`@media (min-width:600px){.${cls}{-webkit-flex-direction:row;`);
    expect(getComputedStyle(screen.getByLabelText('Wizard steps')).flexWrap).toBe('wrap');
    expect(getComputedStyle(screen.getByLabelText('Sampling modes')).flexWrap).toBe('wrap');
  }, 30000);
});

describe('unsaved input', () => {
  const unload = () => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  };
  it('asks before the tab closes or reloads once something was typed, and not in view mode', () => {
    const { unmount } = render(<ProjectWizard project={null} client={{ id: 3, name: 'Acme' }} readOnly={false} onDone={vi.fn()} />);
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByLabelText(/Project Name/), { target: { value: 'Clinic Survey' } });
    expect(unload()).toBe(true);
    unmount();
    expect(unload()).toBe(false);
    render(<ProjectWizard project={project(null)} client={{ id: 3, name: 'Acme' }} readOnly onDone={vi.fn()} />);
    expect(unload()).toBe(false);
  }, 30000);
});

describe('step 3 on a 390 px phone (layout audit)', () => {
  it('the fee, modifier and line-item rows wrap ("Per Re…", "Power…" were cut to a few letters)', () => {
    const p = { ...project(null), billingModifier: [{ modifierId: 0, details: 'Weekend', rate: '1.00' }],
      lineItems: [{ name: 'Setup', price: '50.00' }] } as unknown as ProjectDetail;
    render(<ProjectWizard project={p} client={{ id: 3, name: 'Acme' }} readOnly onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('tab', { name: '3. Billing' }));
    const rowOf = (label: string) => screen.getByLabelText(label).closest('.MuiFormControl-root')?.parentElement as HTMLElement;
    for (const label of ['Per Reporting Period Fee', 'Details', 'Item Name']) {
      expect([label, getComputedStyle(rowOf(label)).flexWrap]).toEqual([label, 'wrap']);
    }
  }, 30000);
});

describe('project-manager picker', () => {
  it('offers Project Managers and Operations users as one list sorted by first name', () => {
    render(<ProjectWizard project={null} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    expect(api.users).toHaveBeenCalledWith({ role: Role.ProjectManager, limit: 100, orderBy: 'firstName', orderDir: 'ASC' }, { skip: false });
    expect(api.users).toHaveBeenCalledWith({ role: Role.Operations, limit: 100, orderBy: 'firstName', orderDir: 'ASC' }, { skip: false });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Project Manager' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Amy Doe', 'Bob Doe', 'Carl Doe', 'Zed Doe']);
  }, 30000);

  it('keeps the first 100 by first name of both pages', () => {
    const pms = Array.from({ length: 100 }, (_, i) => user(i + 1, `P${String(i).padStart(3, '0')}`));
    const ops = Array.from({ length: 100 }, (_, i) => user(i + 101, `A${String(i).padStart(3, '0')}`));
    const merged = managerOptions(pms, ops);
    expect(merged).toHaveLength(100);
    expect(merged.map((u) => u.firstName)).toEqual(ops.map((u) => u.firstName));
    expect(managerOptions([user(1, 'Bo', 'Zee'), user(2, 'Bo', 'Ash')], undefined).map((u) => u.id)).toEqual([2, 1]);
  });
});

describe('deactivated project (read-only)', () => {
  it('shows only Cancel, and every step stays reachable from the step tabs', () => {
    render(<ProjectWizard project={project('2026-02-01T00:00:00Z')} client={{ id: 3, name: 'Acme' }} readOnly onDone={vi.fn()} />);
    expect(buttons()).toEqual(['Cancel']);
    fireEvent.click(screen.getByRole('tab', { name: '2. Scope Notes' }));
    expect((screen.getByRole('textbox', { name: 'Scope Notes' }) as HTMLTextAreaElement).value).toBe('Call mornings only');
    fireEvent.click(screen.getByRole('tab', { name: '3. Billing' }));
    expect(screen.getByRole('spinbutton', { name: 'Billable Rate' })).toBeTruthy();
    expect(buttons()).toEqual(['Cancel']);
  }, 30000);

  it('an active project being edited keeps Next and has no step tabs', () => {
    render(<ProjectWizard project={project(null)} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    expect(buttons()).toEqual(['Cancel', 'Next']);
    expect(screen.queryByRole('tab')).toBeNull();
  }, 30000);
});

describe('project contacts', () => {
  // spec §2.7: phone numbers show as (###) ###-####; a contact taken from the client's list arrives as digits
  it('shows a contact phone stored as digits as (###) ###-####, in view and edit', () => {
    const p = { ...project(null), contacts: [{ typeId: 0, firstName: 'Dana', lastName: 'Whit', email: 'd@x.test', phoneNumber: '5551230100', jobTitle: null }] } as unknown as ProjectDetail;
    const { unmount } = render(<ProjectWizard project={p} client={{ id: 3, name: 'Acme' }} readOnly onDone={vi.fn()} />);
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('(555) 123-0100');
    unmount();
    render(<ProjectWizard project={p} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    const phone = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    expect(phone.value).toBe('(555) 123-0100');
    fireEvent.change(phone, { target: { value: '2025550199' } });
    expect(phone.value).toBe('(202) 555-0199');
  }, 30000);

  // spec §3: a project contact carries jobTitle, as a client contact does; one typed in by hand can set it too
  it('shows and edits a contact\'s Job Title', () => {
    const p = { ...project(null), contacts: [{ typeId: 4, firstName: 'Dana', lastName: 'Whit', email: 'd@x.test', phoneNumber: null, jobTitle: 'Lead' }] } as unknown as ProjectDetail;
    render(<ProjectWizard project={p} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    const title = screen.getByRole('textbox', { name: 'Job Title' }) as HTMLInputElement;
    expect(title.value).toBe('Lead');
    fireEvent.change(title, { target: { value: 'Director' } });
    expect(title.value).toBe('Director');
  }, 30000);

  // journey audit: Add Contact (or Add Line Item) made a blank row already red with Required under First Name, Last
  // Name and Email before anything was typed, and a Required stayed beside a name being typed until the field was left
  it('a row just added shows no Required until one of its fields is left or Next is pressed', async () => {
    const row = () => screen.getByLabelText('Project contact 1');
    const helpers = () => Array.from(row().querySelectorAll('.MuiFormHelperText-root')).map((h) => h.textContent);
    render(<ProjectWizard project={project(null)} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    await new Promise((r) => setTimeout(r, 50)); // the form validates a field array after its change, asynchronously
    expect(helpers()).toEqual([]);
    const first = within(row()).getByRole('textbox', { name: 'First Name' });
    fireEvent.change(first, { target: { value: 'Sara' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(helpers()).toEqual([]);
    const email = within(row()).getByRole('textbox', { name: 'Email' });
    fireEvent.blur(email);
    await waitFor(() => expect(helpers()).toEqual(['Required']));
    fireEvent.change(email, { target: { value: 'sara@x.test' } });
    await waitFor(() => expect(helpers()).toEqual([]));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(helpers()).toEqual(['Required'])); // Last Name, never left: shown once Next is pressed
    expect(screen.queryByRole('textbox', { name: 'Scope Notes' })).toBeNull();
  }, 30000);

  it('Add Line Item gives a row without Required until Submit (Update) is pressed', async () => {
    render(<ProjectWizard project={project(null)} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('textbox', { name: 'Scope Notes' }); // Next validates first: wait for the step to change
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Line Item' }));
    await new Promise((r) => setTimeout(r, 50));
    const items = () => screen.getByLabelText('Line Items');
    expect(within(items()).queryByText('Required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(items()).findByText('Required')).toBeTruthy();
    expect(api.update).not.toHaveBeenCalled();
  }, 30000);
});

describe('saving', () => {
  const nameBox = () => screen.getByRole('textbox', { name: 'Project Name' }) as HTMLInputElement;
  /** Renames the project, walks to Billing and presses Update. */
  async function update(p: ProjectDetail, onDone = vi.fn()) {
    render(<ProjectWizard project={p} client={{ id: 3, name: 'Acme' }} onDone={onDone} />);
    fireEvent.change(nameBox(), { target: { value: 'Clinic Survey 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('textbox', { name: 'Scope Notes' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    return onDone;
  }

  it('sends the sampling modes comma-joined (platform spec §3)', async () => {
    const onDone = await update({ ...project(null), sampling: 'CATI,MAIL' } as ProjectDetail);
    expect(api.update.mock.calls[0][0].projectUpdate).toMatchObject({ id: 7, name: 'Clinic Survey 2', sampling: 'CATI,MAIL' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(7));
  }, 30000);

  // Money inputs step by 0.50 (spec §5) for their arrows only: an amount in cents such as 12.25 (USD, 2 decimals,
  // spec §9; the server takes it) must not be blocked by the browser's step check, which left Update doing nothing.
  it('a rate that is not a multiple of 0.50 (12.25) still saves', async () => {
    await update({ ...project(null), billableRate: '12.25' } as ProjectDetail);
    expect(api.update.mock.calls[0][0].projectUpdate).toMatchObject({ billableRate: '12.25' });
    expect(screen.getByRole('spinbutton', { name: 'Billable Rate' }).getAttribute('step')).toBe('0.5');
  }, 30000);

  it('a refused save (400) keeps what was typed, on the same step', async () => {
    api.update.mockReturnValue({ unwrap: () => Promise.reject({ status: 400, message: 'name: taken' }) });
    const onDone = await update(project(null));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(nameBox().value).toBe('Clinic Survey 2');
    expect(onDone).not.toHaveBeenCalled();
  }, 30000);

  it('sends the updatedAt it was opened on; a 409 (another user saved first) keeps what was typed and offers Reload', async () => {
    api.update.mockReturnValue({ unwrap: () => Promise.reject({ status: 409, message: 'Another user saved this project after you opened it' }) });
    const onReload = vi.fn();
    render(<ProjectWizard project={{ ...project(null), updatedAt: '2026-11-27T16:00:00.123456Z' } as ProjectDetail}
      client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} onReload={onReload} />);
    fireEvent.change(nameBox(), { target: { value: 'Clinic Survey 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('textbox', { name: 'Scope Notes' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    expect(api.update.mock.calls[0][0].projectUpdate).toMatchObject({ id: 7, updatedAt: '2026-11-27T16:00:00.123456Z' });
    expect((await screen.findByRole('alert')).textContent).toContain('Another user saved this project after you opened it');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(nameBox().value).toBe('Clinic Survey 2');
    fireEvent.click(screen.getByRole('button', { name: 'Reload project' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  }, 30000);

  it.each([500, 403])('any other failed save (%i) resets the form to the project, back at the first step', async (status) => {
    api.update.mockReturnValue({ unwrap: () => Promise.reject({ status, message: 'refused' }) });
    const onDone = await update(project(null));
    await waitFor(() => expect(nameBox().value).toBe('Clinic Survey'));
    expect(onDone).not.toHaveBeenCalled();
  }, 30000);
});

describe('dates on the first step (spec §4, §5)', () => {
  const date = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
  const type = (label: string, value: string) => fireEvent.change(date(label), { target: { value } });
  const frequency = (name: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Reporting Frequency' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
  };

  it('a start or frequency change sets the deadline to start plus the frequency in months; the deadline stays editable', () => {
    render(<ProjectWizard project={null} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    type('Start Date', '2026-06-01');
    expect(date('Deadline').value).toBe(''); // no frequency chosen yet
    frequency('Quarterly');
    expect(date('Deadline').value).toBe('2026-09-01');
    type('Start Date', '2026-01-31');
    expect(date('Deadline').value).toBe('2026-04-30');
    frequency('Monthly');
    expect(date('Deadline').value).toBe('2026-02-28');
    type('Deadline', '2026-12-31');
    expect(date('Deadline').value).toBe('2026-12-31');
  }, 30000);

  it('Next refuses a deadline before the start, on the Deadline field', async () => {
    render(<ProjectWizard project={project(null)} client={{ id: 3, name: 'Acme' }} onDone={vi.fn()} />);
    type('Start Date', '2026-06-01');
    type('Deadline', '2026-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Deadline must not be before the Start Date', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Scope Notes' })).toBeNull();
    type('Deadline', '2026-06-30');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: 'Scope Notes' }, { timeout: 5000 })).toBeTruthy();
  }, 30000);
});

describe('languages', () => {
  // the audit: a user choosing "English and Spanish" clicked both in the list and was left with Spanish only, because
  // English comes pre-chosen and clicking a chosen option takes it off
  it('offers only the languages not chosen yet, so picking two keeps both', () => {
    render(<ProjectWizard project={null} client={{ id: 3, name: 'Acme' }} readOnly={false} onDone={vi.fn()} />);
    const box = screen.getByRole('combobox', { name: 'Languages' });
    fireEvent.mouseDown(box);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Spanish']);
    fireEvent.click(screen.getByRole('option', { name: 'Spanish' }));
    const chips = box.closest('.MuiAutocomplete-root') as HTMLElement;
    expect(within(chips).getAllByRole('button').map((c) => c.textContent).filter((t) => t)).toEqual(['English', 'Spanish']);
  });
});
