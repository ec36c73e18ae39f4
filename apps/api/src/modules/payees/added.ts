// Vendors added on the way (issue 36 §3): another area's flow that pays someone new (pay someone, a
// bill's vendor, an imported bill's vendors, a self-payee fund request) adds the vendor through here,
// inside its own transaction. The caller has checked the bank account (NUBAN) and resolved its name.
import type { Tx } from '../../platform/db';
import { payees } from './tables';

/** A vendor as the caller states it: its bank account already checked and its name resolved. */
export type NewPayee = Pick<
  typeof payees.$inferInsert,
  | 'accountId'
  | 'name'
  | 'email'
  | 'currency'
  | 'bankCode'
  | 'bankName'
  | 'accountNumber'
  | 'accountName'
  | 'foreignBank'
  | 'createdBy'
>;

/** A vendor added: its id and the bank account it was added for. */
export type AddedPayee = { id: string; bankCode: string; accountNumber: string };

/**
 * Adds vendors in the caller's transaction, one statement, and answers those added. A company has one
 * vendor per bank account: with `ifExists: 'fail'` a vendor already there is the unique violation
 * (23505, the caller's to answer), with 'skip' it is left as it is and not in the answer.
 */
export async function addPayees(tx: Tx, rows: NewPayee[], ifExists: 'fail' | 'skip'): Promise<AddedPayee[]> {
  if (!rows.length) return [];
  const added = { id: payees.id, bankCode: payees.bankCode, accountNumber: payees.accountNumber };
  const insert = tx.insert(payees).values(rows);
  return ifExists === 'skip' ? insert.onConflictDoNothing().returning(added) : insert.returning(added);
}
