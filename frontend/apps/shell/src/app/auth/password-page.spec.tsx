import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { makeStore } from '@frontend/shared-api';
import { PASSWORD_MISMATCH } from '@frontend/shared-util';
import PasswordPage from './password-page';

configure({ asyncUtilTimeout: 10_000 });

const api = vi.hoisted(() => ({ verify: vi.fn(), reset: vi.fn() }));
vi.mock('@frontend/shared-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/shared-api')>()),
  useIdentityPasswordTokenVerifyMutation: () => [api.verify],
  useIdentityPasswordResetMutation: () => [api.reset, { isLoading: false }],
}));

describe('Reset password', () => {
  it('drops the mismatch message once the password is changed to match the confirmation', async () => {
    api.verify.mockReturnValue({ unwrap: () => Promise.resolve({ data: { firstName: 'Cole', lastName: 'Cleaner', email: 'cleaner@demo.test' } }) });
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/reset-password/tok']}>
          <Routes><Route path="/reset-password/:resetToken" element={<PasswordPage mode="reset" />} /></Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('Hello Cole Cleaner,')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Abcdefg1' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Abcdefg2' } });
    expect(await screen.findByText(PASSWORD_MISMATCH)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'Abcdefg2' } });
    await waitFor(() => expect(screen.queryByText(PASSWORD_MISMATCH)).toBeNull());
  });
});

describe('a link that no longer works', () => {
  // journey audit: an invitation link used once already (or expired) sent the user to the login page in silence; the
  // server's reason ("Invalid or expired link") now goes with them, as a failure alert that survives the page change
  it.each([['create-password', 'create'], ['reset-password', 'reset']] as const)('%s: back to the root with the server\'s message', async (path, mode) => {
    api.verify.mockReturnValue({ unwrap: () => Promise.reject({ status: 400, message: 'Invalid or expired link' }) });
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[`/${path}/tok`]}>
          <Routes>
            <Route path={`/${path}/:resetToken`} element={<PasswordPage mode={mode} />} />
            <Route path="/" element={<p>Login page</p>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('Login page')).toBeTruthy();
    const alerts = store.getState().alerts.items;
    expect(alerts.map((a) => [a.kind, a.text, a.carry])).toEqual([['error', 'Invalid or expired link', true]]);
  });
});
