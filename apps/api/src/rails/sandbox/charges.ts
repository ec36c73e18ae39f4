// The sandbox's charges: a bank customer paying into a virtual account (charge.success, sandbox
// only), and the record of the charges it issued, which a deposit webhook is checked against.
import { and, eq, inArray } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import type { ChargeRecord } from '../port';
import { providerRef, type SandboxContext } from './context';
import { enqueueDeliveries, queueDelivery } from './engine';
import { faultsFor } from './faults';
import { sandboxVirtualAccounts, sandboxWebhookDeliveries } from './tables';
import { parseBody, type ChargeEventBody } from './webhook-format';

/** What a sandbox deposit is given. */
export type SandboxDeposit = {
  accountNumber: string;
  amount: number;
  senderName: string;
  senderAccountNumber?: string | null;
  senderBankCode?: string | null;
  narration?: string | null;
};

/** Sandbox only: a bank customer pays `amount` into a virtual account; we get charge.success. */
export async function sendDeposit({ deps, db }: SandboxContext, p: SandboxDeposit) {
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
 * Puts a charge into the sandbox provider's own books as if its engine had issued it and already
 * delivered its webhook, so a caller (a test, a bench) can then send that webhook itself: deposit
 * webhooks are credited only for charges the provider's record confirms. `body` is the exact
 * charge.success JSON. Never reached from a route.
 */
export async function recordIssuedCharges(db: SandboxContext['db'], bodies: string[]) {
  if (!bodies.length) return;
  await db.insert(sandboxWebhookDeliveries).values(
    bodies.map((body) => {
      const parsed = JSON.parse(body) as { id: string; data: { reference: string } };
      return {
        eventId: `issued_${parsed.id}`,
        event: 'charge.success',
        reference: parsed.data.reference,
        payload: body,
        deliveredCount: 1,
        deliveredAt: new Date(),
      };
    }),
  );
}

/**
 * The charges the sandbox issued (its engine's record: the signed charge.success it owes), by
 * reference. What a deposit webhook is checked against before anything is credited.
 */
export async function getCharges(
  { db }: SandboxContext,
  references: string[],
): Promise<Map<string, ChargeRecord>> {
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
