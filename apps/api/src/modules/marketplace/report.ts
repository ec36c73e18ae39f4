// The monthly electricity report per meter (issue 26 §2 ★): successful vends of a Lagos month,
// per meter: how many, the amount, the kWh and the average tariff (amount ÷ kWh). JSON or CSV.
import { sql } from 'drizzle-orm';
import { fromMinor, type MeterReport } from '@owo/contract';
import { csvLine } from '../../platform/csv';
import type { Db } from '../../platform/db';
import { lagosMonth } from '../../platform/dates';

export async function meterReport(db: Db, accountId: string, month = lagosMonth()): Promise<MeterReport> {
  const res = await db.execute<{
    meter_id: string;
    meter_no: string;
    name: string;
    label: string | null;
    disco: string;
    vends: number;
    amount: number;
    kwh: string;
  }>(sql`
    select v.meter_id, max(v.meta->>'meter') as meter_no, max(v.meta->>'name') as name,
           max(v.meta->>'label') as label, max(v.meta->>'disco') as disco, count(*)::int as vends,
           sum(v.amount_minor)::bigint as amount,
           coalesce(sum(nullif(v.response->>'units', '')::numeric), 0)::text as kwh
      from vendings v
     where v.account_id = ${accountId}::uuid and v.state = 'success'
       and v.created_at >= (${`${month}-01`}::date)::timestamp at time zone 'Africa/Lagos'
       and v.created_at < ((${`${month}-01`}::date + interval '1 month'))::timestamp at time zone 'Africa/Lagos'
     group by v.meter_id
     order by amount desc, meter_no`);
  const rows = res.rows.map((r) => {
    const kwh = Number(r.kwh);
    const amount = Number(r.amount);
    return {
      meterId: r.meter_id,
      meterNo: r.meter_no,
      name: r.name,
      label: r.label,
      disco: r.disco,
      vends: r.vends,
      amount: fromMinor(amount),
      amountMinor: amount,
      kwh: kwh.toFixed(2),
      averageTariff: kwh > 0 ? (amount / 100 / kwh).toFixed(2) : null,
    };
  });
  const totalMinor = rows.reduce((s, r) => s + r.amountMinor, 0);
  return {
    month,
    rows,
    totalAmount: fromMinor(totalMinor),
    totalAmountMinor: totalMinor,
    totalKwh: rows.reduce((s, r) => s + Number(r.kwh), 0).toFixed(2),
  };
}

export function meterReportCsv(r: MeterReport): string {
  return (
    csvLine([
      'Month',
      'Meter number',
      'Name',
      'Label',
      'Disco',
      'Vends',
      'Amount (NGN)',
      'kWh',
      'Average tariff (NGN/kWh)',
    ]) +
    r.rows
      .map((x) =>
        csvLine([r.month, x.meterNo, x.name, x.label, x.disco, x.vends, x.amount, x.kwh, x.averageTariff]),
      )
      .join('')
  );
}
