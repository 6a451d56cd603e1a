import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { tokenRefreshed } from '@frontend/shared-api';
import { authenticatorCodeSchema } from '@frontend/shared-forms';
import { AuthenticatorSection } from './authenticator-section';

// The section's calls are replaced: each test decides what the server answers.
const calls = vi.hoisted(() => ({
  status: { enabled: false, required: false, recoveryCodesLeft: 0 },
  start: vi.fn(),
  confirm: vi.fn(),
  disable: vi.fn(),
  // thunks (the token refresh) answer a new token; plain actions come back as they are
  dispatch: vi.fn((a: unknown) => (typeof a === 'function'
    ? { unwrap: () => Promise.resolve({ data: { accessToken: 'fresh-token', user: { id: 7 } } }) } : a)),
}));

vi.mock('@frontend/shared-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@frontend/shared-api')>();
  return {
    ...actual,
    useIdentityGetTotpStatusQuery: () => ({ data: { data: calls.status } }),
    useIdentityStartTotpEnrolmentMutation: () => [calls.start, { isLoading: false }],
    useIdentityConfirmTotpEnrolmentMutation: () => [calls.confirm, { isLoading: false }],
    useIdentityDisableTotpMutation: () => [calls.disable, { isLoading: false }],
    useAppDispatch: () => calls.dispatch,
  };
});

const ok = (data: unknown) => ({ unwrap: () => Promise.resolve({ message: '', data }) });
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-2345${i}`);

describe('authenticator app in My Profile', () => {
  beforeEach(() => {
    calls.status = { enabled: false, required: false, recoveryCodesLeft: 0 };
    vi.clearAllMocks();
  });

  it('sets up with the password, shows the QR code and the key as text, then the recovery codes once', async () => {
    calls.start.mockReturnValue(ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,AA' }));
    calls.confirm.mockReturnValue(ok({ recoveryCodes: codes }));
    render(<AuthenticatorSection setupAsked={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const dlg = screen.getByRole('dialog', { name: 'Set up authenticator app' });
    fireEvent.click(within(dlg).getByRole('button', { name: 'Continue' }));
    expect(await within(dlg).findByText('Required')).toBeTruthy();
    expect(calls.start).not.toHaveBeenCalled();
    fireEvent.change(within(dlg).getByLabelText('Current password'), { target: { value: 'Demo-pass-1' } });
    fireEvent.click(within(dlg).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.start).toHaveBeenCalledWith({ totpEnrolmentStart: { password: 'Demo-pass-1' } }));
    expect((await within(dlg).findByRole('img', { name: 'QR code for your authenticator app' })).getAttribute('src')).toMatch(/^data:image\/svg/);
    expect(within(dlg).getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.change(within(dlg).getByLabelText('Code from the app'), { target: { value: '12345' } });
    fireEvent.click(within(dlg).getByRole('button', { name: 'Turn on' }));
    expect(await within(dlg).findByText('Enter the six-digit code')).toBeTruthy();
    fireEvent.change(within(dlg).getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(within(dlg).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(calls.confirm).toHaveBeenCalledWith({ totpEnrolmentConfirm: { code: '123456' } }));
    expect(within(await within(dlg).findByTestId('recovery-codes')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    // the session's token is renewed at once: one issued before the set-up may open nothing but the set-up
    await waitFor(() => expect(calls.dispatch).toHaveBeenCalledWith(tokenRefreshed({ token: 'fresh-token', user: { id: 7 } as never })));
  });

  it('asks a user whose role requires it to set it up, and offers no turn-off once on', () => {
    calls.status = { enabled: false, required: true, recoveryCodesLeft: 0 };
    const { unmount } = render(<AuthenticatorSection setupAsked />);
    expect(screen.getByText(/Your role signs in with an authenticator app/)).toBeTruthy();
    unmount();
    calls.status = { enabled: true, required: true, recoveryCodesLeft: 7 };
    render(<AuthenticatorSection setupAsked={false} />);
    expect(screen.getByTestId('totp-status').textContent).toContain('Recovery codes left: 7');
    expect(screen.queryByRole('button', { name: 'Turn off authenticator app' })).toBeNull();
  });

  it('accepts six digits or a recovery code at sign-in', () => {
    const ok1 = (otp: string) => authenticatorCodeSchema.safeParse({ otp }).success;
    expect(ok1('123456')).toBe(true);
    expect(ok1('abcde-23456')).toBe(true);
    expect(ok1('ABCDE23456')).toBe(true);
    expect(ok1('12345')).toBe(false);
    expect(ok1('abc!e-23456')).toBe(false);
  });
});
