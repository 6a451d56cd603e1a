/**
 * A phone number as the user types it, shown as (###) ###-#### (spec §2.7): digits only, a leading US country
 * code 1 dropped from eleven digits, at most ten digits kept. The server accepts this form and stores the digits.
 */
export function formatPhoneInput(value: string | null | undefined): string {
  let d = (value ?? '').replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
