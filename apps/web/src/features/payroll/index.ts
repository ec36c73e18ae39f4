// What other features may use from payroll: the branded payslip (the employee portal shows it).
export { PayslipSheet, payPeriodLabel } from './components/payslip';
