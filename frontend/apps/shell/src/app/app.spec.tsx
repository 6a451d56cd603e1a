import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AUTH_STORAGE, loggedOut, makeStore } from '@frontend/shared-api';
import { act } from 'react';
import { DEFAULT_ERROR_TEXT, NOT_ALLOWED_TEXT, Role } from '@frontend/shared-util';

// Lazy chunks and MUI pickers render slowly on a loaded 2-core machine: wait up to 10 s, not 1 s.
configure({ asyncUtilTimeout: 10_000 });

// The role areas are module-federation remotes; here one stand-in remote has a page that fails to render.
function Boom(): never {
  throw new Error('render failure');
}
function FakeRemote() {
  return (
    <Routes>
      <Route path="boom" element={<Boom />} />
      <Route path="*" element={<h1>A healthy page</h1>} />
    </Routes>
  );
}
vi.mock('./remotes', () => ({
  REMOTE_NAMES: ['admin', 'manager', 'surveyor', 'quality', 'cleaner', 'cimr'],
  loadRemoteRoutes: () => Promise.resolve({ default: FakeRemote }),
}));

const { App } = await import('./app');

describe('App error boundary', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't', user: { id: 1, firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.test', role: Role.Admin } }));
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('shows the default error text for a render error and drops it after navigating', async () => {
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/admin/boom']}>
          <App />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText(DEFAULT_ERROR_TEXT)).toBeTruthy();
    // the navigation is still there: the boundary sits inside the signed-in layout
    fireEvent.click(screen.getByRole('link', { name: 'Languages' }));
    expect(await screen.findByRole('heading', { name: 'A healthy page' })).toBeTruthy();
    expect(screen.queryByText(DEFAULT_ERROR_TEXT)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Account Management' }));
    expect(await screen.findByRole('heading', { name: 'A healthy page' })).toBeTruthy();
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const renderAt = (path: string) => render(
  <Provider store={makeStore()}>
    <MemoryRouter initialEntries={[path]}>
      <App />
      <Where />
    </MemoryRouter>
  </Provider>,
);

const signInAs = (role: Role) => localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't', user: { id: 1, firstName: 'Ada', lastName: 'User', email: 'a@demo.test', role } }));

describe('App addresses', () => {
  afterEach(() => localStorage.clear());

  it('sends a signed-out user to the login page with the address opened, query included', async () => {
    renderAt('/ops/escalations?status=resolved&page=2');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/?next=${encodeURIComponent('/ops/escalations?status=resolved&page=2')}`);
  });

  it('a logout on a protected page leads to the plain login page: the next user to sign in is not sent back to it', async () => {
    signInAs(Role.Operations);
    const store = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/ops/escalations?page=2']}>
          <App />
          <Where />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'A healthy page' })).toBeTruthy();
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('sends a signed-in user from the login page to the address it holds, not to the home page', async () => {
    signInAs(Role.Operations);
    renderAt(`/?next=${encodeURIComponent('/ops/escalations?page=2')}`);
    expect(await screen.findByRole('heading', { name: 'A healthy page' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/ops/escalations?page=2');
  });

  it('never follows a login address off the site', async () => {
    signInAs(Role.Operations);
    renderAt(`/?next=${encodeURIComponent('//evil.example/ops/x')}`);
    expect(await screen.findByRole('heading', { name: 'A healthy page' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/ops/my-projects');
  });

  it('takes a user to their home with a message when the address belongs to another role', async () => {
    signInAs(Role.ProjectManager);
    renderAt('/admin/account-management');
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/project-manager/my-projects');
  });

  it('shows a not-found page with a way home for an unknown address', async () => {
    signInAs(Role.Quality);
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found - SurveyOps'));
    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'A healthy page' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/qa/call-log');
  });
});
