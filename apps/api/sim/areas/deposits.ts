// Deposits: a bank customer pays into a company's NGN virtual account (the sandbox sends the
// charge.success webhook; the wallet is credited once the rails confirm it).
import type { Area } from '../types';
import { expectStatus, major } from './kit';

export const depositsArea: Area = {
  name: 'deposits',
  ops: [
    {
      name: 'virtual-account',
      weight: 3,
      async run(w, c, rng) {
        const to = c.wallets.NGN.accountNumber;
        if (!to) return 'no virtual account';
        const amount = rng.int(1_000_00, 2_000_000_00);
        const res = await w.as(c, 'owner', rng)('POST', '/api/sandbox/deposits', {
          accountNumber: to,
          amount: major(amount),
          senderName: 'SIM CUSTOMER',
        });
        expectStatus('sandbox deposit', res, 200);
        return `₦${major(amount)} sent to ${to}`;
      },
    },
  ],
};
