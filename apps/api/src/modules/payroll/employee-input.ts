// An employee's input checked and turned into column values (issue 25): emails unique, components
// not named like a reserved line, the bank account NUBAN-checked and name-resolved, and the bank
// number and RSA PIN sealed by the vault.
import { and, eq, inArray } from 'drizzle-orm';
import { PAYROLL_MSG } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import { ACCOUNT_NOT_VERIFIED, resolveAccountName, UNKNOWN_BANK } from '../banks';
import { LINE, RESERVED_LINES } from './statutory';
import { payrollEmployees, type StoredComponent } from './tables';
import { statutorySettings } from './run-figures';
import { EMPLOYEE_ACCOUNT_FIELD, EMPLOYEE_RSA_PIN_FIELD, type EmployeeRow, type Parsed } from './shared';

function componentsOf(e: Pick<Parsed, 'components'>, field: string): StoredComponent[] {
  return (e.components ?? []).map((c, j) => {
    if (
      RESERVED_LINES.some((r) => r.toLowerCase() === c.description.toLowerCase()) ||
      c.description === LINE.salary
    )
      throw fieldError(`${field}components.${j}.description`, PAYROLL_MSG.reservedLine);
    return {
      description: c.description,
      type: c.type,
      amountMinor: c.type === 'deduction' ? -c.amount : c.amount,
    };
  });
}

type BankColumns = Pick<
  EmployeeRow,
  'bankCode' | 'bankName' | 'accountName' | 'accountNumber' | 'accountNumberHmac' | 'accountNumberLast4'
>;

/**
 * Checks a batch (emails unique within it and in the account; NUBAN and name lookup), nothing written.
 * An update (`exceptId`) without an account number keeps `keepBank` (same bank only).
 */
export async function prepareEmployees(
  deps: AppDeps,
  accountId: string,
  list: (Omit<Parsed, 'accountNumber'> & { accountNumber?: string })[],
  exceptId?: string,
  opts: {
    keepBank?: BankColumns;
    /** the field prefix of row i, with its dot */ fieldOf?: (i: number) => string;
  } = {},
) {
  const vault = vaultFor(deps.config);
  const seen = new Map<string, number>();
  const fieldOf = opts.fieldOf ?? ((i: number) => `employees.${i}.`);
  list.forEach((e, i) => {
    if (seen.has(e.email)) throw fieldError(`${fieldOf(i)}email`, PAYROLL_MSG.emailDuplicate);
    seen.set(e.email, i);
  });
  const taken = await deps.db
    .select({ id: payrollEmployees.id, email: payrollEmployees.email })
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.accountId, accountId), inArray(payrollEmployees.email, [...seen.keys()])));
  const clash = taken.find((t) => t.id !== exceptId);
  if (clash) throw fieldError(`${fieldOf(seen.get(clash.email)!)}email`, PAYROLL_MSG.emailTaken);
  const settings = await statutorySettings(deps.db, accountId);
  const out = [];
  for (const [i, e] of list.entries()) {
    const field = fieldOf(i);
    const components = componentsOf(e, field);
    out.push({
      name: e.name,
      email: e.email,
      salaryMinor: e.salaryAmount,
      components,
      annualRentMinor: e.annualRent,
      nhfEnabled: e.nhfEnabled ?? settings.nhfDefault,
      ...(await bankColumns(deps, vault, e, field, opts.keepBank)),
      ...remittanceValues(vault, e),
    });
  }
  return out;
}

/** An employee's bank columns: NUBAN-checked and name-resolved (the resolved name wins), or kept. */
async function bankColumns(
  deps: AppDeps,
  vault: ReturnType<typeof vaultFor>,
  e: { bankCode: string; accountNumber?: string },
  field: string,
  keep?: BankColumns,
): Promise<BankColumns> {
  if (e.accountNumber === undefined) {
    if (!keep || keep.bankCode !== e.bankCode)
      throw fieldError(`${field}accountNumber`, PAYROLL_MSG.accountNumberForBank);
    const { bankCode, bankName, accountName, accountNumber, accountNumberHmac, accountNumberLast4 } = keep;
    return { bankCode, bankName, accountName, accountNumber, accountNumberHmac, accountNumberLast4 };
  }
  const resolved = await resolveAccountName(deps, { accountNumber: e.accountNumber, bankCode: e.bankCode });
  if (!resolved.bank) throw fieldError(`${field}bankCode`, UNKNOWN_BANK);
  if (!resolved.accountName) throw fieldError(`${field}accountNumber`, ACCOUNT_NOT_VERIFIED);
  return {
    bankCode: resolved.bank.code,
    bankName: resolved.bank.name,
    accountName: resolved.accountName,
    ...sealAccount(vault, e.accountNumber),
  };
}

/** The vault's column values (ciphertext, HMAC, last 4) for an employee's account number. */
function sealAccount(vault: ReturnType<typeof vaultFor>, plain: string) {
  const f = vaultField(EMPLOYEE_ACCOUNT_FIELD);
  const s = sealed(f, vault, plain);
  return { accountNumber: s[f.column], accountNumberHmac: s[f.hmac!], accountNumberLast4: s[f.last4!] };
}

/** The remittance columns of an employee; the RSA PIN sealed by the vault (none: all null). */
export function remittanceValues(
  vault: ReturnType<typeof vaultFor>,
  e: { stateOfResidence?: string; pfaName?: string; rsaPin?: string; nhfNumber?: string },
) {
  const pin = e.rsaPin ? sealed(vaultField(EMPLOYEE_RSA_PIN_FIELD), vault, e.rsaPin) : null;
  return {
    stateOfResidence: e.stateOfResidence ?? null,
    pfaName: e.pfaName ?? null,
    rsaPin: pin ? pin.rsa_pin : null,
    rsaPinLast4: pin ? pin.rsa_pin_last4 : null,
    nhfNumber: e.nhfNumber ?? null,
  };
}
