// How a rails adapter reports trouble, so callers can tell "safe to retry" from "refused".

/**
 * - `unavailable`: timeout, network or 5xx: the outcome is unknown; retry with the SAME reference
 *   (the provider dedupes by reference) or ask getTransfer.
 * - `rejected`: the provider refused the request (bad account, duplicate reference with other
 *   details...): final, nothing was sent.
 */
export class RailsError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    message: string,
  ) {
    super(message);
    this.name = 'RailsError';
  }
}

export const isRetryableRailsError = (err: unknown) =>
  !(err instanceof RailsError && err.kind === 'rejected');
