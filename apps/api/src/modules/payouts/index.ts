// Public API of the payouts module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { payeePayments, returnPayoutsToApproval } from './service';
