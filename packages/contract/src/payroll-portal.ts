// The employee portal (issue 25 §5; 002 §2 "Employee portal", §3 Payslip / Employee user, §4 Invite
// token, §5 Employee portal, §7): its own sign-in, separate from staff, and the employee's payslips.
import { z } from 'zod';
import { emailSchema } from './identity-login';
import { listQuery } from './http';
import { payslipSchema } from './payroll-runs';

export const PORTAL_MSG = {
  passwordRule:
    'Password must contain at least one uppercase letter, one lowercase letter, one number and one special character',
  passwordMismatch: 'Password do not match',
  passwordRequired: 'Password is required',
  oldPasswordRequired: 'Old password is required',
  tokenRequired: 'Invitation token is required',
  tokenInvalid: 'This invitation link is invalid or has already been used',
  loginFailed: 'Incorrect email or password',
  oldPasswordWrong: 'Your current password is incorrect',
  samePassword: 'The new password must be different from the current one',
  accountCreated: 'Your employee account has been created',
  loggedIn: 'Login successful',
  passwordChanged: 'Password changed successfully',
  accountSwitched: 'Company switched successfully',
  notEmployeeOf: 'You are not an employee of this company',
  tokenMissing: 'Employee sign-in required',
  tokenExpired: 'Your employee session has expired, please sign in again',
  payslipNotPaid: 'The payslip can be downloaded once the salary is paid',
  payslipReady: 'Payslip downloaded successfully!',
  linkInvalid: 'This payslip link is invalid',
  linkExpired: 'This payslip link has expired, please download it again',
} as const;

/** 002 §5: at least 8 characters with lowercase, uppercase, a digit and one of !@#$%^&*. */
export const portalPasswordSchema = z
  .string({ error: PORTAL_MSG.passwordRequired })
  .min(1, PORTAL_MSG.passwordRequired)
  .max(128, PORTAL_MSG.passwordRule)
  .refine(
    (p) => p.length >= 8 && /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[!@#$%^&*]/.test(p),
    PORTAL_MSG.passwordRule,
  );

const tokenField = z
  .string({ error: PORTAL_MSG.tokenRequired })
  .trim()
  .min(1, PORTAL_MSG.tokenRequired)
  .max(200);
export const inviteValidateBody = z.object({ token: tokenField });
export const createEmployeeUserBody = z.object({ token: tokenField, password: portalPasswordSchema });
export const employeeLoginBody = z.object({
  email: emailSchema,
  password: z.string({ error: PORTAL_MSG.passwordRequired }).min(1, PORTAL_MSG.passwordRequired).max(256),
});
export const updatePortalPasswordBody = z.object({
  oldPassword: z
    .string({ error: PORTAL_MSG.oldPasswordRequired })
    .min(1, PORTAL_MSG.oldPasswordRequired)
    .max(256),
  newPassword: portalPasswordSchema,
});
export const switchAccountBody = z.object({ accountId: z.string().uuid(PORTAL_MSG.notEmployeeOf).max(40) });

/** 002 §3 "Employee user" plus the invite validation result (name, companyName, token info). */
export const inviteInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  token: z.object({ valid: z.boolean(), hasAccount: z.boolean() }),
});
/** One company the employee works for (the switch-account choices). */
export const portalEmploymentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  companyName: z.string(),
});
export const portalSessionSchema = z.object({
  /** Bearer token for portal calls (the web uses the portal's own HttpOnly cookie instead). */
  token: z.string(),
  expiresAt: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
  payrollEmployees: z.array(portalEmploymentSchema),
  currentPayrollEmployee: portalEmploymentSchema,
});
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** GET /employee-portal/profile: 002 §3 Employee, as the employee sees themselves. */
export const portalProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  accountId: z.string(),
  salaryAmount: z.string(),
  salaryAmountMinor: z.number().int(),
  bankDetails: z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() }),
  joinedAt: z.string(),
  payrollEmployees: z.array(portalEmploymentSchema),
});
export type PortalProfile = z.infer<typeof portalProfileSchema>;

export const PORTAL_PAGE_SIZE = 20;
export const portalPayslipsQuery = listQuery
  .pick({ page: true })
  .extend({ limit: z.coerce.number().int().min(1).max(100).default(PORTAL_PAGE_SIZE) });
/** The employee's own payslip: always with figures (it is their pay), plus whether the PDF may be had. */
export const portalPayslipSchema = payslipSchema.extend({
  downloadable: z.boolean(),
  deductionsTotal: z.string(),
  deductionsTotalMinor: z.number().int(),
});
export type PortalPayslip = z.infer<typeof portalPayslipSchema>;
export const payslipPdfLinkSchema = z.object({ pdf_url: z.string(), expiresAt: z.string() });
export const payslipFileQuery = z.object({
  exp: z.coerce.number().int().min(0).max(99_999_999_999),
  sig: z.string().max(128),
});

// ---- reset password (002 §4 Employee password reset: request a link, then reset by reference) ----
export const PORTAL_RESET_MSG = {
  requested: 'If this email has an employee account, a reset link has been sent to it',
  refInvalid: 'This reset link is invalid, expired or has already been used',
  reset: 'Your password has been reset, please sign in',
  passwordsMustMatch: 'Passwords must match',
} as const;
export const portalResetRequestBody = z.object({ email: emailSchema });
export const portalResetBody = z
  .object({
    password: portalPasswordSchema,
    confirmPassword: z.string().max(128).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: PORTAL_RESET_MSG.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export const resetRefParam = z.object({ ref: z.string().trim().min(1).max(200) });
