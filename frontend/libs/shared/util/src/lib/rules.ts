// Spec §5 rules and formatters without zod: the login page needs these, and must not load zod
// (validation.ts builds the zod schemas from them). Phone numbers: phone-input.ts.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RULES: { label: string; test: (v: string) => boolean }[] = [
  { label: 'At Least One Letter', test: (v) => /[A-Za-z]/.test(v) },
  { label: 'At Least One Capital Letter', test: (v) => /[A-Z]/.test(v) },
  { label: 'At Least One Number', test: (v) => /\d/.test(v) },
  { label: 'At least 8 characters long', test: (v) => v.length >= 8 },
];
export const PASSWORD_MISMATCH = 'Password & confirm password do not match.';

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A ratio (0.3333) as a whole percentage ("33%"); the servers round rates to 2 decimals of the ratio. */
export function formatPercent(ratio: number | null | undefined): string {
  return ratio == null ? 'N/A' : `${Math.round(ratio * 100)}%`;
}

/** The roster values the call screen gives the questionnaire's display logic (and sends with the survey, where the
 * server checks them): a via-roster rule's field matches one of these keys (case-insensitive); center is the same
 * value as site. People see the roster file's column name (rosters' CSV headers), rules store the key. */
export const ROSTER_LOGIC_FIELDS = [
  { key: 'provider', label: 'Provider Name' },
  { key: 'site', label: 'Site' },
  { key: 'center', label: 'Center' },
  { key: 'department', label: 'Department' },
  { key: 'gender', label: 'Sex' },
  { key: 'age', label: 'Age' },
  { key: 'typeId', label: 'Patient Type' },
  { key: 'payerType', label: 'Payer Type' },
  { key: 'providerType', label: 'Provider Type' },
] as const;

/** The column name of a rule's roster field ("gender" → "Sex"); a field outside the list as it is. */
export function rosterFieldLabel(field: string): string {
  const key = field.trim().toLowerCase();
  return ROSTER_LOGIC_FIELDS.find((f) => f.key.toLowerCase() === key)?.label ?? field;
}

/** The key of a typed column name ("sex" → "gender"); any other text as typed, so typing on is not cut short. */
export function rosterFieldKey(text: string): string {
  const label = text.toLowerCase();
  return ROSTER_LOGIC_FIELDS.find((f) => f.label.toLowerCase() === label)?.key ?? text;
}
