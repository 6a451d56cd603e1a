import { formatPhoneInput } from './phone-input';

describe('formatPhoneInput', () => {
  it('shows what is typed as (###) ###-####, digit by digit', () => {
    expect(['', '5', '555', '5551', '555123', '5551234', '5551234567'].map(formatPhoneInput)).toEqual([
      '', '(5', '(555', '(555) 1', '(555) 123', '(555) 123-4', '(555) 123-4567',
    ]);
  });
  it('drops a leading country code, anything that is not a digit, and digits past ten', () => {
    expect(formatPhoneInput('+1 (555) 123-4567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('555.123.45678')).toBe('(555) 123-4567');
    expect(formatPhoneInput(null)).toBe('');
  });
});
