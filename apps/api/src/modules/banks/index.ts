// Public API of the banks module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export {
  ACCOUNT_NOT_VERIFIED,
  listBanks,
  resolveAccountName,
  resolveAccounts,
  resolveImportRows,
  storeBankAccount,
  UNKNOWN_BANK,
} from './service';
