import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BILL_INSIGHT_LABELS,
  type Dashboard,
  type DashboardPanel,
  dashboardQuery,
  dashboardSchema,
  envelope,
  errorEnvelope,
  forecastQuery,
  forecastSchema,
  insightQuery,
  paymentOverviewSchema,
  type TeamReport,
  teamReportSchema,
  type InsightQuery,
} from '@owo/contract';
import { csvStream, sendCsv, wantsCsv, type CsvColumn } from '../../platform/csv';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { needs, tenantOf } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import { dashboard, paymentOverview } from './dashboard';
import { forecast } from './forecast';
import { registerForecastAlerts } from './forecast-alerts';
import { teamReport } from './team-report';
import type { InsightFilters } from './window';
import { EXPENSE_INSIGHT_SOURCE } from './sources';
import { readerOf } from '../../platform/read-replica';

const tags = ['insights'];

/** Insights read history that may lag by a standby's replay time: the read replica when usable. */
const reading = (deps: AppDeps) => ({ db: readerOf(deps), seams: deps.seams });

/** The filters of a request; a member scoped to one subsidiary sees only that subsidiary. */
function filtersOf(req: FastifyRequest, q: InsightQuery): InsightFilters {
  const t = tenantOf(req);
  if (t.subsidiaryId && q.subsidiaryId && q.subsidiaryId !== t.subsidiaryId) throw forbidden();
  return {
    accountId: t.accountId,
    currency: q.currency ?? 'NGN',
    period: q.period ?? 'month',
    subsidiaryId: t.subsidiaryId ?? q.subsidiaryId ?? null,
    from: q.from,
    to: q.to,
  };
}

/** A panel as CSV through the list kit's writer (rows are already aggregated: one batch). */
function panelCsv<T>(deps: AppDeps, reply: FastifyReply, name: string, rows: T[], columns: CsvColumn<T>[]) {
  return sendCsv(
    reply,
    `owo-${name}.csv`,
    csvStream(
      readerOf(deps),
      columns,
      async (_tx, offset) => (offset === 0 ? rows : []),
      Math.max(rows.length + 1, 2),
    ),
  );
}

type Row = Record<string, string | number | null>;
const cols = (...keys: [string, string][]): CsvColumn<Row>[] =>
  keys.map(([header, key]) => ({ header, value: (r: Row) => r[key] }));

/** Insights dashboard and team report (000 §2.4). */
export async function registerInsights(app: FastifyInstance, deps: AppDeps) {
  deps.seams.on('insightSource', EXPENSE_INSIGHT_SOURCE.sourceType, EXPENSE_INSIGHT_SOURCE);
  const r = routerOf(app);
  getInsightDashboardRoute(r, deps);
  getPaymentOverviewRoute(r, deps);
  getTeamReportRoute(r, deps);
  getCashForecastRoute(r, deps);
  registerForecastAlerts(deps);
}

function getCashForecastRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/insights/forecast',
    {
      config: needs('insights', 'get'),
      schema: {
        operationId: 'getCashForecast',
        summary: 'Cash forecast: the wallet balance week by week from what is scheduled, owed and expected',
        description:
          'Weeks start on Monday (Africa/Lagos), from this week. Out: scheduled and recurring payouts, approved payouts not yet paid, bills by due date, payroll runs with their PAYE, pension and NHF remittances. In: open invoice instalments by due date (overdue ones apart). Committed card limits are a separate line.',
        tags,
        querystring: forecastQuery,
        response: { 200: envelope(forecastSchema), 400: errorEnvelope },
      },
    },
    async (req) => {
      const t = tenantOf(req);
      const q = req.query;
      if (t.subsidiaryId && q.subsidiaryId && q.subsidiaryId !== t.subsidiaryId) throw forbidden();
      return ok(
        await forecast(readerOf(deps), {
          accountId: t.accountId,
          currency: q.currency ?? 'NGN',
          weeks: q.weeks ?? 13,
          subsidiaryId: t.subsidiaryId ?? q.subsidiaryId ?? null,
        }),
      );
    },
  );
}

function getInsightDashboardRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/insights/dashboard',
    {
      config: needs('insights', 'get'),
      schema: {
        operationId: 'getInsightDashboard',
        summary:
          'Dashboard panels: payment overview, vendor payments, approvals waiting, expenses, budget use, bills, assets',
        description: 'With `format=csv` and `panel`, one panel as CSV.',
        tags,
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const d = await dashboard(reading(deps), filtersOf(req, req.query));
      if (!wantsCsv(req.query)) return ok(d);
      const panel = req.query.panel ?? 'paymentOverview';
      const { rows, columns } = dashboardCsvPanels(d)[panel];
      return panelCsv(deps, reply, `dashboard-${panel}`, rows as Row[], columns);
    },
  );
}

function getPaymentOverviewRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/insights/payment-overview',
    {
      config: needs('insights', 'get'),
      schema: {
        operationId: 'getPaymentOverview',
        summary: 'Money in and out per day, week or month',
        tags,
        querystring: insightQuery,
        response: { 200: envelope(paymentOverviewSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const p = await paymentOverview(reading(deps), filtersOf(req, req.query));
      if (!wantsCsv(req.query)) return ok(p);
      return panelCsv(deps, reply, 'payment-overview', p.buckets as unknown as Row[], [
        ...cols(
          ['Period', 'bucket'],
          ['Money in', 'moneyIn'],
          ['Money out', 'moneyOut'],
          ['Transactions', 'count'],
        ),
      ]);
    },
  );
}

function getTeamReportRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/insights/team-report',
    {
      config: needs('teamReports', 'get'),
      schema: {
        operationId: 'getTeamReport',
        summary: 'Spend per member and subsidiary, approval turnaround and items waiting per approver',
        tags,
        querystring: insightQuery,
        response: { 200: envelope(teamReportSchema), 400: errorEnvelope },
      },
    },
    async (req, reply) => {
      const t = await teamReport(reading(deps), filtersOf(req, req.query));
      if (!wantsCsv(req.query)) return ok(t);
      return panelCsv(deps, reply, 'team-report', teamReportCsvRows(t), [
        ...cols(
          ['Section', 'section'],
          ['Name', 'name'],
          ['Spent', 'spent'],
          ['Count', 'count'],
          ['Avg turnaround (h)', 'hours'],
          ['Waiting', 'waiting'],
        ),
      ]);
    },
  );
}

/** Each dashboard panel as CSV rows and columns (`format=csv&panel=`). */
function dashboardCsvPanels(d: Dashboard) {
  const labelled = d.billsOverview.map((b) => ({ ...b, label: BILL_INSIGHT_LABELS[b.status] }));
  const panels: Record<DashboardPanel, { rows: unknown[]; columns: CsvColumn<Row>[] }> = {
    paymentOverview: {
      rows: d.paymentOverview.buckets,
      columns: cols(
        ['Period', 'bucket'],
        ['Money in', 'moneyIn'],
        ['Money out', 'moneyOut'],
        ['Transactions', 'count'],
      ),
    },
    vendorPayments: {
      rows: d.vendorPayments,
      columns: cols(['Payee', 'payee'], ['Amount', 'amount'], ['Payments', 'count']),
    },
    approvalsPending: {
      rows: d.approvalsPending,
      columns: cols(['Type', 'type'], ['Amount', 'amount'], ['Items', 'count']),
    },
    expensesByStatus: {
      rows: d.expensesByStatus,
      columns: cols(['Status', 'status'], ['Amount', 'amount'], ['Expenses', 'count']),
    },
    budgetUse: {
      rows: d.budgetUse,
      columns: cols(['Category', 'name'], ['Budget', 'budget'], ['Spent', 'spent']),
    },
    billsOverview: {
      rows: labelled,
      columns: cols(['Status', 'label'], ['Amount', 'amount'], ['Bills', 'count']),
    },
    billsAwaitingApproval: {
      rows: d.billsAwaitingApproval.oldest,
      columns: cols(
        ['Reference', 'reference'],
        ['Vendor', 'vendor'],
        ['Invoice', 'invoiceNumber'],
        ['Due date', 'dueDate'],
        ['Waiting since', 'waitingSince'],
        ['Amount', 'amount'],
      ),
    },
    assetsOverview: {
      rows: d.assetsOverview.byType,
      columns: cols(['Type', 'type'], ['Status', 'status'], ['Assets', 'count'], ['Value (NGN)', 'value']),
    },
    assetPayouts: {
      rows: [
        ...d.assetPayouts.buckets.map((b) => ({
          section: 'Period',
          name: b.bucket,
          count: b.count,
          amount: b.amount,
        })),
        ...d.assetPayouts.topAssets.map((a) => ({
          section: 'Asset',
          name: `${a.type} ${a.brand} ${a.modelNo} (${a.serialNo})`,
          count: a.count,
          amount: a.amount,
        })),
      ],
      columns: cols(['Section', 'section'], ['Name', 'name'], ['Payouts', 'count'], ['Amount', 'amount']),
    },
  };
  return panels;
}

/** The team report as one CSV: members, subsidiaries, then approvers. */
function teamReportCsvRows(t: TeamReport): Row[] {
  return [
    ...t.members.map((x) => ({
      section: 'Member',
      name: x.name,
      spent: x.spent,
      count: x.count,
      hours: null,
      waiting: null,
    })),
    ...t.subsidiaries.map((x) => ({
      section: 'Subsidiary',
      name: x.name,
      spent: x.spent,
      count: x.count,
      hours: null,
      waiting: null,
    })),
    ...t.approvers.map((x) => ({
      section: 'Approver',
      name: x.name,
      spent: null,
      count: x.decisions,
      hours: x.avgTurnaroundHours,
      waiting: x.waitingCount,
    })),
  ];
}
