import { z } from 'zod';
import { COMMON_PASSWORDS } from './identity-common-passwords';
import { emailSchema, invitationCodeField } from './identity-login';
import { IDENTITY_MSG, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './identity-messages';

// Identity: registration, sign-in, 2FA, sessions, password recovery, profile (000 §2.1, §3, §4.1, §7, §8).
// Every schema here is used twice: by the API to validate and by the web forms.

export * from './identity-messages';
export * from './identity-login';

/** The password rule, shared by registration, reset and change-password forms. */
export const passwordSchema = z
  .string({ error: IDENTITY_MSG.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, IDENTITY_MSG.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, IDENTITY_MSG.passwordTooLong)
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), IDENTITY_MSG.passwordTooCommon);

const nameField = (required: string) => z.string({ error: required }).trim().min(1, required).max(100);

/**
 * Phone numbers default to Nigeria (000 §5): local 0XXXXXXXXXX or 234/+234 forms become +234XXXXXXXXXX;
 * other countries must be given in international form (+ and 8 to 15 digits).
 */
export function normalizePhone(raw: string): string | null {
  const s = raw.replace(/[\s().-]/g, '');
  if (/^0[789][01]\d{8}$/.test(s)) return `+234${s.slice(1)}`;
  if (/^(\+?234)[789][01]\d{8}$/.test(s)) return `+234${s.slice(s.indexOf('234') + 3)}`;
  if (/^\+[1-9]\d{7,14}$/.test(s) && !s.startsWith('+234')) return s;
  return null;
}
export const phoneSchema = z
  .string({ error: IDENTITY_MSG.phoneInvalid })
  .trim()
  .max(30, IDENTITY_MSG.phoneInvalid)
  .refine((p) => normalizePhone(p) !== null, IDENTITY_MSG.phoneInvalid)
  .transform((p) => normalizePhone(p)!);
/** Optional phone: empty means "none". */
const optionalPhone = z.union([z.literal('').transform(() => null), phoneSchema, z.null()]).optional();

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx). */
export const secondFactorCode = z
  .string({ error: IDENTITY_MSG.codeRequired })
  .trim()
  .min(6, IDENTITY_MSG.codeRequired)
  .max(20, IDENTITY_MSG.codeRequired);

export const registerBody = z.object({
  firstName: nameField(IDENTITY_MSG.firstNameRequired),
  lastName: nameField(IDENTITY_MSG.lastNameRequired),
  email: emailSchema,
  password: passwordSchema,
  phoneNumber: optionalPhone,
  code: z.optional(invitationCodeField),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const twoFactorLoginBody = z.object({
  code: secondFactorCode,
  /** The invitation code given at login, accepted once the second factor is proven. */
  invitationCode: z.optional(invitationCodeField),
});
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBody>;

export const tokenBody = z.object({
  token: z.string({ error: IDENTITY_MSG.tokenRequired }).trim().min(10, IDENTITY_MSG.tokenRequired).max(200),
});
export const emailBody = z.object({ email: emailSchema });
export const resetPasswordParams = z.object({
  ref: z.string().trim().min(10, IDENTITY_MSG.tokenRequired).max(200),
});
export const resetPasswordBody = z.object({ password: passwordSchema });
export const totpCodeBody = z.object({ code: secondFactorCode });

export const profileBody = z.object({
  firstName: nameField(IDENTITY_MSG.firstNameRequired),
  lastName: nameField(IDENTITY_MSG.lastNameRequired),
  phoneNumber: optionalPhone,
});
export type ProfileBody = z.infer<typeof profileBody>;

export const changePasswordBody = z
  .object({
    oldPassword: z
      .string({ error: IDENTITY_MSG.passwordRequired })
      .min(1, IDENTITY_MSG.passwordRequired)
      .max(PASSWORD_MAX_LENGTH * 4),
    newPassword: passwordSchema,
  })
  .refine((b) => b.oldPassword !== b.newPassword, {
    message: IDENTITY_MSG.passwordSameAsOld,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

// Answers.
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  verified: z.boolean(),
  _2fa: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Login, registration, 2FA and refresh all answer a token pair and the user. */
export const sessionDataSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessExpiresAt: z.string(),
  user: authUserSchema,
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export const profileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  verified: z.boolean(),
  _2fa: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const mailboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const mailboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  state: z.string(),
  createdAt: z.string(),
});
export type MailboxItem = z.infer<typeof mailboxItemSchema>;
