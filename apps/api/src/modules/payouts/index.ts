// Public API of the payouts module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { returnPayoutsToApproval } from './approval';
export { createApprovedPayout } from './create-approved';
export { payeeOpenBills } from './bills';
export { payeePayments, payoutStatuses } from './read';
