// The sandbox provider's documented test meters (docs/areas/marketplace.md).
// Every other 10-15 digit meter verifies at any disco and vends successfully at once.
export const SANDBOX_TEST_METERS = {
  /** Verification fails at every disco. */
  unverifiable: '10000000001',
  /** Vends after a delay: the pay call answers pending, a requery after VEND_DELAY_MS answers the token. */
  delayed: '10000000002',
  /** Verifies, but every vend fails (the money goes back to the wallet). */
  vendFails: '10000000003',
  /** A postpaid meter with ₦5,000.00 of debt: the payment clears the debt first. */
  postpaidDebt: '10000000004',
  /** The pay call times out after the provider recorded the vend: a requery finds it. */
  timeout: '10000000005',
} as const;
export const SANDBOX_DEBT_MINOR = 500_000;
export const SANDBOX_TIMING = { vendDelayMs: 2_000 };
