import { authenticatorCodeSchema, emailField, minText, otpSchema, passwordPairSchema, requiredText } from './schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('form schemas (spec §5)', () => {
  it('required, email and minimum length say the spec\'s words', () => {
    expect(firstMessage(requiredText.safeParse('  '))).toBe('Required');
    expect(firstMessage(emailField.safeParse('nobody@'))).toBe('Invalid email address');
    expect(emailField.safeParse(' ann@example.com ').success).toBe(true);
    expect(firstMessage(minText(2).safeParse('A'))).toBe('At least 2 characters');
  });

  it('the password pair names the first broken rule and a mismatch', () => {
    expect(firstMessage(passwordPairSchema.safeParse({ password: 'abcdefgh', confirmPwd: 'abcdefgh' }))).toBe('At Least One Capital Letter');
    expect(firstMessage(passwordPairSchema.safeParse({ password: 'Abcdefg1', confirmPwd: 'Abcdefg2' }))).toBe('Password & confirm password do not match.');
    expect(passwordPairSchema.safeParse({ password: 'Abcdefg1', confirmPwd: 'Abcdefg1' }).success).toBe(true);
  });

  it('codes: six digits, or a recovery code for an authenticator', () => {
    expect(otpSchema.safeParse({ otp: '12345' }).success).toBe(false);
    expect(otpSchema.safeParse({ otp: '123456' }).success).toBe(true);
    expect(authenticatorCodeSchema.safeParse({ otp: 'abcde-23456' }).success).toBe(true);
  });
});
