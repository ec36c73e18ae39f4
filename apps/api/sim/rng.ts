// The simulator's randomness: everything a run decides comes from one seed through these streams,
// so `npm run sim -- --seed N` makes the same decisions again (ARCHITECTURE "Fault simulator").
import { prng } from '../src/rails/sandbox/faults';

export type Rng = {
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** One of `xs` by weight, or undefined when every weight is 0. */
  weighted<T>(xs: readonly { weight: number; value: T }[]): T | undefined;
  /** An independent stream for a sub-decision (a step's own stream: removing a step keeps the rest). */
  fork(label: string | number): Rng;
  /** A fresh 31-bit seed drawn from this stream. */
  seed(): number;
};

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function rngOf(seed: number): Rng {
  const next = prng(seed >>> 0);
  const r: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (xs) => {
      if (!xs.length) throw new Error('pick from nothing');
      return xs[Math.floor(next() * xs.length)];
    },
    weighted: (xs) => {
      const total = xs.reduce((s, x) => s + Math.max(0, x.weight), 0);
      if (total <= 0) return undefined;
      let at = next() * total;
      for (const x of xs) {
        at -= Math.max(0, x.weight);
        if (at < 0) return x.value;
      }
      return xs[xs.length - 1].value;
    },
    fork: (label) => rngOf((seed ^ hash(String(label))) >>> 0),
    seed: () => Math.floor(next() * 2 ** 31),
  };
  return r;
}
