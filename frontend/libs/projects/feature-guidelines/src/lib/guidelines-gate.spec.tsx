import { act, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { GuidelinesGate } from './guidelines-gate';

const api = vi.hoisted(() => ({ update: vi.fn() }));

vi.mock('@frontend/projects-data-access', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@frontend/projects-data-access')>()),
  useGuidelineStatusQuery: () => ({ data: { required: true }, isLoading: false }),
  useListGuidelinesQuery: () => ({ data: { rows: [{ id: 1, isCurrent: true, url: '/g.pdf', fileName: 'Call script v1' }], count: 1 } }),
  useUpdateGuidelineStatusMutation: () => [api.update, { isLoading: false }],
}));
vi.mock('./pdf-viewer-lazy', () => ({ PdfViewerLazy: ({ title }: { title: string }) => <p>{title}</p> }));

// The gate on a surveyor's keyboard (layout audit): it sits over the top bar and the navigation, so the focus must
// start in it and stay there; it may not be dismissed with Escape (one of its answers is needed), while its
// "Confirm as read" dialog may, giving the focus back to the button that opened it.
describe('GuidelinesGate by keyboard', () => {
  const gate = () => render(
    <>
      <button type="button">Logout</button>
      <GuidelinesGate projectId={7}><p>Call screen</p></GuidelinesGate>
    </>,
  );

  it('is a modal that takes the focus and keeps it from the page beneath', () => {
    gate();
    const dialog = screen.getByRole('dialog', { name: 'Project guidelines' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    // the page beneath is hidden from the keyboard and screen readers while the gate is up
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Project guidelines' })).toBeTruthy();
    expect(screen.queryByText('Call screen')).toBeNull();
  });

  it('closes "Confirm as read" on Escape and gives the focus back to its button', async () => {
    gate();
    const open = screen.getByRole('button', { name: 'Confirm as read' });
    act(() => open.focus());
    fireEvent.click(open);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm as read' });
    fireEvent.keyDown(confirm, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm as read' })).toBeNull());
    expect(document.activeElement).toBe(open);
  });
});
