// The seams the files area owns (platform/seams.ts).
import type { DbOrTx } from '../../platform/db';

declare module '../../platform/seams' {
  interface HookSeams {
    /** Whether a record of the hook's area still needs the file (accounts: a KYB document); if so it is not deleted. */
    fileInUse: (db: DbOrTx, accountId: string, fileName: string) => Promise<boolean>;
  }
}
