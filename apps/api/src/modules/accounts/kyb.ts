import { and, eq, notInArray } from 'drizzle-orm';
import {
  KYB_DOCUMENTS,
  KYB_MSG,
  KYB_STEP_TITLES,
  KYB_STEPS,
  kybProgress,
  type KybAccount,
  type KybContact,
  type KybDocuments,
  type KybInfo,
  type KybOwnershipBody,
  type KybStep,
} from '@owo/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { maskLast4, type Vault } from '../../platform/vault';
import { sealed } from '../../platform/vault/ops';
import { vaultField } from '../../platform/vault/fields';
import { fieldError, unprocessable } from '../../platform/errors';
import { findAccountFiles } from '../files';
import { createNotification } from '../notifications';
import { tiersFor } from './service';
import { accountKyb, accountOwners } from './tables';

export type KybStepBody =
  | { step: 'info'; body: KybInfo }
  | { step: 'bvn'; body: { bvn: string } }
  | { step: 'contact'; body: KybContact }
  | { step: 'ownership'; body: KybOwnershipBody }
  | { step: 'documents'; body: KybDocuments };

const SETUP_TOPIC = 'Account Setup';
const COMPLETE_MARK = 'complete';

async function loadKyb(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(accountKyb).where(eq(accountKyb.accountId, accountId));
  const owners = await db
    .select()
    .from(accountOwners)
    .where(eq(accountOwners.accountId, accountId))
    .orderBy(accountOwners.sortOrder, accountOwners.createdAt);
  return { row: row ?? null, owners };
}

function progressOf(k: Awaited<ReturnType<typeof loadKyb>>) {
  return kybProgress({
    info: k.row?.info,
    bvn: k.row?.bvn,
    contact: k.row?.contact,
    documents: k.row?.documents,
    ownersCount: k.owners.length,
  });
}

/** The account's highest KYB tier (1 to 3, `tiersFor`); money reads it for payout limits (decision 005). */
export async function accountTier(db: DbOrTx, accountId: string): Promise<number> {
  const tiers = tiersFor(progressOf(await loadKyb(db, accountId)));
  return Math.max(...tiers.map((t) => t.tier));
}

/** GET /parameter/account (000 §3 account-fill data); every BVN leaves masked. */
export async function getKyb(db: DbOrTx, accountId: string): Promise<KybAccount> {
  const k = await loadKyb(db, accountId);
  const docs = k.row?.documents ?? null;
  const names = docs ? Object.values(docs).filter((v): v is string => !!v) : [];
  const files = await findAccountFiles(db, accountId, names);
  return {
    info: k.row?.info ?? null,
    bvn: k.row?.bvn ? { bvn: maskLast4(k.row.bvnLast4) } : null,
    contact: k.row?.contact ?? null,
    ownership: {
      owners: k.owners.map((o) => ({
        id: o.id,
        name: o.name,
        bvn: maskLast4(o.bvnLast4),
        share: o.shareBps / 100,
        email: o.email,
        phone: o.phone,
        position: o.position,
        isDirector: o.isDirector,
      })),
    },
    documents: docs
      ? Object.fromEntries(
          KYB_DOCUMENTS.map((key) => {
            const f = files.find((x) => x.fileName === docs[key]);
            return [
              key,
              f
                ? {
                    fileName: f.fileName,
                    originalName: f.originalName,
                    mime: f.mime,
                    size: f.size,
                    url: `/api/files/${f.fileName}`,
                  }
                : null,
            ];
          }),
        )
      : null,
    progress: progressOf(k),
  };
}

async function saveOwners(
  tx: DbOrTx,
  vault: Vault,
  accountId: string,
  owners: KybOwnershipBody['owners'],
  existing: { id: string; bvn: string; bvnHmac: string | null; bvnLast4: string | null }[],
) {
  const keep: string[] = [];
  // Duplicates are found by the BVNs' keyed hashes (under every key, so a rotation in progress
  // cannot hide one); a kept owner's BVN is never decrypted.
  const seen: string[][] = [];
  const field = vaultField('account_owners.bvn');
  for (const [i, o] of owners.entries()) {
    const prior = o.id ? existing.find((e) => e.id === o.id) : undefined;
    if (o.id && !prior) throw fieldError(`owners.${i}.id`, 'This owner was not found; please add them again');
    const hashes = o.bvn ? vault.hmacs('bvn', o.bvn) : [prior!.bvnHmac ?? prior!.bvn];
    if (seen.some((h) => h.some((x) => hashes.includes(x))))
      throw fieldError(`owners.${i}.bvn`, KYB_MSG.bvnDuplicate);
    seen.push(hashes);
    const bvnColumns = o.bvn
      ? (() => {
          const s = sealed(field, vault, o.bvn);
          return { bvn: s.bvn, bvnHmac: s.bvn_hmac, bvnLast4: s.bvn_last4 };
        })()
      : { bvn: prior!.bvn, bvnHmac: prior!.bvnHmac, bvnLast4: prior!.bvnLast4 };
    const values = {
      name: o.name,
      ...bvnColumns,
      shareBps: Math.round(o.share * 100),
      email: o.email,
      phone: o.phone,
      position: o.position,
      isDirector: o.isDirector,
      sortOrder: i,
    };
    if (prior) {
      await tx
        .update(accountOwners)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(accountOwners.id, prior.id), eq(accountOwners.accountId, accountId)));
      keep.push(prior.id);
    } else {
      const [row] = await tx
        .insert(accountOwners)
        .values({ accountId, ...values })
        .returning({ id: accountOwners.id });
      keep.push(row.id);
    }
  }
  await tx
    .delete(accountOwners)
    .where(
      and(
        eq(accountOwners.accountId, accountId),
        keep.length ? notInArray(accountOwners.id, keep) : undefined,
      ),
    );
}

/**
 * Saves one step. Steps are filled in order (000 §2.6: a user reaches only up to the highest
 * completed step + 1); re-saving an earlier step is always allowed. The first completion of each
 * step, and of the whole setup, notifies the account's owners and admins.
 */
export async function saveKybStep(
  db: Db,
  p: { accountId: string; userId: string; vault: Vault } & KybStepBody,
): Promise<KybAccount> {
  return db.transaction(async (tx) => {
    await tx.insert(accountKyb).values({ accountId: p.accountId }).onConflictDoNothing();
    await tx
      .select({ id: accountKyb.accountId })
      .from(accountKyb)
      .where(eq(accountKyb.accountId, p.accountId))
      .for('update');
    const before = await loadKyb(tx, p.accountId);
    const index = KYB_STEPS.indexOf(p.step);
    if (progressOf(before).maxStep < index) throw unprocessable(KYB_MSG.previousStep);

    const set: Partial<typeof accountKyb.$inferInsert> = { updatedBy: p.userId, updatedAt: new Date() };
    if (p.step === 'info') set.info = p.body;
    if (p.step === 'bvn') {
      const s = sealed(vaultField('account_kyb.bvn'), p.vault, p.body.bvn);
      Object.assign(set, { bvn: s.bvn, bvnHmac: s.bvn_hmac, bvnLast4: s.bvn_last4 });
    }
    if (p.step === 'contact') set.contact = p.body;
    if (p.step === 'documents') {
      const wanted = Object.entries(p.body).filter((e): e is [string, string] => !!e[1]);
      const found = await findAccountFiles(
        tx,
        p.accountId,
        wanted.map(([, v]) => v),
      );
      for (const [key, name] of wanted)
        if (!found.some((f) => f.fileName === name)) throw fieldError(key, KYB_MSG.fileUnknown);
      set.documents = p.body;
    }
    if (p.step === 'ownership') await saveOwners(tx, p.vault, p.accountId, p.body.owners, before.owners);
    await tx.update(accountKyb).set(set).where(eq(accountKyb.accountId, p.accountId));

    const after = await loadKyb(tx, p.accountId);
    const done = new Set(after.row.completedSteps);
    const fresh: string[] = [];
    if (!done.has(p.step)) fresh.push(p.step);
    if (progressOf(after).isComplete && !done.has(COMPLETE_MARK)) fresh.push(COMPLETE_MARK);
    if (fresh.length) {
      await tx
        .update(accountKyb)
        .set({ completedSteps: [...done, ...fresh] })
        .where(eq(accountKyb.accountId, p.accountId));
      for (const s of fresh) {
        const value =
          s === COMPLETE_MARK ? KYB_MSG.setupCompleted : KYB_MSG.stepCompleted(KYB_STEP_TITLES[s as KybStep]);
        await createNotification(tx, {
          accountId: p.accountId,
          topic: SETUP_TOPIC,
          value,
          category: 'account',
        });
      }
    }
    return getKyb(tx, p.accountId);
  });
}

/** Whether a file is one of the account's KYB documents (such a file cannot be deleted). */
export async function isKybDocument(db: DbOrTx, accountId: string, fileName: string) {
  const [row] = await db
    .select({ documents: accountKyb.documents })
    .from(accountKyb)
    .where(eq(accountKyb.accountId, accountId));
  return !!row?.documents && Object.values(row.documents).includes(fileName);
}

export async function kybSummary(db: DbOrTx, accountId: string) {
  const k = await loadKyb(db, accountId);
  return { info: k.row?.info ?? null, contact: k.row?.contact ?? null, progress: progressOf(k) };
}
