// bench:scale's data set (bench/scale.ts): companies made through the real paths (account, wallet,
// deposit through the ledger, payouts, bills, payroll rows, expenses and invoice refunds started and
// settled through the ledger, card spend authorised through the issuer webhook), then grown by
// set-based copies of those settled transfers (bench/support.ts copySettledTransfers), one company
// holding half of every stage.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/api/src/platform/db';
import { emptySeams, type AppDeps } from '../apps/api/src/platform/deps';
import { accountMembers, users } from '../apps/api/src/platform/schema';
import { settleTransfer, startTransfer } from '../apps/api/src/modules/money';
import { createCard } from '../apps/api/src/modules/cards/create';
import { fundCardFromWallet } from '../apps/api/src/modules/cards/lifecycle';
import { cards } from '../apps/api/src/modules/cards/tables';
import { ISSUER_SIGNATURE_HEADER, signIssuerBody } from '../apps/api/src/modules/cards/issuer';
import { copySettledTransfers, fundedWallet, type BenchWallet } from './support';

/** What the sample's payouts pay, each through startTransfer + settleTransfer (source, narration). */
const KINDS = [
  { sourceType: 'payout', narration: 'Supplier payment' },
  { sourceType: 'bill', narration: 'Diesel bill' },
  { sourceType: 'payroll-row', narration: 'Salary November' },
  { sourceType: 'expense', narration: 'Fuel expense' },
  { sourceType: 'invoice-refund', narration: 'Invoice refund' },
] as const;
const VENDORS = ['Adebayo Stores', 'Chukwu Motors', 'Ibrahim Logistics', 'Okonkwo Foods', 'Balogun Print'];

export type ScaleSet = { big: BenchWallet; others: BenchWallet[] };

/** `companies` companies, each with `sample` settled payouts of every kind made through the ledger. */
export async function buildCompanies(db: Db, companies: number, sample: number): Promise<ScaleSet> {
  const core = { db, seams: emptySeams() };
  const all: BenchWallet[] = [];
  // The big company pays a million payouts: ₦1,000,000,000,000 keeps its wallet positive.
  for (let i = 0; i < companies; i++)
    all.push(await fundedWallet(db, i, { name: 'Scale', digit: '7' }, i ? undefined : 100_000_000_000_000));
  const [big, ...others] = all;
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, big.userId));
  await db.insert(accountMembers).values({ accountId: big.accountId, userId: big.userId, roleSlug: 'owner' });
  for (const [c, w] of all.entries()) {
    await Promise.all(
      Array.from({ length: sample }, async (_, i) => {
        const k = KINDS[i % KINDS.length];
        const t = await startTransfer(db, {
          accountId: w.accountId,
          walletId: w.walletId,
          amount: 50_000 + ((c * 7919 + i * 104_729) % 4_950_000),
          fee: 2_500,
          bankCode: '058',
          accountNumber: String(1_000_000_000 + ((c * 31 + i) % 8_999_999_999)).slice(0, 10),
          accountName: `${VENDORS[(c + i) % VENDORS.length].toUpperCase()} ${i % 37}`,
          narration: `${k.narration} ${i}`,
          sourceType: k.sourceType,
          sourceId: `scale-${c}-${i}`,
          initiatedBy: w.userId,
          provider: 'sandbox',
        });
        await settleTransfer(core, { reference: t.reference, outcome: 'success' });
      }),
    );
  }
  return { big, others };
}

/**
 * Card spend on the big company, through the real path: a card created and funded from the wallet,
 * then `n` authorisations posted to the running app's issuer webhook (`base`), each approved.
 */
export async function cardSpend(deps: AppDeps, w: BenchWallet, base: string, n: number) {
  const c = await createCard(deps, {
    accountId: w.accountId,
    userId: w.userId,
    body: {
      holderId: w.userId,
      currency: 'NGN',
      perTransactionLimit: 1_000_000_00,
      monthlyLimit: 1_000_000_000_00,
      singleUse: false,
    },
  });
  await fundCardFromWallet(deps, {
    accountId: w.accountId,
    userId: w.userId,
    id: c.id,
    amount: 10_000_000_00,
    walletId: w.walletId,
  });
  const [row] = await deps.db.select({ t: cards.issuerToken }).from(cards).where(eq(cards.id, c.id));
  const secret = deps.config.CARD_ISSUER_WEBHOOK_SECRET ?? deps.config.RAILS_WEBHOOK_SECRET!;
  for (let i = 0; i < n; i++) {
    const body = JSON.stringify({
      event: 'authorization.request',
      id: `evt_scale_${i}_${randomBytes(3).toString('hex')}`,
      data: {
        authorizationId: `auth_scale_${i}_${randomBytes(4).toString('hex')}`,
        cardToken: row.t,
        amount: 2_500_00 + i,
        currency: 'NGN',
        merchant: { name: `Shoprite Lekki ${i % 5}`, category: 'other' },
      },
    });
    const r = await fetch(`${base}/api/webhooks/card-issuer`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        [ISSUER_SIGNATURE_HEADER]: signIssuerBody(secret, body),
      },
    });
    const j = (await r.json()) as { data?: { approved: boolean } };
    if (r.status !== 200 || !j.data?.approved) throw new Error(`card authorisation ${i}: ${r.status}`);
  }
}

/**
 * Grows the data set to `total` transactions: the big company to half of it, the others sharing the
 * rest, by set-based copies dated over the past year (`log` hears the progress).
 */
export async function growTo(db: Db, set: ScaleSet, total: number, log: (s: string) => void) {
  const bigTarget = Math.floor(total / 2);
  await copySettledTransfers(db, bigTarget, (have) => log(`  big company: ${have}`), {
    accounts: [set.big.accountId],
    spreadDays: 365,
  });
  await copySettledTransfers(db, total - bigTarget, (have) => log(`  other companies: ${have}`), {
    accounts: set.others.map((w) => w.accountId),
    spreadDays: 365,
  });
}
