import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { savingEnded, savingStarted } from '@frontend/shared-api';
import { Role } from '@frontend/shared-util';
import { ACCOUNT_MAX, AccountFormDialog, accountSchema, blankAccount, toPayload, type AccountForm } from './account-form-dialog';

// The dialog's calls are replaced: each test decides what the create mutation answers.
const calls = vi.hoisted(() => ({
  dispatch: vi.fn(),
  create: vi.fn(),
  update: vi.fn(),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useAppDispatch: () => calls.dispatch,
    useIdentityCreateUserMutation: () => [calls.create, { isLoading: false }],
    useIdentityUpdateUserMutation: () => [calls.update, { isLoading: false }],
    useProjectsListLanguagesQuery: () => ({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 } }),
    useIdentityListUsersQuery: () => ({ data: { rows: [{ id: 40, firstName: 'Carla', lastName: 'Manager' }], count: 1 } }),
  };
});

const answer = (outcome: { data: unknown } | { error: { status: number; message: string } }) =>
  calls.create.mockReturnValue({ unwrap: () => ('data' in outcome ? Promise.resolve(outcome.data) : Promise.reject(outcome.error)) });

const form = (over: Partial<AccountForm>): AccountForm => ({ ...blankAccount, firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test', ...over });
const issues = (v: AccountForm) => {
  const r = accountSchema.safeParse(v);
  // the first message per field, as the form shows it
  return r.success ? {} : Object.fromEntries([...r.error.issues].reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('account form schema (spec §5)', () => {
  it('requires first name, last name and a valid email for every type', () => {
    expect(issues({ ...blankAccount, role: Role.Quality })).toEqual({ firstName: 'Required', lastName: 'Required', email: 'Required' });
    expect(issues(form({ role: Role.Quality, email: 'nope' }))).toEqual({ email: 'Invalid email address' });
    expect(issues(form({ role: Role.Quality }))).toEqual({});
  });

  it('refuses more than identity accepts (Name 100, Email 254, Ext 20, Contractor ID 50), saying the limit', () => {
    expect(ACCOUNT_MAX).toEqual({ firstName: 100, lastName: 100, email: 254, vonageExt: 20, cid: 50 });
    const long = (n: number) => 'x'.repeat(n);
    expect(issues(form({ role: Role.Quality, firstName: long(300), lastName: long(101) }))).toEqual({
      firstName: 'At most 100 characters', lastName: 'At most 100 characters',
    });
    expect(issues(form({ role: Role.Quality, firstName: long(100), lastName: ` ${long(100)} ` }))).toEqual({}); // trimmed, as the server does
    expect(issues(form({ role: Role.Quality, email: `${long(250)}@demo.test` }))).toEqual({ email: 'At most 254 characters' });
    expect(issues(form({ role: Role.Quality, vonageExt: long(21) }))).toEqual({ vonageExt: 'At most 20 characters' });
    expect(issues(form({ role: Role.Surveyor, cid: long(51), langIds: [1] }))).toEqual({ cid: 'At most 50 characters' });
  });

  it('requires Contractor ID and languages for the three surveyor roles only', () => {
    for (const role of [Role.Surveyor, Role.KellerSurveyor]) {
      expect(issues(form({ role }))).toEqual({ cid: 'Required', langIds: 'Required' });
      expect(issues(form({ role, cid: '  ' , langIds: [1] }))).toEqual({ cid: 'Required' });
      expect(issues(form({ role, cid: 'C-1', langIds: [1] }))).toEqual({});
    }
    expect(issues(form({ role: Role.CimrSurveyor }))).toEqual({ cid: 'Required', langIds: 'Required', cimrIds: 'Required' });
    for (const role of [Role.Admin, Role.ProjectManager, Role.Operations, Role.Quality, Role.Finance, Role.CommentCleaner, Role.CimrManager]) {
      expect(issues(form({ role }))).toEqual({});
    }
  });
});

describe('toPayload', () => {
  it('trims, sends empty optional fields as null, and drops surveyor-only fields for other roles', () => {
    expect(toPayload(form({ role: Role.Quality, firstName: ' Sam ', phoneNumber: ' ', vonageExt: '12', cid: 'C-1', langIds: [1], cimrIds: [40] }))).toEqual({
      firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test', role: Role.Quality, phoneNumber: null, vonageExt: '12', cid: null, langIds: null, cimrIds: null,
    });
  });
  it('keeps cid and languages for surveyors, and CIMR managers for a CIMR Surveyor', () => {
    expect(toPayload(form({ role: Role.Surveyor, cid: ' C-1 ', langIds: [1, 2], cimrIds: [40] }))).toMatchObject({ cid: 'C-1', langIds: [1, 2], cimrIds: null });
    expect(toPayload(form({ role: Role.CimrSurveyor, cid: 'C-2', langIds: [2], cimrIds: [40] }))).toMatchObject({ cid: 'C-2', langIds: [2], cimrIds: [40] });
  });
});

async function fillSurveyor() {
  const dialog = screen.getByRole('dialog', { name: 'Add Account' });
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Account Type' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Surveyor' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByLabelText(/First Name/);
  return dialog;
}

describe('AccountFormDialog', () => {
  beforeEach(() => {
    calls.dispatch.mockReset();
    calls.create.mockReset();
  });

  it('for a surveyor type, shows Required under Contractor ID and Languages', async () => {
    render(<AccountFormDialog open onClose={vi.fn()} />);
    const dialog = await fillSurveyor();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(5));
    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'Sam' } });
    fireEvent.change(within(dialog).getByLabelText(/Last Name/), { target: { value: 'Surveyor' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'sam@demo.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).getAllByText('Required')).toHaveLength(2));
    expect(within(dialog).getByLabelText(/Contractor ID/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.create).not.toHaveBeenCalled();
  });

  // the audit saw "Contractor ID *" but a bare "Languages" although both are required for the surveyor roles (spec §5)
  it('marks Languages required, as Contractor ID and the names are', async () => {
    render(<AccountFormDialog open onClose={vi.fn()} />);
    const dialog = await fillSurveyor();
    const marked = [...dialog.querySelectorAll('label')].filter((l) => l.querySelector('.MuiFormLabel-asterisk'))
      .map((l) => l.textContent?.replace(/\W*\*$/, ''));
    expect(marked).toEqual(['First Name', 'Last Name', 'Email', 'Contractor ID', 'Languages']);
    expect(within(dialog).getByRole('combobox', { name: 'Languages' })).toBeTruthy();
  });

  async function submitValidSurveyor(onClose: () => void) {
    render(<AccountFormDialog open onClose={onClose} />);
    const dialog = await fillSurveyor();
    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'Sam' } });
    fireEvent.change(within(dialog).getByLabelText(/Last Name/), { target: { value: 'Surveyor' } });
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'sam@demo.test' } });
    fireEvent.change(within(dialog).getByLabelText(/Contractor ID/), { target: { value: 'C-77' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Languages' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Spanish' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.create).toHaveBeenCalledTimes(1));
    return dialog;
  }

  it('sends the payload, marks the save in progress, and closes on success', async () => {
    answer({ data: { message: 'created' } });
    const onClose = vi.fn();
    await submitValidSurveyor(onClose);
    expect(calls.create).toHaveBeenCalledWith({
      userCreate: { firstName: 'Sam', lastName: 'Surveyor', email: 'sam@demo.test', role: Role.Surveyor, phoneNumber: null, vonageExt: null, cid: 'C-77', langIds: [2], cimrIds: null },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const types = calls.dispatch.mock.calls.map((c) => (c[0] as { type: string }).type);
    expect(types).toEqual([savingStarted.type, savingEnded.type]);
  });

  it('shows the limit under a 300-character First Name and sends nothing', async () => {
    render(<AccountFormDialog open onClose={vi.fn()} />);
    const dialog = await fillSurveyor();
    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'x'.repeat(300) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('At most 100 characters')).toBeTruthy();
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('says beside Contact Number when the phone cannot receive a code (no real area code, abroad) and sends nothing', async () => {
    render(<AccountFormDialog open onClose={vi.fn()} />);
    const dialog = await fillSurveyor();
    for (const bad of ['5551234567', '+91 98765 43210']) {
      fireEvent.change(within(dialog).getByLabelText(/Contact Number/), { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
      expect(await within(dialog).findByText(/^Enter a valid US or Canadian phone number/)).toBeTruthy();
    }
    expect(calls.create).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'Email already in use'], [409, 'Email already in use'], [422, 'firstName: String should have at most 100 characters'],
  ])('a refusal of what was typed (%i) keeps the form open with it', async (status, message) => {
    answer({ error: { status, message } });
    const onClose = vi.fn();
    const dialog = await submitValidSurveyor(onClose);
    await waitFor(() => expect(calls.dispatch).toHaveBeenCalledWith(savingEnded()));
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByLabelText(/Email/) as HTMLInputElement).value).toBe('sam@demo.test');
    expect((within(dialog).getByLabelText(/Contractor ID/) as HTMLInputElement).value).toBe('C-77');
  });

  it('any other failure resets the form and closes the dialog', async () => {
    answer({ error: { status: 500, message: 'boom' } });
    const onClose = vi.fn();
    const dialog = await submitValidSurveyor(onClose);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.dispatch).toHaveBeenCalledWith(savingEnded());
    expect(within(dialog).queryByLabelText(/Email/)).toBeNull(); // back at the account-type step, empty
  });
});

describe('Edit Account on the signed-in admin\'s own account', () => {
  // identity refuses an admin changing their own email, phone (My Profile does it, with a code) or role
  const me = { id: 5, firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.test', role: Role.Admin, phoneNumber: '2025550101',
    vonageExt: null, cid: null, isDeleted: false, languages: [], langIds: [], cimrList: [], invitationPending: false };

  it('keeps Account Type, Email and Contact Number fixed and says where they change', () => {
    render(<AccountFormDialog open user={me as never} own onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText(/Email/) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText(/Contact Number/) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByRole('combobox', { name: 'Account Type' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(dialog).getByText('Change your own email and phone in My Profile')).toBeTruthy();
    expect((within(dialog).getByLabelText(/First Name/) as HTMLInputElement).disabled).toBe(false);
  });

  it('still sends the kept email and phone with the other changes', async () => {
    calls.update.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok' }) });
    render(<AccountFormDialog open user={me as never} own onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'Adele' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.update).toHaveBeenCalledTimes(1));
    expect(calls.update.mock.calls[0][0]).toMatchObject({ userUpdate: { id: 5, firstName: 'Adele', email: 'admin@demo.test', phoneNumber: '2025550101', role: Role.Admin } });
  });

  it('leaves them open on another account', () => {
    render(<AccountFormDialog open user={{ ...me, id: 6 } as never} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText(/Email/) as HTMLInputElement).disabled).toBe(false);
    expect(within(dialog).getByRole('combobox', { name: 'Account Type' }).getAttribute('aria-disabled')).not.toBe('true');
  });
});

describe('Add / Edit Account asks before unsaved input is lost', () => {
  const sam = { id: 6, firstName: 'Sam', lastName: 'Quality', email: 'sam@demo.test', role: Role.Quality, phoneNumber: '2025550101',
    vonageExt: null, cid: null, isDeleted: false, languages: [], langIds: [], cimrList: [], invitationPending: false };

  it('Cancel with a change typed asks "Leave / Stay": Stay keeps the input, Leave closes', async () => {
    const onClose = vi.fn();
    render(<AccountFormDialog open user={sam as never} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit Account' });
    fireEvent.change(within(dialog).getByLabelText(/First Name/), { target: { value: 'Samuel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect((within(dialog).getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Samuel');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(dialog, { key: 'Escape' }); // the dialog's own close asks too
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel with nothing typed closes at once', () => {
    const onClose = vi.fn();
    render(<AccountFormDialog open user={sam as never} onClose={onClose} />);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Edit Account' })).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });
});
