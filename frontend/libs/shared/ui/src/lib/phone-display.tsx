import { formatPhone } from '@frontend/shared-util';

export function PhoneDisplay({ value, withCountry = false }: { value?: string | null; withCountry?: boolean }) {
  return <span>{formatPhone(value, withCountry)}</span>;
}
