import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { failureAlert, makeStore } from '@frontend/shared-api';
import { LoginPage } from './login-page';

const api = vi.hoisted(() => ({ signIn: vi.fn(), sendOtp: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useIdentitySignInMutation: () => [api.signIn, { isLoading: false }],
  useIdentitySendOtpMutation: () => [api.sendOtp, { isLoading: false }],
}));
// The code dialog stands in as the place it says the code went to.
vi.mock('./otp-dialog', () => ({
  OtpDialog: ({ open, sentTo }: { open: boolean; sentTo?: string | null }) => (open ? <p data-testid="otp-sent-to">{sentTo}</p> : null),
  default: () => null,
}));

const result = (value: unknown) => ({ unwrap: () => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value)) });

describe('Login', () => {
  it('clears the failure of an earlier try once the password is right', async () => {
    const store = makeStore();
    const user = { id: 4, firstName: 'Sam', lastName: 'Surveyor', role: 3, phoneNumber: '3125550100' };
    api.signIn.mockReturnValueOnce(result(new Error('401'))).mockReturnValueOnce(result({ data: { user } }));
    api.sendOtp.mockReturnValue(result({ message: 'sent' }));
    render(<Provider store={store}><MemoryRouter><LoginPage /></MemoryRouter></Provider>);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'surveyor@demo.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(api.signIn).toHaveBeenCalledTimes(1));
    act(() => { store.dispatch(failureAlert(401, 'Invalid email or password')); }); // what the alert middleware does
    expect(store.getState().alerts.items).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(api.sendOtp).toHaveBeenCalled());
    expect(store.getState().alerts.items).toEqual([]);
  });

  it('tells a CIMR Surveyor the code went to the chosen manager\'s phone, not their own', async () => {
    const manager = { id: 8, firstName: 'Carmen', lastName: 'Manager', phoneNumber: '(***) ***-0109' };
    const user = { id: 9, firstName: 'Chris', lastName: 'Contractor', role: 7, phoneNumber: '(***) ***-0108', cimrList: [manager] };
    api.signIn.mockReset().mockReturnValue(result({ data: { user } }));
    api.sendOtp.mockReset().mockReturnValue(result({ message: 'Verification code sent', data: { expiresIn: 300, channel: 'sms', sentTo: '(***) ***-0109' } }));
    render(<Provider store={makeStore()}><MemoryRouter><LoginPage /></MemoryRouter></Provider>);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'cimr-surveyor@demo.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'Demo-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Carmen Manager/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(api.sendOtp).toHaveBeenCalledWith({ sendOtp: { id: 9, cimrManagerId: 8, phoneNumber: '(***) ***-0109', name: 'Chris Contractor' } }));
    expect((await screen.findByTestId('otp-sent-to')).textContent).toBe('(***) ***-0109');
  });

  it('checks the fields on submit with the spec\'s messages, focuses the first wrong one, then re-checks as they change', async () => {
    api.signIn.mockReset().mockReturnValue(result({ data: { user: { id: 1, firstName: 'A', lastName: 'B', role: 0 } } }));
    api.sendOtp.mockReset().mockReturnValue(result({ message: 'sent' }));
    render(<Provider store={makeStore()}><MemoryRouter><LoginPage /></MemoryRouter></Provider>);
    const email = screen.getByLabelText(/Email/);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(document.activeElement).toBe(email);
    expect(api.signIn).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'nobody@' } });
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    fireEvent.change(email, { target: { value: '  admin@demo.test ' } });
    await waitFor(() => expect(screen.queryByText('Invalid email address')).toBeNull());
    expect(screen.getAllByText('Required')).toHaveLength(1); // the password's, still empty

    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: ' Demo-pass-1 ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember this account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(api.signIn).toHaveBeenCalledTimes(1));
    expect(api.signIn.mock.calls[0][0].signIn).toMatchObject({ email: 'admin@demo.test', password: 'Demo-pass-1', isRemember: true });
  });

  it('goes back to the address the user opened signed out (?next=), and only to a path of this site', async () => {
    const Where = () => <output data-testid="where">{useLocation().pathname + useLocation().search}</output>;
    const user = { id: 1, firstName: 'Ada', lastName: 'Admin', role: 0 };
    for (const [next, landing] of [['/admin/languages?page=2', '/admin/languages?page=2'], ['https://evil.example/admin/languages', '/admin/account-management']]) {
      api.signIn.mockReset().mockReturnValue(result({ data: { user, accessToken: 'token' } }));
      const { unmount } = render(
        <Provider store={makeStore()}><MemoryRouter initialEntries={[`/?next=${encodeURIComponent(next)}`]}><LoginPage /><Where /></MemoryRouter></Provider>);
      fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'admin@demo.test' } });
      fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'Demo-pass-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(landing));
      unmount();
    }
  });
});
