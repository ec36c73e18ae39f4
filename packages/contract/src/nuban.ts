// NUBAN (Nigeria Uniform Bank Account Number) check digits, 2020 form (NIGERIA.md "Bank account numbers").
// Pure functions shared by the API (reject typos before a paid name lookup) and the web forms.

export const NUBAN_LENGTH = 10;
export const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** Institution kinds as the bank list carries them. */
export type BankType = 'dmb' | 'mfb' | 'fintech' | 'merchant';

/**
 * Only CBN-coded banks (deposit money and merchant banks) are enforced. Fintechs and microfinance
 * banks use codes that are not CBN codes (OPay 999992, Kuda 50211...): UNCERTAIN which code their
 * check uses, so a failed check there is a warning and the name lookup decides.
 */
export const NUBAN_ENFORCED_TYPES: readonly BankType[] = ['dmb', 'merchant'];

/**
 * The 6-digit bank code of the 2020 form, or null when the code cannot take part.
 * 3-digit CBN codes are padded with `000` (`058` -> `000058`); provider codes that are a CBN code
 * with leading zeros (`00103` Globus) are the same bank code padded to 6; other 5-digit codes are
 * microfinance/other institutions: `9` + code; 6-digit codes are used as they are.
 */
export function nubanBankCode(code: string): string | null {
  if (/^\d{3}$/.test(code)) return `000${code}`;
  if (/^00\d{3}$/.test(code)) return `0${code}`;
  if (/^\d{5}$/.test(code)) return `9${code}`;
  if (/^\d{6}$/.test(code)) return code;
  return null;
}

/** The check digit of a 9-digit serial at a bank; null when the inputs are not digits of the right size. */
export function nubanCheckDigit(bankCode: string, serial: string): number | null {
  const bank = nubanBankCode(bankCode);
  if (!bank || !/^\d{9}$/.test(serial)) return null;
  const digits = bank + serial;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(digits[i]) * NUBAN_WEIGHTS[i];
  const check = 10 - (sum % 10);
  return check === 10 ? 0 : check;
}

/** A 10-digit account number whose last digit is the check digit for `bankCode`. */
export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  const check = nubanCheckDigit(bankCode, accountNumber.slice(0, 9));
  return check !== null && check === Number(accountNumber[9]);
}

/** Builds the account number of a serial at a bank (tests, sandbox virtual accounts). */
export function makeNuban(bankCode: string, serial: string): string {
  const check = nubanCheckDigit(bankCode, serial);
  if (check === null) throw new Error('a NUBAN needs a known bank code and a 9-digit serial');
  return `${serial}${check}`;
}

export type NubanCheck =
  /** Passed the check (or the number could not be checked but the bank is not enforced). */
  { ok: true; enforced: boolean; warning: string | null } | { ok: false; enforced: true; warning: null };

/**
 * The check the product applies before any name lookup. Enforced banks fail hard; others pass with
 * a warning when the digits do not match, and the lookup decides.
 */
export function checkNuban(accountNumber: string, bank: { code: string; type: BankType }): NubanCheck {
  const enforced = NUBAN_ENFORCED_TYPES.includes(bank.type);
  const valid = isValidNuban(accountNumber, bank.code);
  if (enforced) return valid ? { ok: true, enforced, warning: null } : { ok: false, enforced, warning: null };
  return {
    ok: true,
    enforced,
    warning: valid ? null : 'Check digit does not match; relying on the bank name lookup',
  };
}

/** The enforced banks of `banks` (deposit money and merchant banks) at which `accountNumber` is a valid NUBAN. */
export function banksForNumber<B extends { code: string; type: BankType }>(
  accountNumber: string,
  banks: readonly B[],
): B[] {
  if (!/^\d{10}$/.test(accountNumber)) return [];
  return banks.filter((b) => NUBAN_ENFORCED_TYPES.includes(b.type) && isValidNuban(accountNumber, b.code));
}
