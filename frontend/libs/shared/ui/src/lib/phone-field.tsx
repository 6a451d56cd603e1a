// A phone number field that shows what is typed as (###) ###-#### (spec §2.7).
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatPhoneInput } from '@frontend/shared-phone';

export type PhoneFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

export function PhoneField({ value, onChange, slotProps, ...rest }: PhoneFieldProps) {
  return (
    <TextField
      {...rest}
      value={formatPhoneInput(value)}
      onChange={(e) => onChange(formatPhoneInput(e.target.value))}
      placeholder="(###) ###-####"
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' } }}
    />
  );
}
