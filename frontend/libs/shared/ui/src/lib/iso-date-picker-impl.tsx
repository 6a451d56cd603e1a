import dayjs from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { IsoDatePickerProps } from './iso-date-picker';

export const toIsoDate = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : null);

export default function IsoDatePickerImpl({ label, value, onChange, error, disabled, size = 'small', fullWidth }: IsoDatePickerProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        value={value ? dayjs(value) : null}
        onChange={(d) => onChange(toIsoDate(d))}
        format="MM/DD/YYYY"
        disabled={disabled}
        slotProps={{ textField: { size, fullWidth, error: Boolean(error), helperText: error } }}
      />
    </LocalizationProvider>
  );
}
