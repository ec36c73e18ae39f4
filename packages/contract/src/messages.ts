// The spec's exact texts (000 §5, §8; 002 §8). Forms and the API both use these.
/**
 * The field error beside MSG.kycIncompleteLimit: the cap in naira and what lifts it (issue 37: a refusal
 * names the limit and links to the KYB steps).
 */
export const kycLimitDetail = (cap: string) =>
  `amount exceeds limit for incomplete KYC. Until your business verification (KYB) is complete, one payment can be at most ${cap}.`;

export const MSG = {
  fileTooLarge: 'File size is too large',
  fileInvalidFormat: 'Invalid file format, please select an image or pdf',
  uploadFailed: 'File processing failed',
  accountNumberLinking: 'Account Number must be 10 digits',
  accountNumberModal: 'Account number must be 10 digits',
  accountNumberInvalidKey: 'payouts:accountNumber.invalid',
  bankSaved: 'Bank details saved successfully!',
  bankSaveFailed: 'An error occurred while saving bank details',
  copyFailed: 'Something went wrong while copying please try again!',
  copied: 'Successfully copied to clipboard',
  kycIncomplete: 'Your KYC is incomplete, Click here to complete it.',
  accountInsecure: 'Your Account is insecure, Tap to enable 2FA',
  emptyTitle: 'No data yet',
  emptyText: 'There is currently no data to display',
  /** A list (table) with no rows (001 §8, 002 §8). */
  noData: 'No data available',
  /** A naira payout above the KYC-incomplete cap below tier 3 (decision 005). */
  kycIncompleteLimit: 'amount exceeds limit for incomplete KYC.',
  /** A DD/MM/YYYY field whose text is not a real date (000 §5). */
  invalidDate: 'Enter a valid date (DD/MM/YYYY)',
  crash: 'An unexpected error occured',
  offline: 'Your Internet connection is faulty, Kindly check it out.',
  forgotPasswordSent: 'If an account exists for that email, we have sent a password reset link.',
  invalidCredentials: 'Invalid email or password',
  forbidden: 'You do not have permission to perform this action. Please contact your company admin.',
  notFound: 'Not found',
  receiptDownloaded: 'Receipt downloaded successfully!',
  agentBankPrompt: 'To receive your commissions as an agent, you must add your bank account to your profile.',
} as const;

export const UPLOAD_MAX_BYTES = 1048576;
export const ACCOUNT_NUMBER_LENGTH = 10;
export const ACCOUNT_CHECK_DELAY_MS = 500;
export const FILTER_DELAY_MS = 1000;
export const TOUR_DELAY_MS = 1000;
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const SETUP_STEPS = 5;
export const FILL_DIVISOR = 6;
export const PERSIST_KEY = 'root-1';
export const PERSIST_VERSION = 1;
export const APP_VERSION = '0.1.6';
