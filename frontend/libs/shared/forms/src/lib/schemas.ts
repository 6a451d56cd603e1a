// Validation rules of spec §5 as zod schemas shared by every form (the plain rules live in shared-util's rules.ts).
import { z } from 'zod';
import { EMAIL_PATTERN, PASSWORD_MISMATCH, PASSWORD_RULES } from '@frontend/shared-util';

export const requiredText = z.string().trim().min(1, 'Required');
export const emailField = z.string().trim().min(1, 'Required').regex(EMAIL_PATTERN, 'Invalid email address');
export const minText = (n: number) => requiredText.min(n, `At least ${n} characters`);

export const passwordPairSchema = z
  .object({ password: requiredText, confirmPwd: requiredText })
  .superRefine((v, ctx) => {
    const broken = PASSWORD_RULES.find((r) => !r.test(v.password));
    if (broken) ctx.addIssue({ code: 'custom', path: ['password'], message: broken.label });
    if (v.confirmPwd && v.password !== v.confirmPwd) ctx.addIssue({ code: 'custom', path: ['confirmPwd'], message: PASSWORD_MISMATCH });
  });

export const otpSchema = z.object({ otp: z.string().trim().min(1, 'Required').regex(/^\d{6}$/, 'Enter the six-digit code') });

/** An authenticator app's six digits, or a recovery code (`abcde-23456`; case, dash and spaces ignored). */
export const authenticatorCodeSchema = z.object({
  otp: z.string().trim().min(1, 'Required').regex(/^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/, 'Enter the six-digit code or a recovery code'),
});
