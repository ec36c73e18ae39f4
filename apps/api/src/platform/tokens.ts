import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { LINK_STATUS, STATUS } from '@owo/contract';
import type { DbOrTx } from './db';
import { AppError } from './errors';
import { linkTokens } from './tables';

export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const hmac = (secret: string, s: string) => createHmac('sha256', secret).update(s).digest('base64url');
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// ---- public links as capabilities (issue 34 §3) ----

/** A link's random token: 256 bits, base64url (43 characters). */
export const LINK_TOKEN_RE = /^[A-Za-z0-9_-]{32,64}$/;

/** A public link's principal: the one object and the one action its token allows. */
export type LinkPrincipal = {
  linkId: string;
  kind: string;
  action: string;
  objectId: string;
  accountId: string | null;
  expiresAt: Date;
};

/** What a visitor is told, per link kind (the route's `needsLink` may give its own words). */
export type LinkMessages = {
  missing?: string;
  unknown?: string;
  used?: string;
  expired?: string;
  revoked?: string;
};
export const LINK_MSG = {
  missing: 'This link is not valid',
  unknown: 'This link is not valid',
  used: 'This link has already been used',
  expired: 'This link has expired. Ask for a new one',
  revoked: 'This link is no longer valid',
} as const;

/**
 * Issues a link for one object and one action, in the caller's transaction (the object's row and its
 * link commit together), and answers the token, to be mailed and never kept. `replace` (default)
 * revokes the object's earlier live links for the same action (a resend).
 */
export async function issueLink(
  db: DbOrTx,
  p: {
    kind: string;
    action: string;
    objectId: string;
    accountId: string | null;
    expiresAt: Date | SQL;
    replace?: boolean;
    /** A standing link's token (`standingLinkToken`): issued once, the same call again is a no-op. */
    token?: string;
  },
): Promise<string> {
  if (p.token) {
    await db
      .insert(linkTokens)
      .values({
        tokenHash: sha256(p.token),
        kind: p.kind,
        action: p.action,
        objectId: p.objectId,
        accountId: p.accountId,
        expiresAt: p.expiresAt,
      })
      .onConflictDoNothing({ target: linkTokens.tokenHash });
    return p.token;
  }
  if (p.replace !== false) await revokeLinks(db, { kind: p.kind, objectId: p.objectId, action: p.action });
  const token = newToken(32);
  await db.insert(linkTokens).values({
    tokenHash: sha256(token),
    kind: p.kind,
    action: p.action,
    objectId: p.objectId,
    accountId: p.accountId,
    expiresAt: p.expiresAt,
  });
  return token;
}

/**
 * A standing link's token: for a link printed again and again (an invoice's pay link on its PDF, in
 * reminders, on the staff's screen), 256 bits derived from the server's secret, the object and the
 * action, so it is never kept anywhere but as its hash in `link_tokens` (issued with `issueLink`'s
 * `token`); it is no record's reference or id, and it is refused like any link once spent, expired
 * or revoked.
 */
export const standingLinkToken = (secret: string, kind: string, action: string, objectId: string) =>
  hmac(secret, `link:${kind}:${action}:${objectId}`);

/** Spends an object's live links of an action when the action completes outside the link. */
export async function spendObjectLinks(db: DbOrTx, p: { kind: string; objectId: string; action: string }) {
  await db
    .update(linkTokens)
    .set({ spentAt: sql`now()` })
    .where(
      and(
        eq(linkTokens.kind, p.kind),
        eq(linkTokens.objectId, p.objectId),
        eq(linkTokens.action, p.action),
        isNull(linkTokens.spentAt),
        isNull(linkTokens.revokedAt),
      ),
    );
}

/**
 * The principal a token stands for, or the visitor's error: no token 401; malformed, unknown, or a
 * token of another kind or action 404 (nothing tells one from another); spent, expired or revoked
 * 410 with its own status. Used by the guard for routes that declare `needsLink`.
 */
export async function resolveLink(
  db: DbOrTx,
  token: string | undefined,
  want: { kind: string; action: string; messages?: LinkMessages },
): Promise<LinkPrincipal> {
  const msg = { ...LINK_MSG, ...want.messages };
  if (!token) throw new AppError(401, STATUS.unauthorized, msg.missing);
  if (!LINK_TOKEN_RE.test(token)) throw new AppError(404, STATUS.notFound, msg.unknown);
  const [row] = await db
    .select()
    .from(linkTokens)
    .where(eq(linkTokens.tokenHash, sha256(token)));
  if (!row || row.kind !== want.kind || row.action !== want.action)
    throw new AppError(404, STATUS.notFound, msg.unknown);
  if (row.revokedAt) throw new AppError(410, LINK_STATUS.revoked, msg.revoked);
  if (row.spentAt) throw new AppError(410, LINK_STATUS.used, msg.used);
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(410, LINK_STATUS.expired, msg.expired);
  return {
    linkId: row.id,
    kind: row.kind,
    action: row.action,
    objectId: row.objectId,
    accountId: row.accountId,
    expiresAt: row.expiresAt,
  };
}

/**
 * Spends the link, in the transaction of the action it allowed: one conditional update, so of two
 * concurrent uses the second waits on the row and then finds it spent (410, its transaction rolls
 * back with everything the action wrote). Also refuses a link revoked or expired since the guard.
 */
export async function spendLink(tx: DbOrTx, link: LinkPrincipal, messages?: LinkMessages): Promise<void> {
  const [spent] = await tx
    .update(linkTokens)
    .set({ spentAt: sql`now()` })
    .where(
      and(
        eq(linkTokens.id, link.linkId),
        isNull(linkTokens.spentAt),
        isNull(linkTokens.revokedAt),
        gt(linkTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: linkTokens.id });
  if (spent) return;
  const msg = { ...LINK_MSG, ...messages };
  const [row] = await tx.select().from(linkTokens).where(eq(linkTokens.id, link.linkId));
  if (row?.revokedAt) throw new AppError(410, LINK_STATUS.revoked, msg.revoked);
  if (row?.spentAt) throw new AppError(410, LINK_STATUS.used, msg.used);
  throw new AppError(410, LINK_STATUS.expired, msg.expired);
}

/** Revokes an object's live links (all its actions unless one is named): on cancel, or a resend. */
export async function revokeLinks(
  db: DbOrTx,
  p: { kind: string; objectId: string; action?: string },
): Promise<void> {
  await db
    .update(linkTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(linkTokens.kind, p.kind),
        eq(linkTokens.objectId, p.objectId),
        p.action ? eq(linkTokens.action, p.action) : undefined,
        isNull(linkTokens.spentAt),
        isNull(linkTokens.revokedAt),
      ),
    );
}
