// Payroll calls (002 §7 Payroll employees, Payroll; issue 25).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type { EmployeeInput, EmployeeUpdateInput, PayrollEmployee } from '@owo/contract/payroll';
import type {
  Payroll,
  PayrollDetail,
  PayrollEmployeesInput,
  PayrollInput,
  PayrollRow,
  Payslip,
} from '@owo/contract/payroll-runs';
import type { PayrollGroup } from '@owo/contract/payroll-settings';
import type { groupBody } from '@owo/contract/payroll-settings';
import type { StaffBankChangeItem } from '@owo/contract/payroll-portal-bank';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const payrollKeys = {
  all: ['payroll'] as const,
  employees: (q: object) => ['payroll', 'employees', q] as const,
  list: (q: object) => ['payroll', 'list', q] as const,
  detail: (id: string) => ['payroll', 'detail', id] as const,
  rows: (id: string) => ['payroll', 'rows', id] as const,
  payslip: (payrollId: string, id: string) => ['payroll', 'payslip', payrollId, id] as const,
  groups: ['payroll', 'groups'] as const,
  bankChanges: ['payroll', 'bank-changes'] as const,
};
type GroupBody = z.output<typeof groupBody>;

export const refreshPayroll = () => queryClient.invalidateQueries({ queryKey: payrollKeys.all });

export function useEmployees(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: payrollKeys.employees(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<PayrollEmployee[]>('/payrolls/employees', { query });
      return { items: res.data ?? [], pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function usePayrolls(query: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: payrollKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<Payroll[]>('/payrolls', { query });
      return { items: res.data ?? [], pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

/** GET /payrolls/groups: every group of the company (not paged), by name. */
export function useGroups() {
  return useQuery({
    queryKey: payrollKeys.groups,
    queryFn: async () => (await api.get<PayrollGroup[]>('/payrolls/groups')).data ?? [],
  });
}

const settling = (s?: string) => s === 'paying' || s === 'approved';

export function usePayroll(id: string | undefined) {
  return useQuery({
    queryKey: payrollKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<PayrollDetail>(`/payrolls/${id}`)).data,
    refetchInterval: (q) => (settling(q.state.data?.status) ? 3000 : false),
  });
}

export function usePayrollRows(id: string | undefined, status?: string) {
  return useQuery({
    queryKey: [...payrollKeys.rows(id ?? ''), status],
    enabled: !!id,
    queryFn: async () =>
      (await api.get<PayrollRow[]>(`/payrolls/${id}/employees`, { query: { limit: 1000 } })).data ?? [],
    refetchInterval: settling(status) ? 3000 : false,
  });
}

/** One employee's payslip of a run: GET /payrolls/payslip narrowed to it (null when there is none). */
export function usePayslip(payrollId: string, id: string) {
  return useQuery({
    queryKey: payrollKeys.payslip(payrollId, id),
    queryFn: async () =>
      (await api.get<Payslip[]>('/payrolls/payslip', { query: { payrollId, id } })).data?.[0] ?? null,
  });
}

export const payrollApi = {
  addEmployees: (employees: EmployeeInput[]) =>
    api.post<PayrollEmployee[]>('/payrolls/employees/add', { employees }),
  updateEmployee: (id: string, body: EmployeeUpdateInput) =>
    api.put<PayrollEmployee>(`/payrolls/employees/${id}`, body),
  setEmployeeGroup: (id: string, groupId: string | null) =>
    api.post<PayrollEmployee>(`/payrolls/employees/${id}/group`, { groupId }),
  deleteEmployee: (id: string) => api.delete<null>(`/payrolls/employees/${id}`),
  create: (body: PayrollInput) => api.post<PayrollDetail>('/payrolls', body),
  update: (id: string, body: PayrollInput) => api.put<PayrollDetail>(`/payrolls/${id}`, body),
  updateEmployees: (id: string, employees: PayrollEmployeesInput['employees']) =>
    api.put<PayrollDetail>(`/payrolls/${id}/employees`, { employees }),
  remove: (id: string) => api.delete<null>(`/payrolls/${id}`),
  submit: (id: string) => api.post<PayrollDetail>(`/payrolls/${id}/approve`),
  retry: (id: string) => api.post<PayrollDetail>(`/payrolls/${id}/payment/retry`),
  createGroup: (body: GroupBody) => api.post<PayrollGroup>('/payrolls/groups', body),
  updateGroup: (id: string, body: GroupBody) => api.put<PayrollGroup>(`/payrolls/groups/${id}`, body),
  deleteGroup: (id: string) => api.delete<null>(`/payrolls/groups/${id}`),
};

/** Salary account changes employees asked for in the portal, awaiting approval (issue 25 §5). */
export function useEmployeeBankChanges() {
  return useQuery({
    queryKey: payrollKeys.bankChanges,
    queryFn: async () =>
      (await api.get<StaffBankChangeItem[]>('/payrolls/employees/bank-changes')).data ?? [],
  });
}
