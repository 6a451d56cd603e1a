import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { Role } from '@frontend/shared-util';
import { MyProfilePage } from './my-profile-page';

const api = vi.hoisted(() => ({ profile: { id: 21, role: 3, firstName: 'Ana', lastName: 'Diaz', email: 'ana@x.test', langIds: [] as number[] }, save: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useAppDispatch: () => vi.fn(),
  useIdentityGetProfileQuery: () => ({ data: { data: api.profile } }),
  useIdentityUpdateProfileMutation: () => [api.save, { isLoading: false }],
  useProjectsListLanguagesQuery: () => ({ data: { rows: [{ id: 1, name: 'English' }, { id: 2, name: 'Spanish' }], count: 2 } }),
}));
vi.mock('./authenticator-section', () => ({ AuthenticatorSection: () => null }));
vi.mock('./contact-change-dialog', () => ({ ContactChangeDialog: () => null }));

beforeEach(() => {
  api.save.mockReset().mockReturnValue({ unwrap: () => Promise.resolve({ message: 'ok', data: api.profile }) });
});

const page = () => render(<MemoryRouter><MyProfilePage /></MemoryRouter>);
const rename = () => fireEvent.change(screen.getByRole('textbox', { name: 'First Name' }), { target: { value: 'Anna' } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('My Profile: languages (spec §5 "the three surveyor roles also need langIds")', () => {
  it.each([Role.Surveyor, Role.CimrSurveyor, Role.KellerSurveyor])('role %i: no language is Required at the selector, and nothing is sent', async (role) => {
    api.profile = { ...api.profile, role, langIds: [] };
    page();
    rename();
    save();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Languages/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'English' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    save();
    await waitFor(() => expect(api.save).toHaveBeenCalledWith({ profileUpdate: { firstName: 'Anna', lastName: 'Diaz', langIds: [1] } }));
  }, 30000);

  it('other roles have no selector and save without languages', async () => {
    api.profile = { ...api.profile, role: Role.ProjectManager, langIds: [] };
    page();
    expect(screen.queryByRole('combobox', { name: /Languages/ })).toBeNull();
    rename();
    save();
    await waitFor(() => expect(api.save).toHaveBeenCalledWith({ profileUpdate: { firstName: 'Anna', lastName: 'Diaz' } }));
  });
});

describe('My Profile asks before unsaved input is lost', () => {
  const unload = () => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  };

  it('asks before the tab closes or reloads with a change typed, and not once it is saved', async () => {
    api.profile = { ...api.profile, role: Role.ProjectManager, firstName: 'Ana', langIds: [] };
    const { unmount } = page();
    expect(unload()).toBe(false);
    rename();
    expect(unload()).toBe(true);
    save();
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(unload()).toBe(false));
    unmount();
  });
});
