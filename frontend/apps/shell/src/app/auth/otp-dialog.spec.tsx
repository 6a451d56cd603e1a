import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { vi } from 'vitest';
import { makeStore } from '@frontend/shared-api';
import { OtpDialog } from './otp-dialog';

configure({ asyncUtilTimeout: 10_000 });

const api = vi.hoisted(() => ({ verify: vi.fn() }));
vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useIdentityVerifyOtpMutation: () => [api.verify, { isLoading: false }],
}));

const user = { id: 5, firstName: 'Fiona', lastName: 'Finance', email: 'finance@demo.test', role: 5, phoneNumber: null };
const open = (props: Partial<Parameters<typeof OtpDialog>[0]> = {}) =>
  render(
    <Provider store={makeStore()}>
      <OtpDialog open user={user} authenticator="none" onVerified={vi.fn()} onClose={vi.fn()} onResend={vi.fn()} {...props} />
    </Provider>,
  );

describe('Verification code dialog', () => {
  it('says where the code went as the server answered (an account without a phone gets it by e-mail)', () => {
    open({ sentTo: 'f***@demo.test' });
    expect(screen.getByText('Enter the six-digit code sent to f***@demo.test.')).toBeTruthy();
    expect(screen.getByTestId('otp-countdown').textContent).toBe('Code expires in 4:59');
  });

  it('closes on a 429 (the owner resets the code status), and stays open on a wrong code', async () => {
    const onClose = vi.fn();
    api.verify.mockReturnValueOnce({ unwrap: () => Promise.reject({ status: 400, message: 'Invalid verification code' }) })
      .mockReturnValueOnce({ unwrap: () => Promise.reject({ status: 429, message: 'Too Many Requests' }) });
    open({ onClose });
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.verify).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
