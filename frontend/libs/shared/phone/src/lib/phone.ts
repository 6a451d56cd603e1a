// Phone numbers by Google's numbering plan (libphonenumber-js, the servers' `phonenumbers` in JavaScript): what a
// field shows while typing, what the forms accept, and how a kept number is shown (spec §2.7: (###) ###-####,
// optionally with a +1 prefix). An account's phone receives the sign-in codes: a valid US or Canadian number. A
// client contact may be abroad (+ and the country code). The servers apply the same rules (kit.phones).
import { AsYouType, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

const NANP = '1'; // the North American plan's calling code (USA, Canada)

/**
 * A phone number as the user types it: a national number as (###) ###-#### (a leading country code 1 dropped, at
 * most ten digits), a number starting "+" and another country's code in that country's international format.
 * Letters and other marks are dropped. A closing parenthesis is only shown once a digit follows it, so Backspace
 * always removes a digit.
 */
export function formatPhoneInput(value: string | null | undefined): string {
  const typed = (value ?? '').replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (!typed.replace('+', '')) return '';
  if (typed.startsWith('+') && !typed.startsWith(`+${NANP}`)) return new AsYouType().input(typed);
  let digits = typed.replace('+', '');
  if (digits.length === 11 && digits.startsWith(NANP)) digits = digits.slice(1);
  return new AsYouType('US').input(digits.slice(0, 10)).replace(/\)$/, '');
}

const parse = (value: string) => parsePhoneNumberFromString(value.trim(), 'US');

/** A valid US or Canadian number (an account's phone: the sign-in codes go to it). */
export function isAccountPhone(value: string): boolean {
  const n = parse(value);
  return !!n && n.isValid() && n.countryCallingCode === NANP;
}
export const ACCOUNT_PHONE_MESSAGE = 'Enter a valid US or Canadian phone number, e.g. (312) 555-0123';

/** A valid number of any country; without "+" it is read as a US or Canadian number (a client contact's phone). */
export function isContactPhone(value: string): boolean {
  return /^[\d\s().+-]+$/.test(value.trim()) && !!parse(value)?.isValid();
}
export const CONTACT_PHONE_MESSAGE = 'Enter a valid phone number: (312) 555-0123, or + and the country code abroad (an extension goes in Extension)';

/** A kept phone as people read it: (###) ###-#### (+1 in front with withCountry) in the US and Canada, the
 * international format elsewhere; text that is no valid number (a masked number, an old row) as given. */
export function formatPhone(value: string | null | undefined, withCountry = false): string {
  if (!value) return 'N/A';
  // kept ten digits (accounts, contacts, roster phones): shown whatever the area code (rosters keep digits unchecked)
  if (/^\d{10}$/.test(value)) return `${withCountry ? '+1 ' : ''}(${value.slice(0, 3)}) ${value.slice(3, 6)}-${value.slice(6)}`;
  const n = parse(value);
  if (!n?.isValid()) return value;
  if (n.countryCallingCode !== NANP) return n.formatInternational();
  return withCountry ? `+1 ${n.formatNational()}` : n.formatNational();
}

/** An account's phone (a contact change's new number): a valid US or Canadian number. */
export const accountPhone = z.string().trim().refine((v) => !v || isAccountPhone(v), ACCOUNT_PHONE_MESSAGE);
export const requiredAccountPhone = z.string().trim().min(1, 'Required').refine(isAccountPhone, ACCOUNT_PHONE_MESSAGE);
/** A client contact's phone: a valid number of any country (+ and its code abroad); blank is none. */
export const contactPhone = z.string().trim().max(40).optional().nullable().refine((v) => !v || isContactPhone(v), CONTACT_PHONE_MESSAGE);
