import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { AUTH_STORAGE, makeStore } from '@frontend/shared-api';
import { NAV_ENTRIES, Role } from '@frontend/shared-util';
import AppLayout from './app-layout';

describe('navigation', () => {
  afterEach(() => localStorage.clear());

  it('gives every entry of every role an icon of its own', () => {
    const byIcon = new Map<string, string>();
    for (const entry of Object.values(NAV_ENTRIES).flat()) {
      expect(entry.icon).toBeTruthy();
      expect(byIcon.get(entry.icon) ?? entry.label).toBe(entry.label);
      byIcon.set(entry.icon, entry.label);
    }
  });

  it('collapsed, shows an icon per entry with its name as a tooltip (no initials)', async () => {
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't', user: { id: 3, firstName: 'Quinn', lastName: 'Quality', email: 'qa@demo.test', role: Role.Quality } }));
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/qa/call-log']}>
          <AppLayout />
        </MemoryRouter>
      </Provider>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Call Log', 'User Directory']);
    // each link is an item of the list (a <ul> may hold <li> only)
    const list = within(nav).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect([...list.children].every((c) => c.tagName === 'LI')).toBe(true);
    expect(links.every((l) => l.querySelector('svg'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    const directory = within(nav).getByRole('link', { name: 'User Directory' });
    expect(directory.textContent).toBe('');
    expect(directory.querySelector('svg')).toBeTruthy();
    act(() => { fireEvent.mouseOver(directory); });
    expect((await screen.findByRole('tooltip', {}, { timeout: 10_000 })).textContent).toBe('User Directory');
  });

  it('titles the page by the navigation entry it is under (WCAG 2.4.2)', () => {
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't', user: { id: 3, firstName: 'Quinn', lastName: 'Quality', email: 'qa@demo.test', role: Role.Quality } }));
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/qa/call-log']}>
          <AppLayout />
        </MemoryRouter>
      </Provider>,
    );
    expect(document.title).toBe('Call Log - SurveyOps');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'User Directory' }));
    expect(document.title).toBe('User Directory - SurveyOps');
  });

  it('titles screens outside the navigation by their own name (a project, a viewer, a call), not just SurveyOps', () => {
    const at = (role: Role, path: string) => {
      localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't', user: { id: 3, firstName: 'A', lastName: 'B', email: 'a@demo.test', role } }));
      const view = render(<Provider store={makeStore()}><MemoryRouter initialEntries={[path]}><AppLayout /></MemoryRouter></Provider>);
      const title = document.title;
      view.unmount();
      return title;
    };
    expect(at(Role.ProjectManager, '/project-manager/detail/7')).toBe('Project Details - SurveyOps');
    expect(at(Role.Operations, '/ops/escalation-detail/3')).toBe('Escalation Details - SurveyOps');
    expect(at(Role.Surveyor, '/surveyor/survey-call/7')).toBe('Survey Call - SurveyOps');
    expect(at(Role.Admin, '/admin/projects/add')).toBe('Add Project - SurveyOps');
    expect(at(Role.Admin, '/admin/projects/7/view')).toBe('Project Details - SurveyOps');
    expect(at(Role.Quality, '/qa/call-log-download/4')).toBe('Call Log Download - SurveyOps');
  });
});

describe('top bar on a 390 px phone (layout audit)', () => {
  afterEach(() => localStorage.clear());

  it('lets a long user name give way, so Logout is not pushed past the right edge', () => {
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't', user: { id: 3, firstName: 'Olivia', lastName: 'Operations', email: 'ops@demo.test', role: Role.Operations } }));
    render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={['/ops/my-projects']}>
          <AppLayout />
        </MemoryRouter>
      </Provider>,
    );
    const name = getComputedStyle(screen.getByTestId('user-name'));
    expect([name.minWidth, name.overflow, name.textOverflow, name.whiteSpace]).toEqual(['0', 'hidden', 'ellipsis', 'nowrap']);
  });

  it('shows My Profile and Logout as their named icons and drops the version, so nothing wraps or overlaps', () => {
    // the window is a phone's: every "max-width" query at or above 390 px matches
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? 0) >= 390, media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    localStorage.setItem(AUTH_STORAGE, JSON.stringify({ token: 't', user: { id: 4, firstName: 'Sam', lastName: 'Surveyor', email: 'surveyor@demo.test', role: Role.Surveyor } }));
    try {
      render(
        <Provider store={makeStore()}>
          <MemoryRouter initialEntries={['/surveyor/my-projects']}>
            <AppLayout />
          </MemoryRouter>
        </Provider>,
      );
      for (const label of ['My Profile', 'Logout']) {
        const button = screen.getByRole('button', { name: label });
        expect(button.querySelector('svg')).toBeTruthy();
        expect(button.textContent).toBe('');
      }
      expect(screen.queryByText(/^v\d/)).toBeNull();
      expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy(); // the mobile layout, too
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('focus after a page change', () => {
  const QA = { token: 't', user: { id: 3, firstName: 'Quinn', lastName: 'Quality', email: 'qa@demo.test', role: Role.Quality } };
  afterEach(() => { localStorage.clear(); vi.useRealTimers(); });

  /** A page whose heading comes once its data has (a lazily loaded screen, a query). */
  function LatePage() {
    const [ready, setReady] = useState(false);
    useEffect(() => { const t = setTimeout(() => setReady(true), 50); return () => clearTimeout(t); }, []);
    return ready ? <h5>User Directory</h5> : <p>Loading</p>;
  }

  const layout = (first: string, pages: Record<string, ReactNode>) => {
    localStorage.setItem(AUTH_STORAGE, JSON.stringify(QA));
    return render(
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={[first]}>
          <Routes>
            <Route element={<AppLayout />}>
              {Object.entries(pages).map(([path, page]) => <Route key={path} path={path} element={page} />)}
            </Route>
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
  };
  const navLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name });

  it('lands on the page heading when the signed-in layout opens (after sign-in)', () => {
    layout('/qa/call-log', { '/qa/call-log': <h1>Call Log</h1> });
    const heading = screen.getByRole('heading', { name: 'Call Log' });
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
    expect(heading.style.outline).toBe('none'); // no black box around the heading: it is no control
  });

  it('moves the focus from the navigation link to the new page heading, once the page has drawn it', async () => {
    layout('/qa/call-log', { '/qa/call-log': <h1>Call Log</h1>, '/qa/user-directory': <LatePage /> });
    const link = navLink('User Directory');
    link.focus();
    fireEvent.click(link);
    expect(document.activeElement).toBe(link); // the page is not drawn yet
    const heading = await screen.findByRole('heading', { name: 'User Directory' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('moves the focus from the page body when the control that navigated is gone', () => {
    layout('/qa/call-log', {
      '/qa/call-log': <h1>Call Log</h1>,
      '/qa/user-directory': <h5>User Directory</h5>,
    });
    (document.activeElement as HTMLElement).blur();
    fireEvent.click(navLink('User Directory'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'User Directory' }));
  });

  it('waits for the new page rather than the one React keeps hidden while it loads', async () => {
    let arrive: (m: { default: () => ReactNode }) => void = () => undefined;
    const Directory = lazy(() => new Promise<{ default: () => ReactNode }>((r) => { arrive = r; }));
    layout('/qa/call-log', {
      '/qa/*': (
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="call-log" element={<h1>Call Log</h1>} />
            <Route path="user-directory" element={<Directory />} />
          </Routes>
        </Suspense>
      ),
    });
    const link = navLink('User Directory');
    link.focus();
    fireEvent.click(link);
    await screen.findByText('Loading');
    expect(document.activeElement).toBe(link); // not the hidden heading of the page before
    await act(async () => arrive({ default: () => <h5>User Directory</h5> }));
    const heading = await screen.findByRole('heading', { name: 'User Directory' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus on a field the page autofocuses', () => {
    layout('/qa/call-log', {
      '/qa/call-log': <h1>Call Log</h1>,
      '/qa/user-directory': <><h5>User Directory</h5><button type="button" autoFocus>Start Call</button></>,
    });
    const link = navLink('User Directory');
    link.focus();
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start Call' }));
  });

  it('does not take the focus out of a dialog opened meanwhile', async () => {
    layout('/qa/call-log', { '/qa/call-log': <h1>Call Log</h1>, '/qa/user-directory': <LatePage /> });
    const link = navLink('User Directory');
    link.focus();
    fireEvent.click(link);
    const dialog = document.createElement('div'); // a dialog is portaled outside the layout
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.appendChild(button);
    document.body.appendChild(dialog);
    act(() => button.focus());
    await screen.findByRole('heading', { name: 'User Directory' });
    await new Promise((r) => setTimeout(r, 20));
    expect(document.activeElement).toBe(button);
    dialog.remove();
  });

  it('offers "Skip to main content" as the first stop of Tab, which takes the focus to <main>', () => {
    layout('/qa/call-log', { '/qa/call-log': <h1>Call Log</h1> });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    const focusable = document.querySelectorAll('a[href], button, input, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('focuses <main> when the page never shows a heading', () => {
    vi.useFakeTimers();
    layout('/qa/call-log', { '/qa/call-log': <p>No heading here</p> });
    expect(document.activeElement).toBe(document.body);
    act(() => { vi.advanceTimersByTime(16_000); });
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
