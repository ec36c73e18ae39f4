// Remittance schedules (issue 25 §4): for a month, the CSVs the statutory bodies ask for, built from
// the PAID rows of that month (a row's month is the Lagos month its transfer succeeded): PAYE per
// state of residence (the state IRS), pension per PFA with the RSA PIN (the PFA's schedule) and NHF
// (the FMBN's), with the state, PFA, RSA PIN and NHF number each row snapshot when it was written. Only a caller who may view payroll sensitive data gets them; the RSA PIN is read
// from the vault (one `vault_reads` row per download) and never logged.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  errorEnvelope,
  fromMinor,
  PAYROLL_MSG,
  REMITTANCE_COLUMNS,
  remittanceParams,
  type RemittanceKind,
} from '@owo/contract';
import { csvStream, sendCsv, type CsvColumn } from '../../platform/csv';
import type { DbOrTx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { authOf, needs, tenantOf } from '../../platform/guard';
import { transactions, vaultReads } from '../../platform/schema';
import { vaultFor } from '../../platform/vault';
import { ROW_RSA_PIN_FIELD, visibleTo } from './shared';
import { LINE } from './statutory';
import { payrollRows, payrolls } from './tables';
import { readerOf } from '../../platform/read-replica';

type RemitRow = {
  name: string;
  email: string;
  reference: string;
  grossMinor: number;
  breakdown: Record<string, number>;
  employerCosts: Record<string, number>;
  state: string | null;
  pfa: string | null;
  rsaPin: string | null;
  nhfNumber: string | null;
};

const deducted = (r: RemitRow, line: string) => -(r.breakdown[line] ?? 0);
/** The basic of the NHF base: the component described Basic (any case), else the salary. */
const basicOf = (r: RemitRow) => {
  const key = Object.keys(r.breakdown).find((k) => k.toLowerCase() === 'basic');
  return r.breakdown[key ?? LINE.salary] ?? 0;
};
const money = (minor: number) => fromMinor(minor);

/** Each file's rows (the SQL filter, order) and columns, in REMITTANCE_COLUMNS order. */
function fileOf(kind: RemittanceKind, reveal: (cipher: string | null) => string) {
  const line = (k: string) => sql`coalesce((${payrollRows.breakdown} ->> ${k})::bigint, 0)`;
  const specs: Record<RemittanceKind, { where?: SQL; order: SQL[]; values: CsvColumn<RemitRow>['value'][] }> =
    {
      paye: {
        order: [sql`${payrollRows.stateOfResidence} asc nulls last`, sql`${payrollRows.name}`],
        values: [
          (r) => r.state ?? 'Not set',
          (r) => r.name,
          (r) => r.email,
          (r) => r.reference,
          (r) => money(r.grossMinor),
          (r) => money(deducted(r, LINE.paye)),
        ],
      },
      pension: {
        where: sql`${line(LINE.pension)} <> 0`,
        order: [sql`${payrollRows.pfaName} asc nulls last`, sql`${payrollRows.name}`],
        values: [
          (r) => r.pfa ?? 'Not set',
          (r) => reveal(r.rsaPin),
          (r) => r.name,
          (r) => money(deducted(r, LINE.pension)),
          (r) => money(r.employerCosts[LINE.pensionEmployer] ?? 0),
          (r) => money(deducted(r, LINE.pension) + (r.employerCosts[LINE.pensionEmployer] ?? 0)),
        ],
      },
      nhf: {
        where: sql`${line(LINE.nhf)} <> 0`,
        order: [sql`${payrollRows.name}`],
        values: [
          (r) => r.nhfNumber ?? '',
          (r) => r.name,
          (r) => money(basicOf(r)),
          (r) => money(deducted(r, LINE.nhf)),
        ],
      },
    };
  const spec = specs[kind];
  const columns: CsvColumn<RemitRow>[] = REMITTANCE_COLUMNS[kind].map((header, i) => ({
    header,
    value: spec.values[i],
  }));
  return { ...spec, columns };
}

/** The paid rows of `month` for `accountId` (a batch) with the remittance fields they snapshot. */
function fetchRows(accountId: string, month: string, where: SQL | undefined, order: SQL[]) {
  return async (tx: DbOrTx, offset: number, limit: number): Promise<RemitRow[]> =>
    tx
      .select({
        name: payrollRows.name,
        email: payrollRows.email,
        reference: payrolls.reference,
        grossMinor: payrollRows.grossMinor,
        breakdown: payrollRows.breakdown,
        employerCosts: payrollRows.employerCosts,
        state: payrollRows.stateOfResidence,
        pfa: payrollRows.pfaName,
        rsaPin: payrollRows.rsaPin,
        nhfNumber: payrollRows.nhfNumber,
      })
      .from(payrollRows)
      .innerJoin(payrolls, eq(payrolls.id, payrollRows.payrollId))
      .innerJoin(transactions, eq(transactions.id, payrollRows.transactionId))
      .where(
        and(
          eq(payrollRows.accountId, accountId),
          eq(payrolls.accountId, accountId),
          eq(transactions.status, 'success'),
          sql`to_char(${transactions.updatedAt} at time zone 'Africa/Lagos', 'YYYY-MM') = ${month}`,
          where,
        ),
      )
      .orderBy(...order, asc(payrollRows.id))
      .limit(limit)
      .offset(offset);
}

export async function registerPayrollRemittances(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const vault = vaultFor(deps.config);
  r.get(
    '/api/payrolls/remittances/:month/:file',
    {
      config: needs('payrolls', 'get'),
      schema: {
        operationId: 'getPayrollRemittance',
        summary:
          "A month's remittance schedule as CSV from its paid payroll rows: paye.csv (per state of residence), pension.csv (per PFA, with the RSA PIN), nhf.csv; needs canViewPayrollSensitiveData",
        tags: ['payroll'],
        params: remittanceParams,
        response: {
          200: z
            .string()
            .describe(
              'text/csv. paye: State of residence, Employee name, Email, Payroll reference, Gross pay, PAYE. pension: PFA, RSA PIN, Employee name, Employee contribution (8%), Employer contribution (10%), Total. nhf: NHF number, Employee name, Basic salary, NHF (2.5%)',
            ),
          400: errorEnvelope,
          403: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const tenant = tenantOf(req);
      if (!visibleTo(tenant)) throw forbidden(PAYROLL_MSG.noPermission);
      const kind = req.params.file.replace('.csv', '') as RemittanceKind;
      const { month } = req.params;
      if (kind === 'pension')
        await db.insert(vaultReads).values({
          field: ROW_RSA_PIN_FIELD,
          recordId: tenant.accountId,
          actorUserId: authOf(req).user.id,
          reason: `pension remittance ${month}`,
        });
      const spec = fileOf(kind, (cipher) => (cipher ? vault.decrypt(ROW_RSA_PIN_FIELD, cipher) : ''));
      return sendCsv(
        reply,
        `owo-${kind}-remittance-${month}.csv`,
        csvStream(readerOf(deps), spec.columns, fetchRows(tenant.accountId, month, spec.where, spec.order)),
      );
    },
  );
}
