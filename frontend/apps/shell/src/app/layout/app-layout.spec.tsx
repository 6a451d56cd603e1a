import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
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
});
