import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { checkNuban, makeNuban } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { sendJobSoon } from '../../platform/jobs';
import { RailsError } from '../errors';
import type {
  ChargeRecord,
  ForeignReceivingAccount,
  RailsPort,
  TransferRequest,
  TransferResult,
  VirtualAccount,
} from '../port';
import { enqueueDeliveries, Q_OUTCOME, queueDelivery, registerSandboxJobs, SANDBOX_TIMING } from './engine';
import { faultsFor } from './faults';
import { foreignAccountNumber, gbIban, SANDBOX_GBP_BANK, SANDBOX_USD_BANK } from './foreign';
import { sandboxFxRate, sandboxListBanks, sandboxResolveAccount } from './resolve';
import { sandboxTransfers, sandboxVirtualAccounts, sandboxWebhookDeliveries } from './tables';
import { SANDBOX_VIRTUAL_BANK } from './test-accounts';
import { parseBody, SANDBOX_SIGNATURE_HEADER, verifySignature, type ChargeEventBody } from './webhook-format';

const SWIFT_RE = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const FOREIGN_ACCOUNT_RE = /^[A-Z0-9]{6,34}$/;

/** A USD/GBP wire: SWIFT/BIC, account/IBAN, country, address and a stated purpose, or refused. */
export function checkWire(req: TransferRequest): void {
  if (req.currency !== 'USD' && req.currency !== 'GBP')
    throw new RailsError('rejected', `${String(req.currency)} transfers are not supported`);
  const b = req.beneficiary;
  if (!b) throw new RailsError('rejected', 'A wire needs the beneficiary bank details');
  if (!SWIFT_RE.test(req.bankCode) || b.swiftCode !== req.bankCode)
    throw new RailsError('rejected', 'Invalid SWIFT/BIC');
  if (!FOREIGN_ACCOUNT_RE.test(req.accountNumber)) throw new RailsError('rejected', 'Invalid account number');
  if (!/^[A-Z]{2}$/.test(b.country) || !b.address.trim() || !req.accountName.trim())
    throw new RailsError('rejected', 'Incomplete beneficiary details');
  if (!b.purpose.trim()) throw new RailsError('rejected', 'A wire needs a stated purpose');
}

// The default rails provider: a fake bank switch that behaves like Paystack's (docs/rails-sandbox.md).

const REFERENCE_RE = /^[a-z0-9_-]{1,100}$/;
const providerRef = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

type Row = typeof sandboxTransfers.$inferSelect;
const resultOf = (t: Row): TransferResult => ({
  reference: t.reference,
  status: t.status,
  providerRef: t.providerRef,
  failureReason: t.failureReason,
});

export function createSandboxRails(deps: AppDeps): RailsPort & { sendDeposit: typeof sendDeposit } {
  registerSandboxJobs(deps);
  const { db } = deps;

  /** createTransfer's checks: a RailsError('rejected') for a request the sandbox refuses. */
  function refusal(req: TransferRequest): RailsError | null {
    try {
      if (!REFERENCE_RE.test(req.reference)) throw new RailsError('rejected', 'Invalid transfer reference');
      if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
        throw new RailsError('rejected', 'Invalid amount');
      if (req.currency === 'NGN') {
        const bank = sandboxListBanks().find((b) => b.code === req.bankCode);
        if (!bank || !bank.active) throw new RailsError('rejected', 'Unknown bank code');
        if (!checkNuban(req.accountNumber, bank).ok)
          throw new RailsError('rejected', 'Invalid account number');
      } else {
        checkWire(req);
      }
      return null;
    } catch (err) {
      if (err instanceof RailsError) return err;
      throw err;
    }
  }

  const rowOf = (req: TransferRequest) => ({
    reference: req.reference,
    providerRef: providerRef('TRF'),
    amount: req.amount,
    currency: req.currency,
    bankCode: req.bankCode,
    accountNumber: req.accountNumber,
    accountName: req.accountName,
    reason: req.reason ?? null,
    decideAt: new Date(Date.now() + SANDBOX_TIMING.outcomeDelayMs),
    faults: faultsFor(deps.config.SANDBOX_FAULT_SEED, req.reference),
  });

  /** The back office decides an accepted transfer a little later. */
  const decideLater = (reference: string) =>
    sendJobSoon(
      deps,
      Q_OUTCOME,
      { reference },
      { startAfterSeconds: SANDBOX_TIMING.outcomeDelayMs / 1000, singletonKey: reference },
    );

  /**
   * Fault: the first request for a reference is refused before anything is recorded (the rails were
   * down); this process remembers it, so the caller's retry goes through.
   */
  const refusedOnce = new Set<string>();
  const downFor = (row: ReturnType<typeof rowOf>) => {
    if (!row.faults.unavailable || refusedOnce.has(row.reference)) return false;
    refusedOnce.add(row.reference);
    return true;
  };
  const slowly = (ms: number | undefined) => (ms ? new Promise((r) => setTimeout(r, ms)) : null);

  async function createTransfer(req: TransferRequest): Promise<TransferResult> {
    const refused = refusal(req);
    if (refused) throw refused;
    const row = rowOf(req);
    if (downFor(row)) throw new RailsError('unavailable', 'Sandbox: service unavailable');
    const [inserted] = await db
      .insert(sandboxTransfers)
      .values(row)
      .onConflictDoNothing({ target: sandboxTransfers.reference })
      .returning();
    if (!inserted) {
      const [existing] = await db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.reference, req.reference));
      if (!existing) throw new RailsError('unavailable', 'Transfer not found after conflict');
      if (
        existing.amount !== req.amount ||
        existing.accountNumber !== req.accountNumber ||
        existing.bankCode !== req.bankCode
      ) {
        throw new RailsError('rejected', 'Duplicate transfer reference with different details');
      }
      return resultOf(existing);
    }
    decideLater(req.reference);
    await slowly(row.faults.slowMs);
    // Fault: the transfer is recorded (and will be paid) but the caller never hears back.
    if (row.faults.timeout) throw new RailsError('unavailable', 'Sandbox: request timed out');
    return resultOf(inserted);
  }

  /** The bulk endpoint: the new transfers in one insert; a reference seen before goes the single way. */
  async function createTransfers(reqs: TransferRequest[]): Promise<(TransferResult | RailsError)[]> {
    const out: (TransferResult | RailsError | null)[] = reqs.map(refusal);
    const fresh = reqs.flatMap((req, i) => {
      if (out[i]) return [];
      const row = rowOf(req);
      if (!downFor(row)) return [{ i, row }];
      out[i] = new RailsError('unavailable', 'Sandbox: service unavailable');
      return [];
    });
    const inserted = fresh.length
      ? await db
          .insert(sandboxTransfers)
          .values(fresh.map((f) => f.row))
          .onConflictDoNothing({ target: sandboxTransfers.reference })
          .returning()
      : [];
    const byReference = new Map(inserted.map((t) => [t.reference, t]));
    for (const { i, row } of fresh) {
      const t = byReference.get(row.reference);
      if (!t) {
        out[i] = await createTransfer(reqs[i]).catch((err: unknown) => {
          if (err instanceof RailsError) return err;
          throw err;
        });
        continue;
      }
      decideLater(t.reference);
      out[i] = row.faults.timeout ? new RailsError('unavailable', 'Sandbox: request timed out') : resultOf(t);
    }
    await slowly(Math.max(0, ...fresh.map((f) => f.row.faults.slowMs ?? 0)));
    return out as (TransferResult | RailsError)[];
  }

  async function getTransfer(reference: string): Promise<TransferResult | null> {
    const [t] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference));
    return t ? resultOf(t) : null;
  }

  async function getTransfers(references: string[]): Promise<Map<string, TransferResult>> {
    if (!references.length) return new Map();
    const rows = await db
      .select()
      .from(sandboxTransfers)
      .where(inArray(sandboxTransfers.reference, [...new Set(references)]));
    return new Map(rows.map((t) => [t.reference, resultOf(t)]));
  }

  async function createVirtualAccount(input: { customerRef: string; name: string }): Promise<VirtualAccount> {
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
  async function createForeignAccount(input: {
    customerRef: string;
    name: string;
    currency: 'USD' | 'GBP';
  }): Promise<ForeignReceivingAccount> {
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

  /** Sandbox only: a bank customer pays `amount` into a virtual account; we get charge.success. */
  async function sendDeposit(p: {
    accountNumber: string;
    amount: number;
    senderName: string;
    senderAccountNumber?: string | null;
    senderBankCode?: string | null;
    narration?: string | null;
  }) {
    const [va] = await db
      .select()
      .from(sandboxVirtualAccounts)
      .where(eq(sandboxVirtualAccounts.accountNumber, p.accountNumber));
    if (!va) throw notFound('Virtual account');
    const reference = providerRef('chg').toLowerCase();
    const faults = faultsFor(deps.config.SANDBOX_FAULT_SEED, reference);
    const delivery = await db.transaction((tx) =>
      queueDelivery(tx, {
        event: 'charge.success',
        reference,
        duplicate: faults.duplicate,
        delayMs: faults.delayMs,
        payload: (id) => {
          const body: ChargeEventBody = {
            event: 'charge.success',
            id,
            data: {
              reference,
              amount: p.amount,
              currency: va.currency,
              status: 'success',
              channel: 'dedicated_nuban',
              paid_at: new Date().toISOString(),
              authorization: {
                receiver_bank_account_number: va.accountNumber,
                receiver_bank: va.bankName,
                sender_name: p.senderName,
                ...(p.senderAccountNumber && p.senderBankCode
                  ? { sender_bank_account_number: p.senderAccountNumber, sender_bank_code: p.senderBankCode }
                  : {}),
                ...(p.narration ? { narration: p.narration } : {}),
              },
            },
          };
          return JSON.stringify(body);
        },
      }),
    );
    enqueueDeliveries(deps, [delivery]);
    return { reference, accountNumber: va.accountNumber, amount: p.amount };
  }

  /**
   * The charges the sandbox issued (its engine's record: the signed charge.success it owes), by
   * reference. What a deposit webhook is checked against before anything is credited.
   */
  async function getCharges(references: string[]): Promise<Map<string, ChargeRecord>> {
    const out = new Map<string, ChargeRecord>();
    if (!references.length) return out;
    const rows = await db
      .select({ reference: sandboxWebhookDeliveries.reference, payload: sandboxWebhookDeliveries.payload })
      .from(sandboxWebhookDeliveries)
      .where(
        and(
          eq(sandboxWebhookDeliveries.event, 'charge.success'),
          inArray(sandboxWebhookDeliveries.reference, [...new Set(references)]),
        ),
      );
    for (const r of rows) {
      const ev = parseBody(Buffer.from(r.payload));
      if (ev?.event !== 'charge.success' || ev.reference !== r.reference) continue;
      out.set(r.reference, {
        reference: r.reference,
        status: 'success',
        amount: ev.amount,
        currency: ev.currency ?? null,
        accountNumber: ev.accountNumber,
        narration: ev.narration ?? null,
      });
    }
    return out;
  }

  return {
    name: 'sandbox',
    getCharge: async (reference) => (await getCharges([reference])).get(reference) ?? null,
    getCharges,
    listBanks: async () => sandboxListBanks(),
    async resolveAccount(accountNumber, bankCode) {
      // Our own virtual accounts answer with their holder's name, as a real switch would.
      if (bankCode === SANDBOX_VIRTUAL_BANK.code && /^\d{10}$/.test(accountNumber)) {
        const [va] = await db
          .select()
          .from(sandboxVirtualAccounts)
          .where(eq(sandboxVirtualAccounts.accountNumber, accountNumber));
        if (va) return { accountName: va.accountName };
      }
      return sandboxResolveAccount(accountNumber, bankCode);
    },
    createTransfer,
    createTransfers,
    getTransfer,
    getTransfers,
    createVirtualAccount,
    createForeignAccount,
    fxRate: async (from, to) => sandboxFxRate(deps.config, from, to),
    verifyWebhook: (rawBody, headers) =>
      verifySignature(deps.config.RAILS_WEBHOOK_SECRET!, rawBody, headers[SANDBOX_SIGNATURE_HEADER]),
    parseWebhook: parseBody,
    sendDeposit,
  };
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
