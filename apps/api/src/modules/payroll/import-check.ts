// An employee import's rows read and checked (issue 25 §2): the spreadsheet mapped to the template's
// columns, one row's own problems and normalised values, its bank number and RSA PIN sealed.
import {
  checkNuban,
  PAYROLL_IMPORT_COLUMNS,
  PAYROLL_IMPORT_MAX_ROWS,
  PAYROLL_IMPORT_MSG,
  PAYROLL_IMPORT_REQUIRED_COLUMNS,
  PAYROLL_MSG,
  salarySchema,
  type ImportEntryInput,
  remittanceFields,
} from '@owo/contract';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { parseSheet, SheetError, sheetObjects } from '../../platform/spreadsheet';
import { vaultFor } from '../../platform/vault';
import { vaultField } from '../../platform/vault/fields';
import { sealed } from '../../platform/vault/ops';
import { railsOf } from '../../rails';
import type { Bank } from '../../rails/port';
import { type Entry, IMPORT_ENTRY_FIELD, IMPORT_RSA_PIN_FIELD } from './import-batch';

type Cells = Required<{ [K in keyof ImportEntryInput]: string }>;

/** Rows of a spreadsheet mapped to the template's columns (headers in any case). */
export async function extractEmployees(buffer: Buffer, fileName: string) {
  let rows: Record<string, string>[];
  try {
    rows = sheetObjects(await parseSheet(buffer, fileName));
  } catch (e) {
    if (e instanceof SheetError)
      throw fieldError('file', e.reason === 'legacy' ? e.message : PAYROLL_IMPORT_MSG.fileFormat);
    throw e;
  }
  if (!rows.length) throw fieldError('file', PAYROLL_IMPORT_MSG.empty);
  if (rows.length > PAYROLL_IMPORT_MAX_ROWS) throw fieldError('file', PAYROLL_IMPORT_MSG.tooMany);
  const present = new Set(Object.keys(rows[0]));
  const missing = PAYROLL_IMPORT_REQUIRED_COLUMNS.filter((c) => !present.has(c.toLowerCase()));
  if (missing.length) throw fieldError('file', PAYROLL_IMPORT_MSG.missingColumns + missing.join(', '));
  const entries = rows.map(
    (r) =>
      Object.fromEntries(
        PAYROLL_IMPORT_COLUMNS.map((c) => [c, (r[c.toLowerCase()] ?? '').slice(0, 200)]),
      ) as Cells,
  );
  return { fileName, columns: [...PAYROLL_IMPORT_COLUMNS], entries };
}

/** The template: the add body's column names. */
export const IMPORT_TEMPLATE_CSV = `${PAYROLL_IMPORT_COLUMNS.join(',')}\n`;

type BankIndex = { byCode: Map<string, Bank>; byName: Map<string, Bank> };

export async function bankIndex(deps: AppDeps): Promise<BankIndex> {
  const banks = (await railsOf(deps).listBanks()).filter((b) => b.active);
  return {
    byCode: new Map(banks.map((b) => [b.code, b])),
    byName: new Map(banks.map((b) => [b.name.trim().toLowerCase(), b])),
  };
}

const emailSchema = z.string().email();
const moneyText = (s: string) => s.replace(/[₦,\s]/g, '').replace(/^NGN/i, '');

function parseRent(s: string): number | string {
  if (!s) return 0;
  const t = moneyText(s);
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(t)) return PAYROLL_MSG.amountInvalid;
  const [w, f = ''] = t.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
}

/** A row's own problems and normalised values; duplicates are judged across the batch afterwards. */
export function checkEntry(raw: ImportEntryInput, banks: BankIndex) {
  const c = Object.fromEntries(PAYROLL_IMPORT_COLUMNS.map((k) => [k, String(raw[k] ?? '').trim()])) as Cells;
  const errors: Record<string, string> = {};
  if (!c.name) errors.name = PAYROLL_MSG.nameMissing;
  else if (c.name.length > 120) errors.name = 'Name is too long';
  const email = c.email.toLowerCase();
  if (!email) errors.email = PAYROLL_IMPORT_MSG.required;
  else if (!emailSchema.safeParse(email).success) errors.email = PAYROLL_MSG.emailInvalid;
  let salaryMinor: number | null = null;
  if (!c.salaryAmount) errors.salaryAmount = PAYROLL_IMPORT_MSG.required;
  else {
    const s = salarySchema.safeParse(moneyText(c.salaryAmount));
    if (s.success) salaryMinor = s.data;
    else errors.salaryAmount = s.error.issues[0].message;
  }
  const rent = parseRent(c.annualRent);
  if (typeof rent === 'string') errors.annualRent = rent;
  const bank = banks.byCode.get(c.bankCode) ?? banks.byName.get(c.bankCode.toLowerCase()) ?? null;
  if (!c.bankCode) errors.bankCode = PAYROLL_IMPORT_MSG.required;
  else if (!bank) errors.bankCode = PAYROLL_IMPORT_MSG.bankUnknown;
  const digits = c.accountNumber.replace(/\s/g, '');
  if (!digits) errors.accountNumber = PAYROLL_IMPORT_MSG.required;
  else if (!/^\d{10}$/.test(digits)) errors.accountNumber = PAYROLL_IMPORT_MSG.accountDigits;
  else if (bank && !checkNuban(digits, bank).ok) errors.accountNumber = PAYROLL_IMPORT_MSG.nubanFailed;
  // the optional remittance columns: checked by the add body's own rules, kept as typed when wrong
  const remit: Record<'stateOfResidence' | 'pfaName' | 'rsaPin' | 'nhfNumber', string | null> = {
    stateOfResidence: null,
    pfaName: null,
    rsaPin: null,
    nhfNumber: null,
  };
  for (const k of Object.keys(remit) as (keyof typeof remit)[]) {
    const r = remittanceFields[k].safeParse(c[k]);
    if (r.success) remit[k] = (r.data as string | undefined) ?? null;
    else {
      errors[k] = r.error.issues[0].message;
      remit[k] = c[k];
    }
  }
  return {
    ...remit,
    name: c.name.slice(0, 200),
    email,
    salaryText: c.salaryAmount,
    salaryMinor,
    annualRentText: c.annualRent,
    annualRentMinor: typeof rent === 'number' ? rent : null,
    bankCode: bank?.code ?? c.bankCode,
    bankName: bank?.name ?? null,
    accountDigits: digits,
    validDigits: /^\d{10}$/.test(digits),
    errors,
    nameStatus: (Object.keys(errors).length ? 'skipped' : 'pending') as Entry['nameStatus'],
  };
}

export function sealEntry(vault: ReturnType<typeof vaultFor>, digits: string, valid: boolean) {
  const f = vaultField(IMPORT_ENTRY_FIELD);
  const s = sealed(f, vault, digits);
  return {
    account_number: s[f.column],
    // only a well-formed number takes part in the duplicate checks
    account_number_hmac: valid ? s[f.hmac!] : null,
    account_number_last4: s[f.last4!],
  };
}

export function sealPin(vault: ReturnType<typeof vaultFor>, pin: string | null) {
  if (!pin) return { rsa_pin: null, rsa_pin_last4: null };
  const s = sealed(vaultField(IMPORT_RSA_PIN_FIELD), vault, pin);
  return { rsa_pin: s.rsa_pin, rsa_pin_last4: s.rsa_pin_last4 };
}
