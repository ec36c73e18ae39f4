import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { newToken, sha256 } from '../../platform/tokens';
import { emailTokens } from './tables';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/** Issues a single-use token for a mailed link; earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(
  tx: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  ttlMinutes: number,
): Promise<string> {
  const now = new Date();
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const token = newToken(32);
  await tx.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
  });
  return token;
}

/**
 * Spends a token: answers its user id, or null when unknown, used or expired. The conditional update
 * makes two concurrent uses of one link succeed at most once.
 */
export async function consumeEmailToken(
  tx: DbOrTx,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<string | null> {
  const now = new Date();
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}
