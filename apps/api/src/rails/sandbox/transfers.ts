// The sandbox's transfer endpoints (one, bulk, reads): a fake bank switch that behaves like
// Paystack's (docs/rails-sandbox.md); the back office decides each accepted transfer later (engine.ts).
import { eq, inArray } from 'drizzle-orm';
import { checkNuban } from '@owo/contract';
import { sendJobSoon } from '../../platform/jobs';
import { RailsError } from '../errors';
import type { TransferRequest, TransferResult } from '../port';
import { providerRef, type SandboxContext } from './context';
import { Q_OUTCOME, SANDBOX_TIMING } from './engine';
import { faultsFor } from './faults';
import { sandboxListBanks } from './resolve';
import { sandboxTransfers } from './tables';

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

const REFERENCE_RE = /^[a-z0-9_-]{1,100}$/;

type Row = typeof sandboxTransfers.$inferSelect;
const resultOf = (t: Row): TransferResult => ({
  reference: t.reference,
  status: t.status,
  providerRef: t.providerRef,
  failureReason: t.failureReason,
});

/** createTransfer's checks: a RailsError('rejected') for a request the sandbox refuses. */
function refusal(req: TransferRequest): RailsError | null {
  try {
    if (!REFERENCE_RE.test(req.reference)) throw new RailsError('rejected', 'Invalid transfer reference');
    if (!Number.isSafeInteger(req.amount) || req.amount <= 0)
      throw new RailsError('rejected', 'Invalid amount');
    if (req.currency === 'NGN') {
      const bank = sandboxListBanks().find((b) => b.code === req.bankCode);
      if (!bank || !bank.active) throw new RailsError('rejected', 'Unknown bank code');
      if (!checkNuban(req.accountNumber, bank).ok) throw new RailsError('rejected', 'Invalid account number');
    } else {
      checkWire(req);
    }
    return null;
  } catch (err) {
    if (err instanceof RailsError) return err;
    throw err;
  }
}

const rowOf = (ctx: SandboxContext, req: TransferRequest) => ({
  reference: req.reference,
  providerRef: providerRef('TRF'),
  amount: req.amount,
  currency: req.currency,
  bankCode: req.bankCode,
  accountNumber: req.accountNumber,
  accountName: req.accountName,
  reason: req.reason ?? null,
  decideAt: new Date(Date.now() + SANDBOX_TIMING.outcomeDelayMs),
  faults: faultsFor(ctx.deps.config.SANDBOX_FAULT_SEED, req.reference),
});

/** The back office decides an accepted transfer a little later. */
const decideLater = (ctx: SandboxContext, reference: string) =>
  sendJobSoon(
    ctx.deps,
    Q_OUTCOME,
    { reference },
    { startAfterSeconds: SANDBOX_TIMING.outcomeDelayMs / 1000, singletonKey: reference },
  );

/** Fault: the first request for a reference is refused (see SandboxContext.refusedOnce). */
const downFor = (ctx: SandboxContext, row: ReturnType<typeof rowOf>) => {
  if (!row.faults.unavailable || ctx.refusedOnce.has(row.reference)) return false;
  ctx.refusedOnce.add(row.reference);
  return true;
};
const slowly = (ms: number | undefined) => (ms ? new Promise((r) => setTimeout(r, ms)) : null);

export async function createTransfer(ctx: SandboxContext, req: TransferRequest): Promise<TransferResult> {
  const { db } = ctx;
  const refused = refusal(req);
  if (refused) throw refused;
  const row = rowOf(ctx, req);
  if (downFor(ctx, row)) throw new RailsError('unavailable', 'Sandbox: service unavailable');
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
  decideLater(ctx, req.reference);
  await slowly(row.faults.slowMs);
  // Fault: the transfer is recorded (and will be paid) but the caller never hears back.
  if (row.faults.timeout) throw new RailsError('unavailable', 'Sandbox: request timed out');
  return resultOf(inserted);
}

/** The bulk endpoint: the new transfers in one insert; a reference seen before goes the single way. */
export async function createTransfers(
  ctx: SandboxContext,
  reqs: TransferRequest[],
): Promise<(TransferResult | RailsError)[]> {
  const { db } = ctx;
  const out: (TransferResult | RailsError | null)[] = reqs.map(refusal);
  const fresh = reqs.flatMap((req, i) => {
    if (out[i]) return [];
    const row = rowOf(ctx, req);
    if (!downFor(ctx, row)) return [{ i, row }];
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
      out[i] = await createTransfer(ctx, reqs[i]).catch((err: unknown) => {
        if (err instanceof RailsError) return err;
        throw err;
      });
      continue;
    }
    decideLater(ctx, t.reference);
    out[i] = row.faults.timeout ? new RailsError('unavailable', 'Sandbox: request timed out') : resultOf(t);
  }
  await slowly(Math.max(0, ...fresh.map((f) => f.row.faults.slowMs ?? 0)));
  return out as (TransferResult | RailsError)[];
}

export async function getTransfer({ db }: SandboxContext, reference: string): Promise<TransferResult | null> {
  const [t] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference));
  return t ? resultOf(t) : null;
}

export async function getTransfers(
  { db }: SandboxContext,
  references: string[],
): Promise<Map<string, TransferResult>> {
  if (!references.length) return new Map();
  const rows = await db
    .select()
    .from(sandboxTransfers)
    .where(inArray(sandboxTransfers.reference, [...new Set(references)]));
  return new Map(rows.map((t) => [t.reference, resultOf(t)]));
}
