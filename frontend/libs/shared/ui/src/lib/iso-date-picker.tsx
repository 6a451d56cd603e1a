// Date picker whose value is an ISO date (YYYY-MM-DD). @mui/x-date-pickers and dayjs are loaded on first use.
import { lazy, Suspense } from 'react';
import TextField from '@mui/material/TextField';

export interface IsoDatePickerProps {
  label: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  error?: string;
  disabled?: boolean;
  /** 'medium' beside full-size fields (a form's row), 'small' (the default) in a filter bar. */
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

const Impl = lazy(() => import('./iso-date-picker-impl'));

export function IsoDatePicker(props: IsoDatePickerProps) {
  return (
    <Suspense fallback={<TextField label={props.label} value={props.value ?? ''} size={props.size ?? 'small'} fullWidth={props.fullWidth} disabled />}>
      <Impl {...props} />
    </Suspense>
  );
}
