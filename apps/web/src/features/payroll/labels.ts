/** The words of a payroll's status (colours come from the kit's StatusBadge). */
export const payrollStatusLabel = (s: string) => s.replace('_', ' ');

/** What a caller without canViewPayrollSensitiveData sees in place of a figure (002 §5). */
export const MASKED = '******';

/** Breakdown lines in payslip order: Salary, other earnings, then deductions (jsonb keeps no order). */
export const orderedLines = (m: Record<string, number>) =>
  Object.entries(m).sort(
    ([ka, a], [kb, b]) => Number(kb === 'Salary') - Number(ka === 'Salary') || Number(b > 0) - Number(a > 0),
  );
