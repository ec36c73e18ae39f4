// The KPI row's insight tiles (issue 37 "Look and feel"): money in and out of this period beside the
// previous one, and what awaits approval with a link to where it is decided.
import { useTranslation } from 'react-i18next';
import { ChangeLine, KpiTile } from '../../components/kpi-tile';
import { formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useDashboard, type InsightFilter } from './api';
import { periodTotals } from './periods';

/** Where the items of an approval type are read and decided (the area's pending list). */
const APPROVAL_LIST: Record<string, () => string> = {
  payout: () => paths.payouts.list.href({ list: 'pending-approval' }),
  expense: () => paths.expenses.list.href({ list: 'pending' }),
  disbursement: () => paths.disbursements.tab.href({ tab: 'pending' }),
  payroll: () => paths.payroll.tab.href({ tab: 'pending' }),
  marketplace: () => paths.marketplace.tab.href({ tab: 'pending' }),
  invoice: () => paths.inflows.invoices.href(),
  request: () => paths.requests.href(),
  commission: () => paths.commissions.root.href(),
};
export const approvalListOf = (type: string | undefined) =>
  (APPROVAL_LIST[type ?? ''] ?? APPROVAL_LIST.payout)();

/** Money in, money out and awaiting approval for the filter's period and currency. */
export function InsightKpis({ filter }: { filter: InsightFilter }) {
  const { t } = useTranslation('dashboard');
  const d = useDashboard(filter);
  if (!d.data) return null;
  const cur = filter.currency;
  const p = filter.period;
  const totals = periodTotals(d.data.paymentOverview);
  const pending = d.data.approvalsPending;
  const count = pending.reduce((s, a) => s + a.count, 0);
  const amount = pending.reduce((s, a) => s + a.amountMinor, 0);
  const top = [...pending].sort((a, b) => b.count - a.count)[0];
  const change = (current: number, previous: number, goodWhenUp: boolean) => (
    <ChangeLine
      current={current}
      previous={previous}
      goodWhenUp={goodWhenUp}
      vs={t(`kpi.vs.${p}`)}
      none={t(`kpi.noPrevious.${p}`)}
    />
  );
  return (
    <>
      <KpiTile
        testId="kpi-money-in"
        label={t(`kpi.in.${p}`)}
        value={formatMoney(totals.inMinor, cur)}
        hint={change(totals.inMinor, totals.prevInMinor, true)}
      />
      <KpiTile
        testId="kpi-money-out"
        label={t(`kpi.out.${p}`)}
        value={formatMoney(totals.outMinor, cur)}
        hint={change(totals.outMinor, totals.prevOutMinor, false)}
      />
      <KpiTile
        testId="kpi-awaiting-approval"
        label={t('kpi.awaiting')}
        value={formatMoney(amount, cur)}
        link={count ? { to: approvalListOf(top?.type), label: t('kpi.review') } : undefined}
        hint={
          count
            ? `${t('kpi.awaitingCount', { count })} · ${pending
                .map((a) => `${a.count} ${t(`approvalTypes.${a.type}`, { defaultValue: a.type })}`)
                .join(', ')}`
            : t('kpi.nothingAwaiting')
        }
      />
    </>
  );
}
