// A TextField without TextField: MUI's TextField always imports Select (and with it Menu, Popover, Modal and
// NativeSelect) for its `select` mode, about 25 kB gzipped. Pages that load before sign-in (the login form) use
// this outlined field instead; it renders the same label, input and helper text.
import { useId, type HTMLInputTypeAttribute, type InputHTMLAttributes, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: string;
  name?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  defaultValue?: string;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  onChange?: InputHTMLAttributes<HTMLInputElement>['onChange'];
  onBlur?: InputHTMLAttributes<HTMLInputElement>['onBlur'];
  /** Like TextField's `ref`: the root element (react-hook-form's `register` finds the input inside). */
  ref?: Ref<HTMLDivElement>;
}

export function TextInput({ label, name, type, autoComplete, autoFocus, error, helperText, fullWidth, margin, defaultValue, htmlInput, onChange, onBlur, ref }: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl ref={ref} error={error} fullWidth={fullWidth} margin={margin} variant="outlined" className="MuiTextField-root">
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        onChange={onChange}
        onBlur={onBlur}
        aria-describedby={helperId}
        inputProps={htmlInput}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
