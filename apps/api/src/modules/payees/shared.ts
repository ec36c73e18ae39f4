// What the vendors' use cases share: the bank check through the rails and the unique-violation test.
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';

/** NUBAN check and name resolution through the rails (never inside a database transaction). */
export async function resolveBank(deps: AppDeps, bankCode: string, accountNumber: string) {
  const r = await resolveAccountName(deps, { accountNumber, bankCode });
  if (!r.bank) throw fieldError('bankCode', UNKNOWN_BANK);
  if (!r.accountName) throw fieldError('accountNumber', ACCOUNT_NOT_VERIFIED);
  return { bankCode: r.bank.code, bankName: r.bank.name, accountNumber, accountName: r.accountName };
}

export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';
