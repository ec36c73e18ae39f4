// Bulk disbursements: reading the uploaded file and creating the batch (its rows are checked by validate.ts).
import { eq, sql } from 'drizzle-orm';
import { DISBURSEMENT_COLUMNS, DISBURSEMENT_MAX_ROWS, DISBURSEMENT_MSG as M, toMinor } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { subsidiaryForWrite, type TenantContext } from '../../platform/guard';
import { sendJobSoon } from '../../platform/jobs';
import { readSheetRows, SheetError } from '../../platform/spreadsheet';
import { users } from '../../platform/schema';
import { newReference } from '../../platform/text';
import { getWallet } from '../money';
import { CHUNK, Q_VALIDATE } from './shared';
import { disbursements } from './tables';

// ---- reading the file ----

type ParsedRow = {
  row_no: number;
  account_number: string;
  bank_code: string;
  amount_minor: number | null;
  narration: string;
  status: 'validating' | 'invalid';
  error: string | null;
};

const AMOUNT_RE = /^\d{1,13}(\.\d{1,2})?$/;

function parseAmount(raw: string): number | null {
  const s = raw.replace(/[,\s₦]/g, '');
  if (!AMOUNT_RE.test(s)) return null;
  const minor = toMinor(s);
  return minor > 0 ? minor : null;
}

/** The shape checks of one row (digits, amount, narration); NUBAN and the lookup are the job's. */
function checkRow(cells: string[], rowNo: number): ParsedRow {
  const [accountNumber = '', bankCode = '', amount = '', narration = ''] = cells;
  const amountMinor = parseAmount(amount);
  const error = !/^\d{10}$/.test(accountNumber)
    ? M.accountNumber
    : !bankCode
      ? M.bankCode
      : bankCode.length > 10
        ? M.unknownBank
        : amountMinor === null
          ? M.amount
          : narration.length > 100
            ? M.narration
            : null;
  return {
    row_no: rowNo,
    account_number: accountNumber.slice(0, 40),
    bank_code: bankCode.slice(0, 10),
    amount_minor: amountMinor,
    narration: narration.slice(0, 100),
    status: error ? 'invalid' : 'validating',
    error,
  };
}

export async function parseFile(bytes: Buffer): Promise<ParsedRow[]> {
  let sheet: string[][] | null;
  try {
    sheet = await readSheetRows(bytes);
  } catch (e) {
    if (e instanceof SheetError) throw fieldError('file', e.message);
    throw e;
  }
  if (!sheet) throw fieldError('file', M.fileUnreadable);
  const [header, ...rows] = sheet;
  const names = (header ?? []).map((h) => h.replace(/\s+/g, '').toLowerCase());
  if (!DISBURSEMENT_COLUMNS.every((c, i) => names[i] === c.toLowerCase()))
    throw fieldError('file', M.badHeader);
  if (!rows.length) throw fieldError('file', M.noRows);
  if (rows.length > DISBURSEMENT_MAX_ROWS) throw fieldError('file', M.tooManyRows);
  return rows.map((cells, i) => checkRow(cells, i + 1));
}

// ---- creating ----

export async function createDisbursement(
  deps: AppDeps,
  p: { tenant: TenantContext; userId: string; name: string; walletId: string; file: Buffer | null },
): Promise<string> {
  const { accountId } = p.tenant;
  const wallet = await getWallet(deps.db, accountId, p.walletId);
  if (!wallet) throw fieldError('walletId', M.selectWallet);
  if (wallet.currency !== 'NGN') throw fieldError('walletId', M.ngnOnly);
  if (!p.file?.length) throw fieldError('file', M.fileRequired);
  const rows = await parseFile(p.file);
  const id = await deps.db.transaction(async (tx) => {
    const [maker] = await tx
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, p.userId));
    const [b] = await tx
      .insert(disbursements)
      .values({
        accountId,
        subsidiaryId: subsidiaryForWrite(p.tenant),
        reference: newReference('dsb', 5),
        name: p.name,
        walletId: wallet.id,
        currency: wallet.currency,
        makerUserId: p.userId,
        makerName: `${maker?.first ?? ''} ${maker?.last ?? ''}`.trim(),
        itemCount: rows.length,
      })
      .returning({ id: disbursements.id });
    // One statement per 5,000 rows: the rows travel as one JSON parameter.
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx.execute(sql`
        insert into disbursement_items (disbursement_id, account_id, row_no, account_number, bank_code, amount_minor, narration, status, error)
        select ${b.id}::uuid, ${accountId}::uuid, x.row_no, x.account_number, x.bank_code, x.amount_minor, x.narration, x.status, x.error
        from json_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::json) as x(
          row_no int, account_number text, bank_code text, amount_minor bigint, narration text, status text, error text)`);
    return b.id;
  });
  sendJobSoon(deps, Q_VALIDATE, { id }, { singletonKey: id });
  return id;
}
