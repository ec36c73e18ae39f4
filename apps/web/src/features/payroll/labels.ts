/** The words of a payroll's status (colours come from the kit's StatusBadge). */
export const payrollStatusLabel = (s: string) => s.replace('_', ' ');

/** What a caller without canViewPayrollSensitiveData sees in place of a figure (002 §5). */
export const MASKED = '******';
