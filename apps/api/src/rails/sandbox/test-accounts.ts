// Documented test accounts (docs/rails-sandbox.md): valid NUBANs at Guaranty Trust Bank (058).
// Transfers to any other valid account succeed.

export const SANDBOX_TEST_BANK_CODE = '058';
export const SANDBOX_TEST_ACCOUNTS = {
  /** The transfer fails: the beneficiary bank refuses the credit. */
  fails: '9990000011',
  /** The transfer succeeds, then the beneficiary bank sends the money back (reversed). */
  reverses: '9990000028',
  /** The transfer is accepted and never settles (stays pending). */
  staysPending: '9990000035',
} as const;

export type SandboxBehaviour = 'succeeds' | 'fails' | 'reverses' | 'staysPending';

export function behaviourOf(accountNumber: string, bankCode: string): SandboxBehaviour {
  if (bankCode !== SANDBOX_TEST_BANK_CODE) return 'succeeds';
  for (const [kind, number] of Object.entries(SANDBOX_TEST_ACCOUNTS)) {
    if (number === accountNumber) return kind as SandboxBehaviour;
  }
  return 'succeeds';
}

export const SANDBOX_FAILURE_REASON = 'Beneficiary bank declined the credit (sandbox test account)';
export const SANDBOX_REVERSAL_REASON = 'Beneficiary bank returned the funds (sandbox test account)';

/** Where virtual accounts are issued (real providers use partner banks such as Providus or Wema). */
export const SANDBOX_VIRTUAL_BANK = { code: '101', name: 'Providus Bank' } as const;
