import { useState, type FocusEvent } from 'react';
import dayjs from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { IsoDatePickerProps } from './iso-date-picker';

export const toIsoDate = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : null);

export const INVALID_DATE_TEXT = 'Invalid date (MM/DD/YYYY)';

export default function IsoDatePickerImpl({ label, value, onChange, error, disabled, size = 'small', fullWidth }: IsoDatePickerProps) {
  // A day that does not exist (02/30/2026) or is typed only in part gives the form no value: say so beside the field,
  // rather than let a filter or a form go on silently without the date.
  const [invalid, setInvalid] = useState(false);
  // A date typed only in part (11/27/YYYY) changes nothing (the picker calls onChange only for a whole date), so it
  // is told on leaving the field: some sections typed, some still showing their MM/DD/YYYY placeholder.
  const [partial, setPartial] = useState(false);
  // What was typed when it is no day: the form gets null, but the picker keeps being handed the typed date. Handed
  // the form's null back, it validated null (no error) and dropped the keys still being typed, so 02/30/2026 stayed
  // "02/30/YYYY" with no message and the filter went on without its date. Kept only while the form holds the null
  // it was given (a day picked or set by the form takes over).
  const [typed, setTyped] = useState<dayjs.Dayjs | null>(null);
  const shown = typed && value === null ? typed : value ? dayjs(value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        value={shown}
        onChange={(d) => {
          setTyped(d && !d.isValid() ? d : null);
          setPartial(false);
          onChange(toIsoDate(d));
        }}
        onError={(reason) => setInvalid(reason !== null)}
        format="MM/DD/YYYY"
        disabled={disabled}
        slotProps={{ textField: {
          size, fullWidth, error: Boolean(error) || invalid || partial,
          helperText: error ?? (invalid || partial ? INVALID_DATE_TEXT : undefined),
          onBlur: (e: FocusEvent<HTMLElement>) => {
            // the field's sections as shown ("11/27/YYYY"); an input when the field is a plain text input
            const el = e.currentTarget;
            const text = el instanceof HTMLInputElement ? el.value : el.textContent ?? '';
            setPartial(/\d/.test(text) && /[MDY]/.test(text));
          },
        } }}
      />
    </LocalizationProvider>
  );
}
