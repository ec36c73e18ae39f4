// The sandbox's receiving accounts: NGN virtual accounts (dedicated NUBANs) and USD/GBP receiving
// details, each once per customer reference.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { makeNuban } from '@owo/contract';
import { RailsError } from '../errors';
import type { ForeignReceivingAccount, VirtualAccount } from '../port';
import { providerRef, type SandboxContext } from './context';
import { foreignAccountNumber, gbIban, SANDBOX_GBP_BANK, SANDBOX_USD_BANK } from './foreign';
import { sandboxVirtualAccounts } from './tables';
import { SANDBOX_VIRTUAL_BANK } from './test-accounts';

export async function createVirtualAccount(
  { db }: SandboxContext,
  input: { customerRef: string; name: string },
): Promise<VirtualAccount> {
  const accountName = `Owo/${input.name}`.slice(0, 100);
  for (let attempt = 0; attempt < 8; attempt++) {
    const serial = String(randomInt(100_000_000, 1_000_000_000));
    const accountNumber = makeNuban(SANDBOX_VIRTUAL_BANK.code, serial);
    const [row] = await db
      .insert(sandboxVirtualAccounts)
      .values({
        customerRef: input.customerRef,
        accountNumber,
        bankCode: SANDBOX_VIRTUAL_BANK.code,
        bankName: SANDBOX_VIRTUAL_BANK.name,
        accountName,
        providerRef: providerRef('DVA'),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return toVa(row);
    // Either this customer already has one (answer it) or the number was taken (draw again).
    const [existing] = await db
      .select()
      .from(sandboxVirtualAccounts)
      .where(eq(sandboxVirtualAccounts.customerRef, input.customerRef));
    if (existing) return toVa(existing);
  }
  throw new RailsError('unavailable', 'Could not allocate a virtual account number');
}

/**
 * USD/GBP receiving details, once per customer reference: the number is derived from the reference
 * (drawn again with the next attempt on a clash), so the same customer always gets the same one.
 */
export async function createForeignAccount(
  { db }: SandboxContext,
  input: { customerRef: string; name: string; currency: 'USD' | 'GBP' },
): Promise<ForeignReceivingAccount> {
  const accountName = `Owo/${input.name}`.slice(0, 100);
  for (let attempt = 0; attempt < 8; attempt++) {
    const accountNumber = foreignAccountNumber(input.currency, input.customerRef, attempt);
    const bank =
      input.currency === 'USD'
        ? {
            bankCode: SANDBOX_USD_BANK.swiftCode,
            bankName: SANDBOX_USD_BANK.name,
            routingNumber: SANDBOX_USD_BANK.routingNumber,
            sortCode: null,
            iban: null,
          }
        : {
            bankCode: SANDBOX_GBP_BANK.swiftCode,
            bankName: SANDBOX_GBP_BANK.name,
            routingNumber: null,
            sortCode: SANDBOX_GBP_BANK.sortCode,
            iban: gbIban(SANDBOX_GBP_BANK.sortCode, accountNumber),
          };
    const [row] = await db
      .insert(sandboxVirtualAccounts)
      .values({
        customerRef: input.customerRef,
        accountNumber,
        accountName,
        providerRef: providerRef(input.currency === 'USD' ? 'USDA' : 'GBPA'),
        currency: input.currency,
        ...bank,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return toForeign(row);
    const [existing] = await db
      .select()
      .from(sandboxVirtualAccounts)
      .where(eq(sandboxVirtualAccounts.customerRef, input.customerRef));
    if (existing) {
      if (existing.currency !== input.currency)
        throw new RailsError('rejected', 'Customer reference already holds an account in another currency');
      return toForeign(existing);
    }
  }
  throw new RailsError('unavailable', 'Could not allocate a receiving account number');
}

/** Our own virtual accounts answer with their holder's name, as a real switch would. */
export async function resolveOwnAccount(
  { db }: SandboxContext,
  accountNumber: string,
  bankCode: string,
): Promise<{ accountName: string } | null> {
  if (bankCode === SANDBOX_VIRTUAL_BANK.code && /^\d{10}$/.test(accountNumber)) {
    const [va] = await db
      .select()
      .from(sandboxVirtualAccounts)
      .where(eq(sandboxVirtualAccounts.accountNumber, accountNumber));
    if (va) return { accountName: va.accountName };
  }
  return null;
}

const toVa = (r: typeof sandboxVirtualAccounts.$inferSelect): VirtualAccount => ({
  accountNumber: r.accountNumber,
  bankCode: r.bankCode,
  bankName: r.bankName,
  accountName: r.accountName,
  providerRef: r.providerRef,
});

const toForeign = (r: typeof sandboxVirtualAccounts.$inferSelect): ForeignReceivingAccount => ({
  ...toVa(r),
  currency: r.currency as 'USD' | 'GBP',
  swiftCode: r.bankCode,
  routingNumber: r.routingNumber,
  sortCode: r.sortCode,
  iban: r.iban,
});
