import { z } from 'zod';
import { COMMON_PASSWORDS } from './identity-common-passwords';

// Identity: registration, sign-in, 2FA, sessions, password recovery, profile (000 §2.1, §3, §4.1, §7, §8).
// Every schema here is used twice: by the API to validate and by the web forms.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 15;
export const CONFIRM_EMAIL_TTL_HOURS = 24;
export const RESET_PASSWORD_TTL_MINUTES = 60;

export const IDENTITY_MSG = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common; choose another',
  passwordSameAsOld: 'The new password must be different from the current one',
  phoneInvalid: 'Please enter a valid phone number',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  tokenRequired: 'The link is incomplete; open it again from your email',
  emailTaken: 'An account with this email already exists',
  registered: 'Registration successful. Check your email to confirm your address.',
  registeredVerified: 'Registration successful.',
  emailConfirmed: 'Your email address has been confirmed',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired',
  confirmResent: 'If that email needs confirming, we have sent a new confirmation link.',
  loggedIn: 'Login successful',
  twoFaRequired: 'Enter the code from your authenticator app to continue',
  twoFaInvalid: 'The code is invalid or has already been used',
  twoFaNotEnabled: 'Two-factor authentication is not enabled',
  twoFaAlreadyEnabled: 'Two-factor authentication is already enabled',
  twoFaSetupFirst: 'Start two-factor setup first',
  twoFaEnabled: 'Two-factor authentication is enabled. Keep your recovery codes somewhere safe.',
  twoFaDisabled: 'Two-factor authentication is disabled',
  recoveryCodesRegenerated: 'New recovery codes generated; the old ones no longer work',
  locked: `Too many failed sign-in attempts. Try again in ${LOGIN_LOCK_MINUTES} minutes.`,
  passwordExpired: 'Your password has expired. Reset it to continue.',
  loggedOut: 'You have been logged out',
  refreshed: 'Session refreshed',
  resetLinkInvalid: 'This password reset link is invalid or has expired',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
  passwordChanged: 'Your password has been changed',
  oldPasswordWrong: 'The current password is incorrect',
  profileUpdated: 'Profile updated successfully',
} as const;

/** The password rule, shared by registration, reset and change-password forms. */
export const passwordSchema = z
  .string({ error: IDENTITY_MSG.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, IDENTITY_MSG.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, IDENTITY_MSG.passwordTooLong)
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), IDENTITY_MSG.passwordTooCommon);

export const emailSchema = z.string({ error: IDENTITY_MSG.emailInvalid }).trim().toLowerCase().max(254, IDENTITY_MSG.emailInvalid).pipe(z.email(IDENTITY_MSG.emailInvalid));

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
export const secondFactorCode = z.string({ error: IDENTITY_MSG.codeRequired }).trim().min(6, IDENTITY_MSG.codeRequired).max(20, IDENTITY_MSG.codeRequired);
const invitationCodeField = z.string().trim().min(1).max(200);

export const registerBody = z.object({
  firstName: nameField(IDENTITY_MSG.firstNameRequired),
  lastName: nameField(IDENTITY_MSG.lastNameRequired),
  email: emailSchema,
  password: passwordSchema,
  phoneNumber: optionalPhone,
  code: invitationCodeField.optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: IDENTITY_MSG.passwordRequired }).min(1, IDENTITY_MSG.passwordRequired).max(PASSWORD_MAX_LENGTH * 4),
  /** Invitation code of /auth/login/:code: an existing user joining an account. */
  code: invitationCodeField.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const twoFactorLoginBody = z.object({
  code: secondFactorCode,
  /** The invitation code given at login, accepted once the second factor is proven. */
  invitationCode: invitationCodeField.optional(),
});
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBody>;

export const tokenBody = z.object({ token: z.string({ error: IDENTITY_MSG.tokenRequired }).trim().min(10, IDENTITY_MSG.tokenRequired).max(200) });
export const emailBody = z.object({ email: emailSchema });
export const resetPasswordParams = z.object({ ref: z.string().trim().min(10, IDENTITY_MSG.tokenRequired).max(200) });
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
    oldPassword: z.string({ error: IDENTITY_MSG.passwordRequired }).min(1, IDENTITY_MSG.passwordRequired).max(PASSWORD_MAX_LENGTH * 4),
    newPassword: passwordSchema,
  })
  .refine((b) => b.oldPassword !== b.newPassword, { message: IDENTITY_MSG.passwordSameAsOld, path: ['newPassword'] });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

// Answers.
export const authUserSchema = z.object({ id: z.string(), email: z.string(), verified: z.boolean(), _2fa: z.boolean() });
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

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
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
