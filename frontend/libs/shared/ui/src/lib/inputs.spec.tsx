import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { vi } from 'vitest';
import { PASSWORD_RULES } from '@frontend/shared-util';
import { IsoDatePicker } from './iso-date-picker';
import { toIsoDate } from './iso-date-picker-impl';
import { PasswordChecklist } from './password-checklist';

// Lazy chunks and MUI pickers render slowly on a loaded 2-core machine: wait up to 10 s, not 1 s.
configure({ asyncUtilTimeout: 10_000 });

describe('PasswordChecklist', () => {
  const met = () =>
    Object.fromEntries(within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem').map((li) => [li.textContent, li.getAttribute('data-met')]));

  it('lists the four rules of spec §5 and ticks them as the password changes', () => {
    const { rerender } = render(<PasswordChecklist value="" />);
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual(['At Least One Letter', 'At Least One Capital Letter', 'At Least One Number', 'At least 8 characters long']);
    expect(met()).toEqual({ 'At Least One Letter': 'false', 'At Least One Capital Letter': 'false', 'At Least One Number': 'false', 'At least 8 characters long': 'false' });
    rerender(<PasswordChecklist value="short" />);
    expect(met()).toEqual({ 'At Least One Letter': 'true', 'At Least One Capital Letter': 'false', 'At Least One Number': 'false', 'At least 8 characters long': 'false' });
    rerender(<PasswordChecklist value="12345678" />);
    expect(met()).toEqual({ 'At Least One Letter': 'false', 'At Least One Capital Letter': 'false', 'At Least One Number': 'true', 'At least 8 characters long': 'true' });
    rerender(<PasswordChecklist value="Demo-pass-1" />);
    expect(Object.values(met())).toEqual(['true', 'true', 'true', 'true']);
  });
});

describe('IsoDatePicker', () => {
  it('turns a day into YYYY-MM-DD and an invalid or empty one into null', () => {
    expect(toIsoDate(dayjs('2026-03-05T23:59:00'))).toBe('2026-03-05');
    expect(toIsoDate(dayjs('not a date'))).toBeNull();
    expect(toIsoDate(null)).toBeNull();
  });

  function DateHarness({ onChange }: { onChange: (v: string | null) => void }) {
    const [value, setValue] = useState<string | null>('2026-03-05');
    return <IsoDatePicker label="Start Date" value={value} onChange={(v) => { setValue(v); onChange(v); }} error={value ? undefined : 'Required'} />;
  }

  it('shows an ISO value as MM/DD/YYYY and gives back ISO when the user picks a day', async () => {
    const onChange = vi.fn();
    const { container } = render(<DateHarness onChange={onChange} />);
    await waitFor(() => expect(container.querySelector('input[value="03/05/2026"]')).toBeTruthy());
    expect(screen.getByRole('spinbutton', { name: 'Month' }).textContent).toBe('03');
    fireEvent.click(screen.getByRole('button', { name: /Choose date, selected date is Mar 5, 2026/ }));
    fireEvent.click(await screen.findByRole('gridcell', { name: '12' }));
    const ok = screen.queryByRole('button', { name: 'OK' });
    if (ok) fireEvent.click(ok);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-03-12'));
    expect(container.querySelector('input[value="03/12/2026"]')).toBeTruthy();
  });

  it('says beside the field when the date shown is no day at all', async () => {
    render(<IsoDatePicker label="From" value="not-a-date" onChange={vi.fn()} />);
    expect(await screen.findByText('Invalid date (MM/DD/YYYY)')).toBeTruthy();
  });

  it('says "Invalid date" for a day typed that does not exist (02/30/2026), keeps what was typed and gives the form no value', async () => {
    const seen: (string | null)[] = [];
    function Form() { // the form holds the picker's answer, as every filter bar does
      const [value, setValue] = useState<string | null>(null);
      return <IsoDatePicker label="From" value={value} onChange={(v) => { setValue(v); seen.push(v); }} />;
    }
    const { container } = render(<Form />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('02302026');
    expect(await screen.findByText('Invalid date (MM/DD/YYYY)')).toBeTruthy();
    // every key typed stays in the field (the year was dropped once the form handed its null back)
    await waitFor(() => expect(container.querySelector('input[value="02/30/2026"]')).toBeTruthy());
    expect(seen.at(-1) ?? null).toBeNull();

    // corrected to a real day: the form gets it and the message goes
    await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('28');
    await waitFor(() => expect(seen.at(-1)).toBe('2026-02-28'));
    await waitFor(() => expect(screen.queryByText('Invalid date (MM/DD/YYYY)')).toBeNull());
  });

  it('says "Invalid date" on leaving a date typed only in part (11/27/YYYY), and not for an empty one', async () => {
    const seen: (string | null)[] = [];
    function Form() {
      const [value, setValue] = useState<string | null>(null);
      return <><IsoDatePicker label="From" value={value} onChange={(v) => { setValue(v); seen.push(v); }} /><button type="button">Search</button></>;
    }
    render(<Form />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('spinbutton', { name: 'Month' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByText('Invalid date (MM/DD/YYYY)')).toBeNull();

    await user.click(screen.getByRole('spinbutton', { name: 'Month' }));
    await user.keyboard('1127');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Invalid date (MM/DD/YYYY)')).toBeTruthy();
    expect(seen).toEqual([]);

    // the year typed: the form gets the day and the message goes
    await user.click(screen.getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2026');
    await waitFor(() => expect(seen.at(-1)).toBe('2026-11-27'));
    await waitFor(() => expect(screen.queryByText('Invalid date (MM/DD/YYYY)')).toBeNull());
  });

  // a form row of 56 px fields takes the medium size; filter bars keep the small 40 px default
  it('is small by default and takes the size and full width of the fields beside it when asked', async () => {
    const root = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.MuiFormControl-root') as HTMLElement;
    render(<>
      <IsoDatePicker label="From" value={null} onChange={vi.fn()} />
      <IsoDatePicker label="Deadline" value={null} onChange={vi.fn()} size="medium" fullWidth />
    </>);
    // the pickers proper (their calendar buttons), not the fallback fields shown while they load
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Choose date/ })).toHaveLength(2));
    expect(root('From').querySelector('[class*="sizeSmall"]')).not.toBeNull();
    expect(root('Deadline').querySelector('[class*="sizeSmall"]')).toBeNull();
    expect([root('From').className.includes('fullWidth'), root('Deadline').className.includes('fullWidth')]).toEqual([false, true]);
  });
});
