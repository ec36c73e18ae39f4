// Public entry of the disbursements feature.
export { useDisbursement } from './api';
