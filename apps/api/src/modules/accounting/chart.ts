// The provider's chart of accounts, classes and locations: the synced copy, its sync, and the journal
// accounts' defaults picked from it.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { JOURNAL_ACCOUNT_KEYS, type JournalAccountKey, type ProviderAccount } from '@owo/contract';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { ProviderRef } from './provider/port';
import { accountingConnections, accountingRefs } from './tables';
import { withProvider } from './connection';

const refDto = (r: typeof accountingRefs.$inferSelect): ProviderAccount => ({
  id: r.providerId,
  name: r.name,
  type: r.type,
  active: r.active,
});

export async function listRefs(
  db: DbOrTx,
  accountId: string,
  kind: 'account' | 'class' | 'location',
  type?: string,
) {
  const rows = await db
    .select()
    .from(accountingRefs)
    .where(
      and(
        eq(accountingRefs.accountId, accountId),
        eq(accountingRefs.kind, kind),
        type ? eq(accountingRefs.type, type) : undefined,
      ),
    )
    .orderBy(asc(accountingRefs.name), asc(accountingRefs.providerId));
  return rows.map(refDto);
}

async function replaceRefs(
  tx: DbOrTx,
  accountId: string,
  kind: 'account' | 'class' | 'location',
  refs: ProviderAccount[],
) {
  await tx
    .delete(accountingRefs)
    .where(and(eq(accountingRefs.accountId, accountId), eq(accountingRefs.kind, kind)));
  if (refs.length)
    await tx
      .insert(accountingRefs)
      .values(
        refs.slice(0, 5000).map((r) => ({
          accountId,
          kind,
          providerId: r.id.slice(0, 64),
          name: r.name.slice(0, 200),
          type: r.type.slice(0, 60),
          active: r.active,
        })),
      )
      .onConflictDoNothing();
}

const LIABILITY = /liabilit|payable/i;

/**
 * Defaults for the payroll journal and fee accounts, picked from the provider's chart by account
 * type (QBO `AccountType`: `Expense`, `Other Current Liability`, …) and then by name: an expense or
 * liability whose name says what it is; else the payroll expense account for employer costs, the
 * first active liability for what is withheld, and the default expense account for bank charges.
 * None of a kind (a chart without liabilities): null, and a posting that needs it fails, visibly.
 */
export function journalAccountDefaults(
  accounts: ProviderRef[],
  payrollId: string | null,
  expenseId: string | null,
): Record<JournalAccountKey, string | null> {
  const active = accounts.filter((a) => a.active);
  const expenses = active.filter((a) => a.type === 'Expense' || a.type === 'Other Expense');
  const liabilities = active.filter((a) => LIABILITY.test(a.type) && !/accounts payable/i.test(a.type));
  const named = (list: ProviderRef[], re: RegExp) => list.find((a) => re.test(a.name))?.id ?? null;
  const liability = (re: RegExp) => named(liabilities, re) ?? liabilities[0]?.id ?? null;
  return {
    employerPensionAccountId: named(expenses, /pension/i) ?? payrollId,
    nsitfExpenseAccountId: named(expenses, /nsitf|compensation/i) ?? payrollId,
    payePayableAccountId: liability(/paye|income tax|withholding/i),
    pensionPayableAccountId: liability(/pension/i),
    nhfPayableAccountId: liability(/nhf|housing fund/i),
    nsitfPayableAccountId: liability(/nsitf|compensation/i),
    otherDeductionsAccountId: liability(/payroll liab|deduction/i),
    bankChargesAccountId: named(expenses, /bank (charge|fee)|transfer fee/i) ?? expenseId,
  };
}

/** `POST /api/accounting/accounts/sync`: the provider's accounts and classes replace the synced copy. */
export async function syncAccounts(deps: AppDeps, accountId: string) {
  const { accounts, classes } = await withProvider(deps, accountId, async (p, c) => ({
    accounts: await p.listAccounts(c),
    classes: await p.listClasses(c),
  }));
  await deps.db.transaction(async (tx) => {
    await replaceRefs(tx, accountId, 'account', accounts);
    await replaceRefs(tx, accountId, 'class', classes);
    const bank = accounts.find((a) => a.type === 'Bank' && a.active);
    const expense = accounts.find((a) => a.type === 'Expense' && a.active);
    const payroll = accounts.find((a) => a.type === 'Expense' && /salar|wage|payroll/i.test(a.name));
    const picks = journalAccountDefaults(accounts, payroll?.id ?? expense?.id ?? null, expense?.id ?? null);
    const keep = (col: AnyPgColumn, id: string | null) => sql`coalesce(${col}, ${id})`;
    await tx
      .update(accountingConnections)
      .set({
        accountsSyncedAt: new Date(),
        // first sync: sensible defaults the import flow can change
        bankAccountId: keep(accountingConnections.bankAccountId, bank?.id ?? null),
        defaultExpenseAccountId: keep(accountingConnections.defaultExpenseAccountId, expense?.id ?? null),
        payrollAccountId: keep(accountingConnections.payrollAccountId, payroll?.id ?? expense?.id ?? null),
        ...Object.fromEntries(JOURNAL_ACCOUNT_KEYS.map((k) => [k, keep(accountingConnections[k], picks[k])])),
      })
      .where(eq(accountingConnections.accountId, accountId));
  });
  return { accounts: accounts.length, classes: classes.length };
}

export async function syncLocations(deps: AppDeps, accountId: string) {
  const locations = await withProvider(deps, accountId, (p, c) => p.listLocations(c));
  await deps.db.transaction(async (tx) => {
    await replaceRefs(tx, accountId, 'location', locations);
    await tx
      .update(accountingConnections)
      .set({ locationsSyncedAt: new Date() })
      .where(eq(accountingConnections.accountId, accountId));
  });
  return listRefs(deps.db, accountId, 'location');
}
