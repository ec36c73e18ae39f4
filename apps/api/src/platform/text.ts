import { randomUUID } from 'node:crypto';

// Small string helpers every area uses. One copy here; modules import it.

/** Escapes `\`, `%` and `_` so a user's search text matches literally inside an `ilike '%…%'`. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `digits` random hex digits. A v4 UUID holds 30 random ones (all but the version digit and the
 * variant digit); randomUUID draws from a batched entropy cache, so this costs no syscall.
 */
function randomHex(digits: number): string {
  let out = '';
  while (out.length < digits) {
    const h = randomUUID().replace(/-/g, '');
    out += h.slice(0, 12) + h.slice(13, 16) + h.slice(17);
  }
  return out.slice(0, digits);
}

/** A record's public reference: `<prefix>_<ms since epoch, base 36><bytes×2 random hex digits>`. */
export const newReference = (prefix: string, bytes = 6): string =>
  `${prefix}_${Date.now().toString(36)}${randomHex(bytes * 2)}`;
