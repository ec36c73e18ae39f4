// Payout categories' public entry: the budget check the approvable areas apply (AP policy block/warn).
export { budgetCheck } from './service';
