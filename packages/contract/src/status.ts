/** Machine words carried in `status` (ARCHITECTURE §3, 000 §8). Plain values, no schema library. */
export const STATUS = {
  success: 'success',
  error: 'error',
  validationError: 'validation-error',
  twoFaRequired: '2fa-required',
  passwordExpired: 'password-expired',
  sessionExpired: 'session-expired',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not-found',
  conflict: 'conflict',
  rateLimited: 'rate-limited',
  customerTokenExpired: 'customer-token-expired',
  customerTokenRequired: 'customer-token-required',
  employeeTokenExpired: 'employee-token-expired',
  employeeTokenRequired: 'employee-token-required',
} as const;
