import { formatPhone, formatPhoneInput, isAccountPhone, isContactPhone } from './phone';

describe('formatPhoneInput', () => {
  it('shows a national number as (###) ###-####, digit by digit, with Backspace always removing a digit', () => {
    expect(['', '3', '312', '3125', '312555', '3125550', '3125550123'].map(formatPhoneInput)).toEqual([
      '', '3', '(312', '(312) 5', '(312) 555', '(312) 555-0', '(312) 555-0123',
    ]);
    expect(formatPhoneInput('(312) ')).toBe('(312'); // the ")" deleted: the next Backspace takes the 2
  });
  it('drops a leading country code 1, anything that is not a digit, and digits past ten', () => {
    expect(formatPhoneInput('+1 (555) 123-4567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('555.123.45678')).toBe('(555) 123-4567');
    expect(formatPhoneInput('abc')).toBe('');
    expect(formatPhoneInput(null)).toBe('');
  });
  it('shows another country in its international format', () => {
    expect(formatPhoneInput('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhoneInput('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
});

describe('phone rules', () => {
  it('takes real US and Canadian numbers for an account, nothing else', () => {
    expect(['(312) 555-0123', '+1 416 555 0123', '13125550123'].every(isAccountPhone)).toBe(true);
    expect(['(555) 123-4567', '123-456-7890', '(312) 555-012', '+91 98765 43210', ''].some(isAccountPhone)).toBe(false);
  });
  it('takes any country for a contact, but not letters or an extension', () => {
    expect(['(312) 555-0123', '+91 98765 43210', '+44 20 7946 0958'].every(isContactPhone)).toBe(true);
    expect(['abc', '555-12', '(555) 123-4567', '312 555 0123 ext 12', '98765 43210'].some(isContactPhone)).toBe(false);
  });
  it('shows kept numbers as people read them', () => {
    expect(formatPhone('3125550123')).toBe('(312) 555-0123');
    expect(formatPhone('3125550123', true)).toBe('+1 (312) 555-0123');
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('(***) ***-0109')).toBe('(***) ***-0109');
    expect(formatPhone(null)).toBe('N/A');
  });
});
