// Public API of the money module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { creditDeposit } from './deposits';
export { markProcessing, settleTransfer, type SettleOutcome } from './transfers';
export { setWalletVirtualAccount } from './wallets';
