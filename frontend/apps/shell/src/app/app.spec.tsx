import { configure, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { AUTH_STORAGE, makeStore } from '@frontend/shared-api';
import { DEFAULT_ERROR_TEXT, Role } from '@frontend/shared-util';

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
