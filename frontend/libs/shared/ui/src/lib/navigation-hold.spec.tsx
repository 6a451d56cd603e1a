import { vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, Link, Route, Routes, useNavigate } from 'react-router-dom';
import { installPopGate } from '@frontend/shared-util';
import { useNavigationHold } from './navigation-hold';

function Page({ anchors }: { anchors: boolean }) {
  const navigate = useNavigate();
  const hold = useNavigationHold(true, { catchAnchors: anchors });
  const goOn = () => {
    const go = hold.take();
    hold.release();
    go?.();
  };
  return (
    <>
      <h1>Held page</h1>
      <button onClick={() => navigate('/elsewhere', { replace: true })}>Replace</button>
      <button onClick={hold.release}>Release</button>
      <Link to="/elsewhere">Router link</Link>
      <a href="/elsewhere?tab=2">Plain anchor</a>
      {hold.pending && (
        <div role="dialog" aria-label="Question">
          <button onClick={hold.cancel}>Stay</button>
          <button onClick={goOn}>Go on</button>
        </div>
      )}
    </>
  );
}

const mount = (anchors = false) => {
  window.history.replaceState(null, '', '/');
  return render(
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Link to="/held">Open</Link>} />
        <Route path="/held" element={<Page anchors={anchors} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
      </Routes>
    </BrowserRouter>,
  );
};
const open = (anchors = false) => {
  mount(anchors);
  fireEvent.click(screen.getByRole('link', { name: 'Open' }));
  expect(screen.getByRole('heading', { name: 'Held page' })).toBeTruthy();
};
const question = () => screen.queryByRole('dialog', { name: 'Question' });
const answer = (name: 'Stay' | 'Go on') => fireEvent.click(screen.getByRole('button', { name }));
const unload = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

describe('useNavigationHold', () => {
  it('holds the navigator\'s push and replace until the held navigation is taken; cancel drops it', () => {
    open();
    fireEvent.click(screen.getByRole('link', { name: 'Router link' }));
    expect(question()).toBeTruthy();
    answer('Stay');
    expect(question()).toBeNull();
    expect(window.location.pathname).toBe('/held');
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(question()).toBeTruthy();
    expect(window.location.pathname).toBe('/held');
    answer('Go on');
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
    expect(window.history.state.idx).toBe(1); // replaced, not pushed
  });

  it('blocks the tab closing while it holds, and lets go when the page does', () => {
    const { unmount } = mount();
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(unload()).toBe(true);
    unmount();
    expect(unload()).toBe(false);
  });

  it('steps Back back to the page before the router sees it; the taken step goes back', async () => {
    open();
    act(() => window.history.back());
    await screen.findByRole('dialog', { name: 'Question' });
    await waitFor(() => expect(window.location.pathname).toBe('/held'));
    expect(screen.getByRole('heading', { name: 'Held page' })).toBeTruthy();
    answer('Go on');
    await screen.findByRole('link', { name: 'Open' });
    expect(window.location.pathname).toBe('/');
  });

  it('lets navigations through once released', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    fireEvent.click(screen.getByRole('link', { name: 'Router link' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  const clickPlainAnchor = () => {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByRole('link', { name: 'Plain anchor' }).dispatchEvent(click);
    return click.defaultPrevented;
  };

  it('leaves a plain anchor alone unless asked to catch it', async () => {
    open();
    let prevented: boolean | null = null;
    const seenAfter = (e: Event) => {
      prevented = e.defaultPrevented;
      e.preventDefault(); // jsdom does not load another document
    };
    document.addEventListener('click', seenAfter);
    clickPlainAnchor();
    document.removeEventListener('click', seenAfter);
    expect(prevented).toBe(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(question()).toBeNull();
  });

  it('with catchAnchors holds a plain anchor and goes on to its address with the router', async () => {
    open(true);
    expect(clickPlainAnchor()).toBe(true);
    await screen.findByRole('dialog', { name: 'Question' });
    expect(window.location.pathname).toBe('/held');
    answer('Go on');
    expect(window.location.pathname + window.location.search).toBe('/elsewhere?tab=2');
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('takes Back through the shell\'s popstate gate once it is in place (last: the gate stays)', async () => {
    installPopGate();
    const router = vi.fn();
    window.addEventListener('popstate', router); // after the gate, as the router's listener is
    open();
    router.mockClear();
    act(() => window.history.back());
    await screen.findByRole('dialog', { name: 'Question' });
    await waitFor(() => expect(window.location.pathname).toBe('/held'));
    expect(router).not.toHaveBeenCalled(); // neither the step nor the step back reached a later listener
    window.removeEventListener('popstate', router);
  });
});
