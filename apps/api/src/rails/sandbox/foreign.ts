// Sandbox USD/GBP receiving details (docs/rails-sandbox.md "Foreign receiving details"): derived
// from the customer reference (and an attempt counter, drawn again on a number clash), so the same
// wallet always gets the same details. The banks are the sandbox's correspondents; the numbers are
// well formed (ABA routing checksum, 8-digit UK account, IBAN with ISO 7064 mod-97 check digits).
import { createHash } from 'node:crypto';

/** The US correspondent: account numbers are 12 digits, one routing number. */
export const SANDBOX_USD_BANK = {
  name: 'Community Federal Savings Bank',
  swiftCode: 'CMFGUS33',
  routingNumber: '026073150',
} as const;
/** The UK correspondent: 8-digit account numbers under one sort code; IBAN bank code CLRB. */
export const SANDBOX_GBP_BANK = {
  name: 'ClearBank',
  swiftCode: 'CLRBGB22',
  sortCode: '040605',
  ibanBankCode: 'CLRB',
} as const;

/** `n` decimal digits from a hash of the seed, the first never 0. */
function digitsOf(seed: string, n: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const big = BigInt(`0x${hex}`);
  const s = (big % 10n ** BigInt(n)).toString().padStart(n, '0');
  return s[0] === '0' ? `9${s.slice(1)}` : s;
}

export function foreignAccountNumber(currency: 'USD' | 'GBP', customerRef: string, attempt: number): string {
  return digitsOf(`${currency}:${customerRef}:${attempt}`, currency === 'USD' ? 12 : 8);
}

/** ISO 13616 check digits of an IBAN with country `cc` and basic bank account number `bban`. */
export function ibanCheckDigits(cc: string, bban: string): string {
  const numeric = `${bban}${cc}00`
    .toUpperCase()
    .split('')
    .map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch))
    .join('');
  let rem = 0;
  for (const d of numeric) rem = (rem * 10 + Number(d)) % 97;
  return String(98 - rem).padStart(2, '0');
}

/** GB IBAN: GB + check digits + bank code (4 letters) + sort code (6) + account number (8). */
export function gbIban(sortCode: string, accountNumber: string): string {
  const bban = `${SANDBOX_GBP_BANK.ibanBankCode}${sortCode}${accountNumber}`;
  return `GB${ibanCheckDigits('GB', bban)}${bban}`;
}
