// Seeded fault mode (SANDBOX_FAULT_SEED): the same seed and reference always give the same faults,
// so a failing run can be replayed exactly.

/**
 * timeout: acts, then the caller never hears back; duplicate: the webhook is delivered twice;
 * reorder/delayMs: the webhook is held back; unavailable: the first request is refused before the
 * rails act (a 503; the caller retries); slowMs: the answer comes this late (after acting).
 */
export type Faults = {
  timeout: boolean;
  duplicate: boolean;
  reorder: boolean;
  delayMs: number;
  unavailable?: boolean;
  slowMs?: number;
};

const NONE: Faults = { timeout: false, duplicate: false, reorder: false, delayMs: 0 };

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: small, fast, good enough for test scheduling. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Faults for one transfer or deposit; none without a seed. */
export function faultsFor(seed: number | undefined, reference: string): Faults {
  if (seed === undefined || seed === null) return NONE;
  const rand = prng((seed ^ fnv1a(reference)) >>> 0);
  const timeout = rand() < 0.25;
  const duplicate = rand() < 0.3;
  const reorder = rand() < 0.35;
  const delayMs = reorder ? Math.round(500 + rand() * 2500) : 0;
  // Drawn after the first four, so a seed's earlier faults stay what they were.
  const unavailable = rand() < 0.15;
  const slowMs = rand() < 0.15 ? Math.round(100 + rand() * 600) : 0;
  return { timeout, duplicate, reorder, delayMs, unavailable, slowMs };
}
