// The forecast's overdraw alerts (issue 39 §2): hourly, every account with a payment due in the next
// 7 days is forecast; each payment after which the wallet's running balance would be below zero
// gets a notification and an email to the owners and admins, naming it and the shortfall, once per
// item and Lagos day (`forecast_alerts`, inserted on conflict do nothing in the same transaction).
import { sql } from 'drizzle-orm';
import { formatMoney, type ForecastAlert, forecastItemPath } from '@owo/contract';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { defineTicker } from '../../platform/jobs';
import { lagosToday } from '../../platform/dates';
import { sendMail } from '../mail';
import { createNotification, membersInRoles, wantsEmail } from '../notifications';
import { forecast } from './forecast';

const ROLES = ['owner', 'admin'];

/** The accounts and currencies with an outflow dated before `until` (a superset: the forecast decides). */
async function candidates(deps: AppDeps, until: string) {
  const r = await deps.db.execute(sql`
    select distinct account_id as "accountId", currency from (
      select account_id, currency from payouts
        where status in ('scheduled', 'approved') and transaction_id is null
          and (scheduled_date is null or scheduled_date < ${until}::date)
      union all
      select r.account_id, p.currency from payout_recurrences r join payouts p on p.id = r.payout_id
        where r.status = 'active' and r.next_date < ${until}::date
      union all
      select account_id, currency from expenses where next_run_on < ${until}::date
      union all
      select r.account_id, w.currency from payrolls r join wallets w on w.id = r.wallet_id
        where r.status in ('pending', 'approved') and coalesce(r.scheduled_pay_date, ${until}::date - 1) < ${until}::date
      union all
      select q.account_id, 'NGN' from payout_quotes q
        where q.status in ('draft', 'submitted', 'sent') and q.due_date < ${until}::date and q.amount_minor is not null
    ) x where currency in ('NGN', 'USD', 'GBP')`);
  return r.rows as { accountId: string; currency: 'NGN' | 'USD' | 'GBP' }[];
}

/** Runs the alerts once; answers how many alerts were new (notified and mailed). */
export async function runForecastAlerts(deps: AppDeps, now: Date = new Date()): Promise<number> {
  const today = lagosToday(now);
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + 8 * 86_400_000).toISOString().slice(0, 10);
  let made = 0;
  for (const c of await candidates(deps, until)) {
    try {
      const f = await forecast(deps.db, { ...c, weeks: 2, subsidiaryId: null }, now);
      const due = f.alerts.filter((a) => a.type === 'overdraw');
      if (due.length)
        made += await deps.db.transaction((tx) =>
          alertAccount(tx, deps, c.accountId, c.currency, today, due),
        );
    } catch (err) {
      // one company's problem must not stop the others
      if (deps.config.LOG_LEVEL !== 'silent')
        console.error(`[insights] forecast alerts ${c.accountId}:`, (err as Error).message);
    }
  }
  return made;
}

async function alertAccount(
  tx: Tx,
  deps: AppDeps,
  accountId: string,
  currency: string,
  today: string,
  alerts: ForecastAlert[],
) {
  let made = 0;
  for (const a of alerts) {
    const fresh = await tx.execute(sql`
      insert into forecast_alerts (account_id, item_key, day, shortfall_minor)
      values (${accountId}, ${a.itemKey}, ${today}::date, ${a.shortfallMinor})
      on conflict do nothing returning item_key`);
    if (!fresh.rows.length) continue;
    made++;
    const path = forecastItemPath(a.kind!, a.id!);
    const value = `${a.label}${a.reference ? ` (${a.reference})` : ''} on ${a.date} would overdraw your ${currency} wallet by ${formatMoney(a.shortfallMinor, currency)}.`;
    await createNotification(tx, {
      accountId,
      topic: 'Payment would overdraw wallet',
      value,
      props: { path, forecast: true },
      category: 'payments',
      roles: ROLES,
    });
    await mailAdmins(tx, deps, accountId, {
      subject: `Low balance: ${a.label} is short by ${formatMoney(a.shortfallMinor, currency)}`,
      text: `${value}\n\nAdd funds or move the payment. Open it: ${deps.config.appUrl}${path}\nThe cash forecast: ${deps.config.appUrl}/insights/forecast`,
    });
  }
  return made;
}

/** The account's active owners and admins who keep email on for payments. */
async function mailAdmins(tx: Tx, deps: AppDeps, accountId: string, mail: { subject: string; text: string }) {
  for (const u of await membersInRoles(tx, accountId, ROLES)) {
    if (!(await wantsEmail(tx, u.userId, 'payments'))) continue;
    await sendMail(
      deps,
      { to: u.email, subject: mail.subject, text: `Hello ${u.firstName},\n\n${mail.text}\n\nOwo` },
      tx,
    );
  }
}

/** The hourly sweep (at most one process runs it at a time; the table keeps it once per item and day). */
export function registerForecastAlerts(deps: AppDeps) {
  defineTicker(deps, 'insights.forecast-alerts', 60 * 60_000, async (d) => {
    await runForecastAlerts(d);
  });
}
