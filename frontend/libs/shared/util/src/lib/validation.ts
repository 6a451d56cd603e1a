// Validation rules of spec §5 as zod schemas and helpers shared by every form.
import { z } from 'zod';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const requiredText = z.string().trim().min(1, 'Required');
export const emailField = z.string().trim().min(1, 'Required').regex(EMAIL_PATTERN, 'Invalid email address');
export const minText = (n: number) => requiredText.min(n, `At least ${n} characters`);

export const PASSWORD_RULES: { label: string; test: (v: string) => boolean }[] = [
  { label: 'At Least One Letter', test: (v) => /[A-Za-z]/.test(v) },
  { label: 'At Least One Capital Letter', test: (v) => /[A-Z]/.test(v) },
  { label: 'At Least One Number', test: (v) => /\d/.test(v) },
  { label: 'At least 8 characters long', test: (v) => v.length >= 8 },
];
export const PASSWORD_MISMATCH = 'Password & confirm password do not match.';

export const passwordPairSchema = z
  .object({ password: requiredText, confirmPwd: requiredText })
  .superRefine((v, ctx) => {
    const broken = PASSWORD_RULES.find((r) => !r.test(v.password));
    if (broken) ctx.addIssue({ code: 'custom', path: ['password'], message: broken.label });
    if (v.confirmPwd && v.password !== v.confirmPwd) ctx.addIssue({ code: 'custom', path: ['confirmPwd'], message: PASSWORD_MISMATCH });
  });

export const otpSchema = z.object({ otp: z.string().trim().min(1, 'Required').regex(/^\d{6}$/, 'Enter the six-digit code') });

/** (###) ###-#### with an optional +1; anything that is not ten digits (or 1 + ten) is shown as given. */
export function formatPhone(value: string | null | undefined, withCountry = false): string {
  if (!value) return 'N/A';
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value;
  const local = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return withCountry ? `+1 ${local}` : local;
}

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
