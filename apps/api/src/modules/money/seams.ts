// The seams the money area owns (platform/seams.ts): what other areas plug into the money core,
// and the one port money uses from funding (which money may not import: funding imports money).
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { DepositMatcher, WalletDeposit } from './deposit-types';
import type { RecordPaid } from './settle-shared';

declare module '../../platform/seams' {
  interface HookSeams {
    /**
     * Collection accounts an area issues itself (inflows: one per invoice). A deposit to a number no
     * wallet owns is offered to each matcher; see `InboundMatch` in deposit-types.ts.
     */
    depositMatcher: DepositMatcher;
    /** A deposit to a wallet's own account, inside the crediting transaction (payment invitations). */
    walletDeposit: (tx: Tx, d: WalletDeposit) => Promise<void>;
    /** A record's payout settled as paid, after the settle (accounting queues the posting). */
    recordPaid: (e: RecordPaid) => void;
    /**
     * A statement that commits with every settle (developers' webhook outbox): given `u`, the
     * settled `transactions` row, it answers ONE data-modifying statement over it.
     */
    settleSql: (u: SQL) => SQL;
  }
  interface PortSeams {
    /** A wallet's virtual account (provided by funding). */
    fundingAccounts: {
      assign: (deps: AppDeps, walletId: string) => Promise<void>;
      assignSoon: (deps: AppDeps, walletId: string) => void;
    };
  }
}
