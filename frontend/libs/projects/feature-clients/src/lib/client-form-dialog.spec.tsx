import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { ClientRead } from '@frontend/projects-data-access';
import { ClientFormDialog } from './client-form-dialog';

const api = vi.hoisted(() => ({ get: vi.fn(), update: vi.fn(), create: vi.fn() }));

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useGetClientQuery: api.get,
  useUpdateClientMutation: () => [api.update, { isLoading: false }],
  useCreateClientMutation: () => [api.create, { isLoading: false }],
}));

const contact = (id: number, phoneNumber: string) => ({ id, clientId: 9, typeId: 0, firstName: `Ann${id}`, lastName: 'Lee', jobTitle: null,
  email: `ann${id}@demo.test`, phoneNumber, phoneExtension: null });
const client = (phones: string[]): ClientRead => ({ id: 9, name: 'Acme Health', abbr: 'ACME', stateId: 5, countryId: 1,
  createdAt: '2026-01-01T00:00:00Z', deletedAt: null, contacts: phones.map((p, i) => contact(i + 1, p)) });
// The list row carries phones as stored; GET clients/{id} answers them formatted (spec §7).
const row = client(['3125551234', '3125559876']);
const detail = client(['(312) 555-1234', '(312) 555-9876']);

beforeEach(() => {
  api.get.mockReset().mockImplementation((_arg: unknown, opts?: { skip?: boolean }) => ({ data: opts?.skip ? undefined : detail, isError: false }));
  api.update.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok', data: row }) });
  api.create.mockReset();
});

const phones = () => screen.getAllByRole('textbox', { name: 'Phone Number' }).map((i) => (i as HTMLInputElement).value);


const typeInto = (name: string, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByRole('textbox', { name }), { target: { value } });

/** Fills the add form's required fields (one contact); gives back that contact's box. */
function fillClient(client: [string, string], contact: [string, string, string]): HTMLElement {
  typeInto('Client Name', client[0]);
  typeInto('Client Abbreviation', client[1]);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Texas' }));
  const box = screen.getByLabelText('Contact 1');
  typeInto('First Name', contact[0], box);
  typeInto('Last Name', contact[1], box);
  typeInto('Email', contact[2], box);
  return box;
}

describe('Client view / edit dialog', () => {
  it('view loads GET clients/{id} and shows its formatted contact phones', async () => {
    render(<ClientFormDialog client={row} mode="view" onClose={vi.fn()} />);
    expect(api.get).toHaveBeenCalledWith({ clientId: 9 }, { skip: false });
    await waitFor(() => expect(phones()).toEqual(['(312) 555-1234', '(312) 555-9876']));
  }, 30000);

  it('edit shows formatted phones but saves untouched ones as stored and edited ones as typed', async () => {
    const onClose = vi.fn();
    render(<ClientFormDialog client={row} mode="edit" onClose={onClose} />);
    await waitFor(() => expect(phones()).toEqual(['(312) 555-1234', '(312) 555-9876']));
    const second = within(screen.getByLabelText('Contact 2')).getByRole('textbox', { name: 'Phone Number' });
    fireEvent.change(second, { target: { value: '3125550111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = api.update.mock.calls[0][0].clientUpdate;
    // the edited one as the field shows it while typing (the server keeps it as 3125550111)
    expect(sent.contacts.map((c: { id: number; phoneNumber: string }) => [c.id, c.phoneNumber])).toEqual([[1, '3125551234'], [2, '(312) 555-0111']]);
  }, 30000);

  // spec §8 "Forms reset on failure": a refusal of what was typed (400; our servers' 409 and 422) keeps it to be
  // corrected; any other failure resets the form
  const failSave = async (status: number) => {
    api.update.mockReturnValue({ unwrap: () => Promise.reject({ status, message: 'refused' }) });
    const onClose = vi.fn();
    render(<ClientFormDialog client={row} mode="edit" onClose={onClose} />);
    await waitFor(() => expect(phones()).toEqual(['(312) 555-1234', '(312) 555-9876']));
    fireEvent.change(screen.getByRole('textbox', { name: 'Client Name' }), { target: { value: 'Acme Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    return onClose;
  };
  const clientName = () => (screen.getByRole('textbox', { name: 'Client Name' }) as HTMLInputElement).value;

  it.each([400, 409, 422])('a refused save (%i) keeps what was typed, the dialog open', async (status) => {
    const onClose = await failSave(status);
    await new Promise((r) => setTimeout(r, 50));
    expect(clientName()).toBe('Acme Renamed');
    expect(onClose).not.toHaveBeenCalled();
  }, 30000);

  it.each([500, 403, 0])('any other failed save (%i) resets the form to the client as loaded', async (status) => {
    const onClose = await failSave(status);
    await waitFor(() => expect(clientName()).toBe('Acme Health'));
    expect(phones()).toEqual(['(312) 555-1234', '(312) 555-9876']);
    expect(onClose).not.toHaveBeenCalled();
  }, 30000);

  it('add does not load a client', () => {
    render(<ClientFormDialog client={null} mode="add" onClose={vi.fn()} />);
    expect(api.get).toHaveBeenCalledWith({ clientId: 0 }, { skip: true });
    expect(phones()).toEqual(['']);
  }, 30000);

  it('on a 390 px phone its rows stack (First Name, Last Name and Job Title were 20 px slivers), side by side from 600 px', () => {
    render(<ClientFormDialog client={null} mode="add" onClose={vi.fn()} />);
    const css = Array.from(document.querySelectorAll('style')).map((st) => st.textContent).join('');
    for (const label of ['Client Name', 'State', 'First Name', 'Email']) {
      const row = screen.getAllByLabelText(new RegExp(`^${label}`))[0].closest('.MuiFormControl-root')?.parentElement as HTMLElement;
      expect([label, getComputedStyle(row).flexDirection]).toEqual([label, 'column']); // jsdom applies the xs rule
      const cls = Array.from(row.classList).find((c) => c.startsWith('css-'));
      expect(css).toContain(`@media (min-width:600px){.${cls}{-webkit-flex-direction:row;`);
    }
  });

  it('add refused with 422 (the contact email) keeps every field as typed', async () => {
    api.create.mockReturnValue({ unwrap: () => Promise.reject({ status: 422, message: 'contacts #1, email: value is not a valid email address' }) });
    const onClose = vi.fn();
    render(<ClientFormDialog client={null} mode="add" onClose={onClose} />);
    const contact = fillClient(['Audit Clinic', 'AUD'], ['Al', 'Auditor', 'al@aud.test']);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0][0].clientCreate.contacts[0].email).toBe('al@aud.test');
    await new Promise((r) => setTimeout(r, 50));
    const value = (name: string, in_: HTMLElement = document.body) => (within(in_).getByRole('textbox', { name }) as HTMLInputElement).value;
    expect([value('Client Name'), value('Client Abbreviation'), value('First Name', contact), value('Last Name', contact), value('Email', contact)])
      .toEqual(['Audit Clinic', 'AUD', 'Al', 'Auditor', 'al@aud.test']);
    expect(onClose).not.toHaveBeenCalled();
  }, 30000);

  it('marks the required fields with "*" (as My Profile does), only where they can be filled in', () => {
    const marked = () => Array.from(document.querySelectorAll('.MuiInputLabel-root'))
      .filter((l) => l.querySelector('.MuiFormLabel-asterisk')).map((l) => l.textContent?.replace(/\s*\*$/, '').trim());
    const { unmount } = render(<ClientFormDialog client={null} mode="add" onClose={vi.fn()} />);
    expect(marked()).toEqual(['Client Name', 'Client Abbreviation', 'State', 'Contact Type', 'First Name', 'Last Name', 'Email']);
    expect((screen.getByRole('textbox', { name: 'Client Name' }) as HTMLInputElement).required).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Job Title' }) as HTMLInputElement).required).toBe(false);
    unmount();
    render(<ClientFormDialog client={row} mode="view" onClose={vi.fn()} />);
    expect(marked()).toEqual([]);
  }, 30000);

  it('an empty submit shows the form’s own messages (the browser’s validation is off)', async () => {
    render(<ClientFormDialog client={null} mode="add" onClose={vi.fn()} />);
    expect((document.getElementById('client-form') as HTMLFormElement).noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(3);
    expect(api.create).not.toHaveBeenCalled();
  }, 30000);

  it('a contact phone with letters, too few digits or no real area code is said beside Phone Number and not sent; a foreign one is', async () => {
    api.create.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok', data: row }) });
    render(<ClientFormDialog client={null} mode="add" onClose={vi.fn()} />);
    const contact = fillClient(["Clínica O'Neil 😀", 'CON'], ['Seán', "O'Brien", 'sean@clinic.test']);
    // letters never reach the field (it formats as typed): "ext 4" leaves too few digits
    for (const bad of ['202-555-01 ext 4', '555-12', '(555) 123-4567', '22 2345 6789']) {
      typeInto('Phone Number', bad, contact);
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await within(contact).findByText(/^Enter a valid phone number/)).toBeTruthy();
    }
    expect(api.create).not.toHaveBeenCalled();
    typeInto('Phone Number', '+91 22 2345 6789', contact);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0][0].clientCreate.contacts[0]).toMatchObject({ phoneNumber: '+91 22 2345 6789', lastName: "O'Brien" });
  }, 30000);

  it('formats a contact phone as it is typed, as the other phone fields do (spec: (###) ###-####)', async () => {
    api.create.mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok', data: row }) });
    render(<ClientFormDialog client={null} mode="add" onClose={vi.fn()} />);
    const contact = fillClient(['Acme Health', 'ACME'], ['Ann', 'Lee', 'ann@acme.test']);
    const phone = within(contact).getByRole('textbox', { name: 'Phone Number' }) as HTMLInputElement;
    for (const [typed, shown] of [['312', '(312'], ['3125', '(312) 5'], ['3125550111', '(312) 555-0111'], ['1 312 555 0111', '(312) 555-0111'],
      ['312-555-0111x', '(312) 555-0111'], ['+44 20 7946 0958', '+44 20 7946 0958']]) {
      fireEvent.change(phone, { target: { value: typed } });
      expect(phone.value).toBe(shown);
    }
    fireEvent.change(phone, { target: { value: '3125550111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    // what the projects service accepts (kit.phones keeps it as 3125550111), as the project wizard's contacts send it
    expect(api.create.mock.calls[0][0].clientCreate.contacts[0].phoneNumber).toBe('(312) 555-0111');
  }, 30000);
});

describe('Add / Edit Client asks before unsaved input is lost', () => {
  it('Cancel with a change typed asks "Leave / Stay": Stay keeps the input, Leave closes', async () => {
    const onClose = vi.fn();
    render(<ClientFormDialog client={row} mode="edit" onClose={onClose} />);
    typeInto('Client Name', 'Acme Health Partners');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Client Name' }) as HTMLInputElement).value).toBe('Acme Health Partners');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel with nothing changed, and the details view, close at once', () => {
    const onClose = vi.fn();
    const { unmount } = render(<ClientFormDialog client={row} mode="edit" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    unmount();
    render(<ClientFormDialog client={row} mode="view" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });
});
