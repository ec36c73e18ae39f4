// A paid payslip as a PDF for staff (GET /payrolls/payslip/pdf, issue 37): the same rows as the JSON
// GET /payrolls/payslip (this company, a paid row of a run that went to payment) through the portal's
// renderer. Masked as the JSON is: without canViewPayrollSensitiveData every figure is `******`.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { payslipPdf } from './payslip-pdf';
import { payslipDto, payslipQuery } from './portal-payslips';
import { rowStatusSql, visibleTo } from './shared';
import { payrollRows, payrolls } from './tables';

/** `Ada Ọbí-Nwosu` → `ada-obi-nwosu`: a name safe inside a Content-Disposition filename. */
export const fileSlug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'employee';

export async function staffPayslipPdf(db: Db, p: { tenant: TenantContext; id: string }) {
  const [row] = await payslipQuery(db).where(
    and(
      eq(payrollRows.accountId, p.tenant.accountId),
      eq(payrollRows.id, p.id),
      eq(payrolls.status, 'paying'),
      sql`${rowStatusSql} = 'paid'`,
    ),
  );
  if (!row) throw notFound('Payslip');
  const full = payslipDto(row);
  const visible = visibleTo(p.tenant);
  const slip = visible
    ? full
    : {
        ...full,
        salaryVisible: false,
        amount: null,
        amountMinor: null,
        finalAmount: null,
        finalAmountMinor: null,
        salaryBreakdown: null,
        salaryBreakdownMinor: null,
      };
  const pdf = await payslipPdf(slip, visible ? row.breakdown : {}, row.payrollReference);
  const filename = `owo-payslip-${fileSlug(full.payrollEmployee.name)}-${full.payPeriod}.pdf`;
  return { filename, pdf };
}
