import { formatPhone } from '@frontend/shared-phone';

export function PhoneDisplay({ value, withCountry = false }: { value?: string | null; withCountry?: boolean }) {
  return <span>{formatPhone(value, withCountry)}</span>;
}
