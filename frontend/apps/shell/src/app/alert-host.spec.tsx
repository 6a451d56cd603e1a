import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Link, MemoryRouter } from 'react-router-dom';
import { failureAlert, makeStore, successNotice } from '@frontend/shared-api';
import { AlertHost } from './alert-host';

function Navigator() {
  return (
    <nav>
      <Link to="/forgot-password">Forgot Password</Link>
      <Link to="/">Login</Link>
    </nav>
  );
}
const go = (name: string) => fireEvent.click(screen.getByRole('link', { name }));

describe('AlertHost', () => {
  it('shows a failure in words with its status below, and clears it when the user goes to another page', async () => {
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/']}>
          <Navigator />
          <AlertHost />
        </MemoryRouter>
      </Provider>,
    );
    act(() => { store.dispatch(failureAlert(401, 'Invalid email or password')); });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('Invalid email or password');
    expect(alert.textContent).toContain('Status 401');
    expect(alert.textContent).not.toContain('401: ');
    act(() => go('Forgot Password'));
    act(() => { store.dispatch(successNotice('A reset link was sent to your email')); });
    const notices = await screen.findAllByRole('alert');
    expect(notices.map((n) => n.textContent)).toEqual(['A reset link was sent to your email']);
    // the success notice stays when the page returns to the root (Forgot Password does so after ~50 ms)
    act(() => go('Login'));
    expect(screen.getAllByRole('alert').map((n) => n.textContent)).toEqual(['A reset link was sent to your email']);
  });
});
