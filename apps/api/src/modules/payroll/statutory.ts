// The statutory engine lives in the contract (`packages/contract/src/payroll-pay.ts`) so that the
// API and the web compute gross, statutory deductions and net pay with the same code (issue 35 §5).
export {
  bases,
  computeEmployee,
  DEFAULT_STATUTORY,
  divRound,
  employeeNetPay,
  employeePayLines,
  LINE,
  payeAnnual,
  payReviewFlags,
  pensionApplies,
  RESERVED_LINES,
  type EmployeePay,
  type PayContext,
  type PayLine,
  type StatutoryResult,
  type StatutorySettings,
  type TaxBand,
} from '@owo/contract';
