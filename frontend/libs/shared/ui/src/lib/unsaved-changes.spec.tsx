import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { UNSAVED_TEXT, useUnsavedChangesPrompt } from './unsaved-changes';

function Form() {
  const [name, setName] = useState('');
  const navigate = useNavigate();
  const { prompt, allow } = useUnsavedChangesPrompt(name !== '');
  return (
    <>
      <h1>Form</h1>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <Link to="/elsewhere">Elsewhere</Link>
      <button onClick={() => allow(() => navigate('/elsewhere'))}>Save</button>
      {prompt}
    </>
  );
}

const mount = () => render(
  <MemoryRouter initialEntries={['/form']}>
    <Routes>
      <Route path="/form" element={<Form />} />
      <Route path="/elsewhere" element={<h1>Elsewhere page</h1>} />
    </Routes>
  </MemoryRouter>,
);
const unload = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

describe('useUnsavedChangesPrompt', () => {
  it('lets a page without changes go at once, and the tab close without asking', () => {
    mount();
    expect(unload()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });

  it('asks before typed input is lost: Stay keeps it, Leave goes on', () => {
    mount();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Clinic' } });
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByText(UNSAVED_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Clinic');
    fireEvent.click(screen.getByText('Elsewhere'));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
    expect(unload()).toBe(false);
  });

  it('does not ask about the page\'s own navigation after a save', () => {
    mount();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Clinic' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('heading', { name: 'Elsewhere page' })).toBeTruthy();
  });
});
