import { createHash } from 'node:crypto';
import { checkNuban } from '@owo/contract';
import type { Config } from '../../platform/config';
import { unprocessable } from '../../platform/errors';
import { parseFxTable, rateFromTable } from '../../platform/exchange-math';
import { findBank, NIGERIAN_BANKS } from '../banks';
import type { Bank } from '../port';

// Sandbox bank list, account-name resolution and FX (the rails helper composes the adapter).
//
// Resolution rules (documented in docs; tests rely on them):
// 1. Unknown bank code, or a number that fails the NUBAN check at a deposit-money/merchant bank: null.
// 2. SANDBOX_NOT_FOUND numbers, and any number whose first five digits are `99999`: null
//    ("account does not exist"), e.g. `9999900003` at Access (044).
// 3. SANDBOX_FIXED_ACCOUNTS resolve to their fixed names.
// 4. Everything else resolves to a deterministic name: sha256(bankCode:accountNumber) picks a first,
//    middle and last name from the lists below, upper-cased as banks answer (e.g. 'OKAFOR ...').
//    The same number at the same bank always gives the same name.
// Sandbox virtual accounts (Providus 101) should be resolved by the adapter from its own records first.

export const SANDBOX_FIXED_ACCOUNTS: readonly {
  accountNumber: string;
  bankCode: string;
  accountName: string;
}[] = [
  { accountNumber: '0123456785', bankCode: '058', accountName: 'CHIDINMA ADAEZE OKAFOR' },
  { accountNumber: '0010246780', bankCode: '044', accountName: 'ADEBAYO OLUWASEUN BELLO' },
];

/** Valid check digits but no such account: always null. */
export const SANDBOX_NOT_FOUND: readonly { accountNumber: string; bankCode: string }[] = [
  { accountNumber: '1000000008', bankCode: '058' },
  { accountNumber: '2000000004', bankCode: '033' },
];
export const SANDBOX_NOT_FOUND_PREFIX = '99999';

const FIRST = [
  'Chinedu',
  'Ngozi',
  'Emeka',
  'Aisha',
  'Tunde',
  'Funke',
  'Ibrahim',
  'Amaka',
  'Segun',
  'Halima',
  'Obinna',
  'Yetunde',
  'Musa',
  'Chiamaka',
  'Femi',
  'Zainab',
  'Uche',
  'Bisi',
  'Kelechi',
  'Hauwa',
];
const MIDDLE = [
  'Oluwaseun',
  'Chukwuemeka',
  'Abubakar',
  'Adaeze',
  'Temitope',
  'Ifeanyi',
  'Nneka',
  'Babatunde',
  'Folake',
  'Sani',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Nwosu',
  'Abdullahi',
  'Okonkwo',
  'Balogun',
  'Ibekwe',
  'Danjuma',
  'Adebayo',
  'Obi',
  'Lawal',
  'Nnamdi',
  'Afolabi',
];

export function sandboxListBanks(): Bank[] {
  return NIGERIAN_BANKS.map((b) => ({ ...b }));
}

/** The deterministic sandbox name of a number at a bank (rule 4). */
export function sandboxNameFor(accountNumber: string, bankCode: string): string {
  const h = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  const pick = (list: string[], i: number) => list[h.readUInt16BE(i) % list.length];
  return `${pick(FIRST, 0)} ${pick(MIDDLE, 2)} ${pick(LAST, 4)}`.toUpperCase();
}

export function sandboxResolveAccount(
  accountNumber: string,
  bankCode: string,
): { accountName: string } | null {
  if (!/^\d{10}$/.test(accountNumber)) return null;
  const bank = findBank(sandboxListBanks(), bankCode);
  if (!bank) return null;
  if (!checkNuban(accountNumber, bank).ok) return null;
  if (accountNumber.startsWith(SANDBOX_NOT_FOUND_PREFIX)) return null;
  if (SANDBOX_NOT_FOUND.some((a) => a.accountNumber === accountNumber && a.bankCode === bankCode))
    return null;
  const fixed = SANDBOX_FIXED_ACCOUNTS.find(
    (a) => a.accountNumber === accountNumber && a.bankCode === bankCode,
  );
  return { accountName: fixed?.accountName ?? sandboxNameFor(accountNumber, bankCode) };
}

const tables = new Map<string, Map<string, string>>();

/** Units of `to` per 1 unit of `from` from config.FX_RATES (direct, inverse or via one currency). */
export function sandboxFxRate(config: Config, from: string, to: string): string {
  let table = tables.get(config.FX_RATES);
  if (!table) {
    table = parseFxTable(config.FX_RATES);
    tables.set(config.FX_RATES, table);
  }
  const rate = rateFromTable(table, from.toUpperCase(), to.toUpperCase());
  if (!rate) throw unprocessable(`No exchange rate is available from ${from} to ${to}`);
  return rate;
}
