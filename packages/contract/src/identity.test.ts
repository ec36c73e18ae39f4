import { describe, expect, it } from 'vitest';
import { changePasswordBody, IDENTITY_MSG, normalizePhone, passwordSchema, registerBody } from './identity';

describe('identity schemas', () => {
  it('applies the password rule: length and common passwords, case-insensitively', () => {
    expect(passwordSchema.safeParse('Kolanut-Harmattan-7').success).toBe(true);
    const short = passwordSchema.safeParse('Ab1!');
    expect(short.success || short.error.issues[0].message).toBe(IDENTITY_MSG.passwordTooShort);
    const common = passwordSchema.safeParse('PassWord123');
    expect(common.success || common.error.issues[0].message).toBe(IDENTITY_MSG.passwordTooCommon);
    expect(passwordSchema.safeParse('nigeria123').success).toBe(false);
  });

  it('normalises Nigerian numbers to +234 and keeps other international numbers', () => {
    expect(normalizePhone('08031234567')).toBe('+2348031234567');
    expect(normalizePhone('+234 803 123 4567')).toBe('+2348031234567');
    expect(normalizePhone('2349031234567')).toBe('+2349031234567');
    expect(normalizePhone('+447911123456')).toBe('+447911123456');
    expect(normalizePhone('0803123456')).toBeNull();
    expect(normalizePhone('+2341234')).toBeNull();
    expect(normalizePhone('hello')).toBeNull();
  });

  it('lower-cases emails and treats an empty phone as none', () => {
    const r = registerBody.parse({
      firstName: 'Ada',
      lastName: 'Obi',
      email: ' Ada@Example.NG ',
      password: 'Kolanut-Harmattan-7',
      phoneNumber: '',
    });
    expect(r.email).toBe('ada@example.ng');
    expect(r.phoneNumber).toBeNull();
  });

  it('refuses a new password equal to the old one', () => {
    const r = changePasswordBody.safeParse({
      oldPassword: 'Kolanut-Harmattan-7',
      newPassword: 'Kolanut-Harmattan-7',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['newPassword'],
      message: IDENTITY_MSG.passwordSameAsOld,
    });
  });
});
