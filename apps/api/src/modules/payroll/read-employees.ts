// Employees as the API shows them (issue 25): figures and net pay only for a caller who may view
// payroll sensitive data, bank and RSA PIN numbers masked.
import { and, eq, sql } from 'drizzle-orm';
import { fromMinor, type PayrollEmployee } from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { TenantContext } from '../../platform/guard';
import { escapeLike } from '../../platform/text';
import { employeeNetPay, payReviewFlags, type StatutorySettings } from './statutory';
import { payrollEmployees, payrollGroups } from './tables';
import { headcount, statutorySettings } from './run-figures';
import { type EmployeeRow, mapMoney, maskNumber, visibleTo } from './shared';

export type EmployeeView = { visible: boolean; settings: StatutorySettings; headcount: number };

export async function employeeView(db: DbOrTx, tenant: TenantContext): Promise<EmployeeView> {
  return {
    visible: visibleTo(tenant),
    settings: await statutorySettings(db, tenant.accountId),
    headcount: await headcount(db, tenant.accountId),
  };
}

type EmployeeListRow = Omit<EmployeeRow, 'accountNumber' | 'accountNumberHmac' | 'accountId' | 'rsaPin'> & {
  groupName: string | null;
};

export function employeeDto(e: EmployeeListRow, v: EmployeeView): PayrollEmployee {
  const r = v.visible ? employeeNetPay(e, v) : null;
  return {
    id: e.id,
    name: e.name,
    email: e.email,
    salaryVisible: v.visible,
    salaryAmount: v.visible ? fromMinor(e.salaryMinor) : null,
    salaryAmountMinor: v.visible ? e.salaryMinor : null,
    annualRent: v.visible ? fromMinor(e.annualRentMinor) : null,
    annualRentMinor: v.visible ? e.annualRentMinor : null,
    nhfEnabled: e.nhfEnabled,
    bankDetails: {
      bankCode: e.bankCode,
      bankName: e.bankName,
      accountName: e.accountName,
      accountNumber: maskNumber(e.accountNumberLast4),
    },
    components: e.components.map((c) => ({
      description: c.description,
      type: c.type,
      amount: v.visible ? fromMinor(c.amountMinor) : null,
      amountMinor: v.visible ? c.amountMinor : null,
    })),
    salaryBreakdown: r ? mapMoney(r.breakdown) : null,
    salaryBreakdownMinor: r ? r.breakdown : null,
    finalAmount: r ? fromMinor(r.netMinor) : null,
    finalAmountMinor: r ? r.netMinor : null,
    grossAmount: r ? fromMinor(r.grossMinor) : null,
    grossAmountMinor: r ? r.grossMinor : null,
    statutoryDeductionsMinor: r ? r.statutoryMinor : null,
    otherDeductionsMinor: r ? r.otherDeductionsMinor : null,
    reviewFlags: v.visible ? payReviewFlags(e.salaryMinor, e.components) : [],
    invitationStatus: e.inviteAcceptedAt ? 'accepted' : 'invited',
    groupId: e.groupId,
    groupName: e.groupName,
    stateOfResidence: e.stateOfResidence,
    pfaName: e.pfaName,
    rsaPin: e.rsaPinLast4 ? maskNumber(e.rsaPinLast4) : null,
    nhfNumber: e.nhfNumber,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

export const EMPLOYEE_COLUMNS = {
  id: payrollEmployees.id,
  name: payrollEmployees.name,
  email: payrollEmployees.email,
  salaryMinor: payrollEmployees.salaryMinor,
  components: payrollEmployees.components,
  annualRentMinor: payrollEmployees.annualRentMinor,
  nhfEnabled: payrollEmployees.nhfEnabled,
  bankCode: payrollEmployees.bankCode,
  bankName: payrollEmployees.bankName,
  accountName: payrollEmployees.accountName,
  accountNumberLast4: payrollEmployees.accountNumberLast4,
  inviteAcceptedAt: payrollEmployees.inviteAcceptedAt,
  groupId: payrollEmployees.groupId,
  groupName: sql<
    string | null
  >`(select ${payrollGroups.name} from ${payrollGroups} where ${payrollGroups.id} = ${payrollEmployees.groupId})`,
  stateOfResidence: payrollEmployees.stateOfResidence,
  pfaName: payrollEmployees.pfaName,
  rsaPinLast4: payrollEmployees.rsaPinLast4,
  nhfNumber: payrollEmployees.nhfNumber,
  createdAt: payrollEmployees.createdAt,
  updatedAt: payrollEmployees.updatedAt,
};

export async function getEmployee(db: Db, p: { tenant: TenantContext; id: string }) {
  const [e] = await db
    .select(EMPLOYEE_COLUMNS)
    .from(payrollEmployees)
    .where(and(eq(payrollEmployees.id, p.id), eq(payrollEmployees.accountId, p.tenant.accountId)));
  if (!e) throw notFound('Employee');
  return employeeDto(e, await employeeView(db, p.tenant));
}

export const employeeSearch = (search?: string) => (search ? `%${escapeLike(search)}%` : null);
