import { z } from 'zod';
import { MSG } from './messages';

/** An account number is 10 digits (000 "Bank account"); longer text is refused before it is trimmed and checked. */
export const ACCOUNT_NUMBER_TEXT_MAX = 40;

// Banks, account-name lookup and saved bank accounts (000 §3, §5, §7; 001 §5, §7).

export const BANK_TYPES = ['dmb', 'mfb', 'fintech', 'merchant'] as const;
export const bankSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(BANK_TYPES),
  nipCode: z.string().nullable(),
});
export type BankItem = z.infer<typeof bankSchema>;

export const BANK_CODE_REQUIRED = 'Bank code is required';
export const ACCOUNT_NAME_MAX = 100;

/** The bank-account form (000 §5). `numberMessage` differs between the linking form and the modal. */
export function makeBankAccountSchema(numberMessage: string = MSG.accountNumberLinking) {
  return z.object({
    /** Optional; an empty name is omitted on save. The resolved name always wins on the server. */
    accountName: z
      .string()
      .trim()
      .max(ACCOUNT_NAME_MAX, `Account name must be at most ${ACCOUNT_NAME_MAX} characters`)
      .optional()
      .transform((v) => (v ? v : undefined)),
    accountNumber: z
      .string({ error: numberMessage })
      .max(ACCOUNT_NUMBER_TEXT_MAX, numberMessage)
      .trim()
      .regex(/^\d{10}$/, numberMessage),
    bankCode: z
      .string({ error: BANK_CODE_REQUIRED })
      .trim()
      .min(1, BANK_CODE_REQUIRED)
      .max(10, 'Unknown bank'),
  });
}
/** Linking form ('Account Number must be 10 digits'): the body of POST /api/me/bank-accounts. */
export const bankAccountSchema = makeBankAccountSchema(MSG.accountNumberLinking);
/** Modal variant ('Account number must be 10 digits'). */
export const bankAccountModalSchema = makeBankAccountSchema(MSG.accountNumberModal);
export type BankAccountInput = z.input<typeof bankAccountSchema>;

/** GET /api/content/payout/local/validate query. */
export const validateAccountQuery = z.object({
  accountNumber: z
    .string({ error: MSG.accountNumberLinking })
    .max(ACCOUNT_NUMBER_TEXT_MAX, MSG.accountNumberLinking)
    .trim()
    .regex(/^\d{10}$/, MSG.accountNumberLinking),
  bankCode: z.string({ error: BANK_CODE_REQUIRED }).trim().min(1, BANK_CODE_REQUIRED).max(10, 'Unknown bank'),
});
/** accountName is '' when the number fails its check or the bank does not know it. */
export const validateAccountResult = z.object({ accountName: z.string() });

export const savedBankAccountSchema = z.object({
  id: z.string().uuid(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedBankAccount = z.infer<typeof savedBankAccountSchema>;

export const checkBankDetailsResult = z.object({ shouldAskVerification: z.boolean() });

export const AGENT_BANK_PROMPT_TITLE = 'Bank Details Required';

// The bank's name for an account against the name the user typed (issue 37): a mismatch is
// warned about before money is sent, never silently blocked.

/** Words that say nothing about who holds the account: titles and company suffixes. */
const NAME_NOISE = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'chief',
  'alhaji',
  'alhaja',
  'engr',
  'prof',
  'ltd',
  'limited',
  'plc',
  'nig',
  'nigeria',
  'co',
  'company',
  'inc',
  'llc',
  'enterprise',
  'enterprises',
  'and',
]);

/** A name's comparable words: lower case, accents and punctuation dropped, initials and titles left out. */
export function nameTokens(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w.length > 1);
  const meaningful = words.filter((w) => !NAME_NOISE.has(w));
  return [...new Set(meaningful.length ? meaningful : words)];
}

/**
 * Whether the typed name is the bank's name for the account: case, spacing, punctuation and word
 * order do not matter; a match when two words are shared, or every word of the shorter name is in
 * the longer ('Emeka' matches 'EMEKA CHUKWU NWOSU'). An empty name on either side is no mismatch.
 */
export function accountNameMatches(typed: string, returned: string): boolean {
  const a = nameTokens(typed);
  const b = nameTokens(returned);
  if (!a.length || !b.length) return true;
  const other = new Set(b);
  const common = a.filter((w) => other.has(w)).length;
  return common >= 2 || common === Math.min(a.length, b.length);
}
