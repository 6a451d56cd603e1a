import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { failureAlert, makeStore } from '@frontend/shared-api';
import { LoginPage } from './login-page';

const api = vi.hoisted(() => ({ signIn: vi.fn(), sendOtp: vi.fn() }));

vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useIdentitySignInMutation: () => [api.signIn, { isLoading: false }],
  useIdentitySendOtpMutation: () => [api.sendOtp, { isLoading: false }],
}));
vi.mock('./otp-dialog', () => ({ OtpDialog: () => null, default: () => null }));

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
});
