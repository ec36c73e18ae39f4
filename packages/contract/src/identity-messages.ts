// Identity constants and the spec's texts (000 §2.1, §3, §8). Plain values: importing them
// pulls no schema library, so the sign-in page stays small.

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
