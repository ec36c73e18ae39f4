// Public API of the payouts module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export {
  createApprovedPayout,
  lagosToday,
  payeePayments,
  payoutStatuses,
  returnPayoutsToApproval,
} from './service';
