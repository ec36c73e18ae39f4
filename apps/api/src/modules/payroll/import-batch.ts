// Employee import with validation batches (issue 25 §2, 002 §7 csv calls). A spreadsheet is read on
// the server (CSV, xlsx, xls), its rows become a batch of entries checked per column (required
// fields, salary, email, bank, NUBAN, duplicates within the file and against existing employees);
// account names are then resolved in the background (pg-boss) with progress. Nothing reaches
// `payroll_employees` until the batch is committed, and a commit is all or nothing.
// This file: what the import's use-case files share (the batch lock, the duplicate flags).
import { eq, sql } from 'drizzle-orm';
import { PAYROLL_IMPORT_MSG, type ImportBatchStatus } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import { lockImport, type ImportBatchRecord, type ImportKindName } from '../../platform/imports';
import { payrollImportEntries } from './tables';

export const IMPORT_ENTRY_FIELD = 'payroll_import_entries.account_number';
export const IMPORT_RSA_PIN_FIELD = 'payroll_import_entries.rsa_pin';
export const IMPORT_RESOLVE_QUEUE = 'payroll-import-resolve';

/**
 * The batch is the import pipeline's (`import_batches`, platform/imports); the rows stay here, in
 * `payroll_import_entries` (vault-sealed numbers, duplicates found in SQL, names looked up by a job).
 */
export const PAYROLL_IMPORT: ImportKindName = {
  kind: 'payroll-employees',
  closedMessage: PAYROLL_IMPORT_MSG.notOpen,
  // A discarded import keeps no salaries or vaulted numbers.
  discardRows: async (tx, batchId) => {
    await tx.delete(payrollImportEntries).where(eq(payrollImportEntries.batchId, batchId));
  },
};
export type Batch = ImportBatchRecord;
export type Entry = typeof payrollImportEntries.$inferSelect;

export const problemSql = sql`(${payrollImportEntries.errors} <> '{}'::jsonb or ${payrollImportEntries.dupEmail}
  or ${payrollImportEntries.emailTaken} or ${payrollImportEntries.dupAccount} or ${payrollImportEntries.accountTaken})`;

export const lockBatch = (tx: DbOrTx, accountId: string, id: string, lock = true): Promise<Batch> =>
  lockImport(tx, PAYROLL_IMPORT, accountId, id, lock);

export const isOpen = (b: Batch) => b.status === 'pending';

/** The payroll import's words for the pipeline's states (validating: names still being looked up). */
export const statusOf = (b: Batch): ImportBatchStatus =>
  b.status === 'pending'
    ? b.checking
      ? 'validating'
      : 'validated'
    : b.status === 'confirmed'
      ? 'committed'
      : 'discarded';

/** Recomputes every row's duplicate flags (within the batch and against employees) in one statement. */
export async function flagDuplicates(db: DbOrTx, accountId: string, batchId: string) {
  await db.execute(sql`
    update payroll_import_entries e
       set dup_email = x.de, email_taken = x.et, dup_account = x.da, account_taken = x.at
      from (
        select i.id,
          case when i.email = '' then false else count(*) over (partition by i.email) > 1 end as de,
          exists (select 1 from payroll_employees p where p.account_id = ${accountId} and p.email = i.email) as et,
          case when i.account_number_hmac is null then false
               else count(*) over (partition by i.bank_code, i.account_number_hmac) > 1 end as da,
          i.account_number_hmac is not null and exists (
            select 1 from payroll_employees p where p.account_id = ${accountId}
               and p.account_number_hmac = i.account_number_hmac and p.bank_code = i.bank_code) as at
          from payroll_import_entries i where i.batch_id = ${batchId}
      ) x
     where e.id = x.id
       and (e.dup_email, e.email_taken, e.dup_account, e.account_taken) is distinct from (x.de, x.et, x.da, x.at)`);
}
