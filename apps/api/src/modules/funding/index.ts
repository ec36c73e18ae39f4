// Public API of the funding module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { dispatchManySoon, dispatchSoon } from './dispatcher';
export { assignVirtualAccount } from './virtual-accounts';
