// Public API of the funding module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { dispatchManySoon, dispatchSoon, type WireMetadata } from './dispatcher';
export { getFundingAccount, issuesAccountsFor } from './virtual-accounts';
