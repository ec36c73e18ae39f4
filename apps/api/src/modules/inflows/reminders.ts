// Scheduled reminders (issue 24 §2): 3 days before each installment's due date and on the day
// after it is missed (Lagos dates), for approved invoices still owed. A ticker (one process at a
// time) queues a pg-boss job per installment and kind; the job inserts the `invoice_reminders` row
// and the mail in ONE transaction, and the row's unique key makes each reminder go once, whatever
// the number of workers or duplicate jobs.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatMoney } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { defineQueue, defineTicker, sendJobSoon } from '../../platform/jobs';
import { accounts } from '../../platform/tenancy-tables';
import { sendMail } from '../mail';
import { payLinkOf } from './invoice-read';
import { invoiceInstallments, invoiceReminders, invoices } from './tables';

export const REMINDER_QUEUE = 'inflows.reminder';
type Kind = 'before' | 'missed';

/** Today's Lagos date as YYYY-MM-DD, shifted by `days`. */
const lagosDay = (now: Date, days = 0) =>
  new Date(now.getTime() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Installments due a reminder at `now` that have none of that kind yet. */
export async function dueReminders(deps: Pick<AppDeps, 'db'>, now = new Date()) {
  const inThree = lagosDay(now, 3);
  const yesterday = lagosDay(now, -1);
  const today = lagosDay(now);
  const rows = await deps.db
    .select({ id: invoiceInstallments.id, due: invoiceInstallments.dueDate })
    .from(invoiceInstallments)
    .innerJoin(invoices, eq(invoices.id, invoiceInstallments.invoiceId))
    .where(
      and(
        inArray(invoiceInstallments.status, ['pending', 'partlyPaid']),
        isNotNull(invoiceInstallments.dueDate),
        eq(invoices.approvalStatus, 'approved'),
        inArray(invoices.status, ['pending', 'partlyPaid']),
        isNotNull(invoices.vaNumber),
        sql`${invoiceInstallments.dueDate} between ${yesterday}::date - 7 and ${inThree}::date`,
      ),
    )
    .limit(500);
  const out: { installmentId: string; kind: Kind }[] = [];
  for (const r of rows) {
    const due = r.due!;
    // 3 days before (or later, until the date itself, if the reminder could not go on the day).
    if (due <= inThree && due >= today) out.push({ installmentId: r.id, kind: 'before' });
    // The day after it was missed (within a week of it, if late).
    if (due <= yesterday) out.push({ installmentId: r.id, kind: 'missed' });
  }
  if (!out.length) return out;
  const sent = await deps.db
    .select({ id: invoiceReminders.installmentId, kind: invoiceReminders.kind })
    .from(invoiceReminders)
    .where(inArray(invoiceReminders.installmentId, [...new Set(out.map((o) => o.installmentId))]));
  const done = new Set(sent.map((s) => `${s.id}:${s.kind}`));
  return out.filter((o) => !done.has(`${o.installmentId}:${o.kind}`));
}

/** Sends one reminder once: the row and the mail commit together, or neither. */
export async function sendScheduledReminder(deps: AppDeps, p: { installmentId: string; kind: Kind }) {
  return deps.db.transaction(async (tx) => {
    const [r] = await tx
      .select({ i: invoiceInstallments, inv: invoices, company: accounts.name })
      .from(invoiceInstallments)
      .innerJoin(invoices, eq(invoices.id, invoiceInstallments.invoiceId))
      .innerJoin(accounts, eq(accounts.id, invoices.accountId))
      .where(eq(invoiceInstallments.id, p.installmentId));
    if (!r || !['pending', 'partlyPaid'].includes(r.i.status) || r.inv.status === 'cancelled') return false;
    const [row] = await tx
      .insert(invoiceReminders)
      .values({ accountId: r.inv.accountId, installmentId: r.i.id, kind: p.kind })
      .onConflictDoNothing()
      .returning({ id: invoiceReminders.id });
    if (!row) return false;
    const owed = r.i.amountMinor - r.i.amountPaidMinor;
    const due = r.i.dueDate!.split('-').reverse().join('/');
    const lead =
      p.kind === 'before'
        ? `${formatMoney(owed, 'NGN')} (${r.i.name}) is due on ${due}`
        : `${formatMoney(owed, 'NGN')} (${r.i.name}) was due on ${due} and has not been paid`;
    await sendMail(
      deps,
      {
        to: r.inv.customerEmail,
        subject:
          p.kind === 'before'
            ? `Payment due soon: invoice ${r.inv.reference} from ${r.company}`
            : `Payment overdue: invoice ${r.inv.reference} from ${r.company}`,
        text: `Hello ${r.inv.customerName},\n\n${lead} on invoice ${r.inv.reference} from ${r.company}.\n\nPay by bank transfer to ${r.inv.vaNumber} (${r.inv.vaBankName ?? ''}), or see the invoice here: ${payLinkOf(deps, r.inv)}\n\nOwo`,
      },
      tx,
    );
    return true;
  });
}

export function registerReminders(deps: AppDeps) {
  defineQueue<{ installmentId: string; kind: Kind }>(deps, REMINDER_QUEUE, async (data) => {
    await sendScheduledReminder(deps, data);
  });
  defineTicker(deps, 'invoice-reminders', 60_000, async (d) => {
    for (const r of await dueReminders(d))
      sendJobSoon(d, REMINDER_QUEUE, r, {
        singletonKey: `${r.installmentId}:${r.kind}`,
        singletonSeconds: 300,
      });
  });
}
