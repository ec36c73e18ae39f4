// The one import pipeline (issue 36 §4): a spreadsheet becomes a stored batch of checked rows, one
// row can be fixed, and the batch is committed (every row or none, in one transaction) or discarded.
// It knows no area: each area hands in its kind (`ImportKind`: the sheet's columns, the row check
// and the commit step) where it registers its routes, and keeps its own paths, answers and messages.
// An import that keeps no batch (meters: the client holds the checked rows) uses the same steps
// statelessly: `checkImportFile` (read + check, nothing stored) and `commitImportRows` (check again,
// then commit all or none).
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_MSG } from '@owo/contract';
import type { Db, DbOrTx, Tx } from '../db';
import type { AppDeps } from '../deps';
import { conflict, fieldError, notFound } from '../errors';
import { readImportSheet, type SheetRules } from '../spreadsheet';
import { importBatches } from '../tables';

export type ImportRowError = { field: string; message: string };
/** Every checked row names its spreadsheet line (the header is line 1) and carries its errors. */
export type ImportRow = { row: number; errors: ImportRowError[] };
/** What the pipeline needs of a checked row: its errors (none: the row can be committed). */
export type CheckedRow = { errors: readonly unknown[] };
/** One record of the sheet as read: its line and the text of each template column. */
export type ImportRecord<K extends string = string> = { line: number; values: Record<K, string> };
export type ImportCtx = { accountId: string; userId: string };

/**
 * A batch's kind as closing it needs it: the name, the answer to a call on a batch no longer open
 * (default: already confirmed / discarded), and the area's own rows to delete on discard, if any.
 */
export type ImportKindName = {
  /** The batch's kind in `import_batches` ('vendors', 'bills', 'payroll-employees'). */
  kind: string;
  closedMessage?: string;
  discardRows?: (tx: Tx, batchId: string) => Promise<void>;
};

/**
 * What an area supplies: its sheet, how its rows are checked, and how a clean batch is written
 * (`Out`: what the commit answers, the count by default).
 */
export type ImportKind<K extends string, R extends CheckedRow, Out = number> = ImportKindName & {
  columns: readonly K[];
  required: readonly K[];
  maxRows: number;
  /** Other header spellings, accepted file names and the area's own file messages, if any. */
  sheet?: SheetRules<K>;
  /**
   * Checks every record (the row schema, then the area's checks against its own data, duplicates
   * within the file). Always the whole file: a fixed row can clear or cause another row's duplicate.
   */
  validate: (deps: AppDeps, accountId: string, records: ImportRecord<K>[]) => Promise<R[]>;
  /** Writes every row inside the pipeline's transaction; a throw writes nothing. Answers the count. */
  commit: (tx: Tx, rows: R[], ctx: ImportCtx) => Promise<Out>;
  /** Turns an error of the commit into the area's answer (a unique violation → 409), or null. */
  commitError?: (err: unknown) => Error | null;
  /** The answer to a commit with rows in error (default 409 `IMPORT_MSG.hasErrors`). */
  rowsError?: (rows: R[]) => Error;
};

export type ImportBatch<R extends ImportRow> = {
  id: string;
  kind: string;
  status: 'pending' | 'confirmed' | 'discarded';
  fileName: string;
  rows: R[];
  createdAt: Date;
};

/** A stored batch as its table holds it (for an area that keeps its rows elsewhere: payroll). */
export type ImportBatchRecord = typeof importBatches.$inferSelect;
type Row = ImportBatchRecord;
const view = <R extends ImportRow>(b: Row): ImportBatch<R> => ({
  id: b.id,
  kind: b.kind,
  status: b.status,
  fileName: b.fileName,
  rows: b.rows as R[],
  createdAt: b.createdAt,
});
const whereOwn = (k: { kind: string }, accountId: string, id: string) =>
  and(eq(importBatches.id, id), eq(importBatches.accountId, accountId), eq(importBatches.kind, k.kind));

/**
 * The company's batch of this kind, locked for the caller's transaction (`lock` false: read only);
 * another company's id is 404. For an area that keeps its rows in its own table (payroll).
 */
export async function lockImport(
  tx: DbOrTx,
  k: { kind: string },
  accountId: string,
  id: string,
  lock = true,
): Promise<ImportBatchRecord> {
  const q = tx
    .select()
    .from(importBatches)
    .where(whereOwn(k, accountId, id));
  const [b] = lock ? await q.for('update') : await q;
  if (!b) throw notFound('Import');
  return b;
}

type SheetFile = { name: string; bytes: Buffer } | null;

/** The uploaded sheet (CSV or xlsx) read by the kind's rules and every record checked. */
async function readAndCheck<K extends string, R extends CheckedRow, Out>(
  deps: AppDeps,
  k: ImportKind<K, R, Out>,
  accountId: string,
  file: SheetFile,
) {
  const records = await readImportSheet(file, k.columns, k.required, k.maxRows, k.sheet);
  return { records, rows: await k.validate(deps, accountId, records) };
}

/** Reads the uploaded sheet and checks every row; nothing is stored (the caller keeps the rows). */
export async function checkImportFile<K extends string, R extends CheckedRow, Out>(
  deps: AppDeps,
  k: ImportKind<K, R, Out>,
  p: { accountId: string; file: SheetFile },
): Promise<R[]> {
  return (await readAndCheck(deps, k, p.accountId, p.file)).rows;
}

/** Reads the uploaded sheet (CSV or xlsx), checks every row and stores the batch; nothing else is written. */
export async function uploadImport<K extends string, R extends ImportRow, Out>(
  deps: AppDeps,
  k: ImportKind<K, R, Out>,
  p: ImportCtx & { file: SheetFile },
): Promise<ImportBatch<R>> {
  const { records, rows } = await readAndCheck(deps, k, p.accountId, p.file);
  const [b] = await deps.db
    .insert(importBatches)
    .values({
      accountId: p.accountId,
      kind: k.kind,
      fileName: p.file!.name.slice(0, 200),
      source: records,
      rows,
      rowCount: rows.length,
      createdBy: p.userId,
    })
    .returning();
  return view<R>(b);
}

/** The company's batch of this kind; another company's id (or another kind's) is 404. */
export async function getImport<K extends string, R extends ImportRow, Out>(
  db: Db,
  k: ImportKind<K, R, Out>,
  accountId: string,
  id: string,
): Promise<ImportBatch<R>> {
  const [b] = await db
    .select()
    .from(importBatches)
    .where(whereOwn(k, accountId, id));
  if (!b) throw notFound('Import');
  return view<R>(b);
}

const closed = (k: ImportKindName, b: Row) =>
  conflict(
    k.closedMessage ?? (b.status === 'confirmed' ? IMPORT_MSG.alreadyConfirmed : IMPORT_MSG.discarded),
  );

/**
 * Replaces one row's values (the columns given; the others stay) and checks the whole file again.
 * A line the file does not have is a field error on `row`; a closed batch is 409.
 */
export async function fixImportRow<K extends string, R extends ImportRow, Out>(
  deps: AppDeps,
  k: ImportKind<K, R, Out>,
  p: { accountId: string; id: string; row: number; values: Partial<Record<K, string>> },
): Promise<ImportBatch<R>> {
  const [b] = await deps.db
    .select()
    .from(importBatches)
    .where(whereOwn(k, p.accountId, p.id));
  if (!b) throw notFound('Import');
  if (b.status !== 'pending') throw closed(k, b);
  const source = b.source as ImportRecord<K>[];
  const at = source.findIndex((r) => r.line === p.row);
  if (at < 0) throw fieldError('row', IMPORT_MSG.rowNotFound);
  const fixed = source.map((r, i) => (i === at ? { line: r.line, values: { ...r.values, ...p.values } } : r));
  const rows = await k.validate(deps, p.accountId, fixed);
  // Only over the batch as read: a commit or another fix in between wins, and this one answers 409.
  const [u] = await deps.db
    .update(importBatches)
    .set({ source: fixed, rows, updatedAt: sql`now()` })
    .where(
      and(
        eq(importBatches.id, b.id),
        eq(importBatches.status, 'pending'),
        sql`${importBatches.source} = ${JSON.stringify(source)}::jsonb`,
      ),
    )
    .returning();
  if (!u) throw conflict(IMPORT_MSG.changed);
  return view<R>(u);
}

/**
 * The one commit: inside `write`'s transaction the rows (`load`: the batch's, locked) are refused
 * when any has errors, else written by the area's commit step; any throw writes nothing.
 */
async function commitAll<K extends string, R extends CheckedRow, Out>(
  deps: AppDeps,
  k: ImportKind<K, R, Out>,
  ctx: ImportCtx,
  load: (tx: Tx) => Promise<R[]>,
  after?: (tx: Tx) => Promise<void>,
): Promise<Out> {
  try {
    return await deps.db.transaction(async (tx) => {
      const rows = await load(tx);
      if (rows.some((r) => r.errors.length)) throw k.rowsError?.(rows) ?? conflict(IMPORT_MSG.hasErrors);
      const out = await k.commit(tx, rows, { accountId: ctx.accountId, userId: ctx.userId });
      await after?.(tx);
      return out;
    });
  } catch (err) {
    throw k.commitError?.(err) ?? err;
  }
}

/** Writes every row through the area's commit step in one transaction, or nothing. Once. */
export async function commitImport<K extends string, R extends ImportRow, Out>(
  deps: AppDeps,
  k: ImportKind<K, R, Out>,
  p: ImportCtx & { id: string },
): Promise<Out> {
  let id = '';
  return commitAll(
    deps,
    k,
    p,
    async (tx) => {
      const [b] = await tx
        .select()
        .from(importBatches)
        .where(whereOwn(k, p.accountId, p.id))
        .for('update');
      if (!b) throw notFound('Import');
      if (b.status !== 'pending') throw closed(k, b);
      id = b.id;
      return b.rows as R[];
    },
    async (tx) => {
      await tx
        .update(importBatches)
        .set({ status: 'confirmed', confirmedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(importBatches.id, id));
    },
  );
}

/**
 * Records the caller kept (no stored batch) checked again, then written all in one transaction or
 * none: a row in error answers the kind's `rowsError` and nothing is written.
 */
export async function commitImportRows<K extends string, R extends CheckedRow, Out>(
  deps: AppDeps,
  k: ImportKind<K, R, Out>,
  p: ImportCtx & { records: ImportRecord<K>[] },
): Promise<Out> {
  const rows = await k.validate(deps, p.accountId, p.records);
  return commitAll(deps, k, p, async () => rows);
}

/** Closes a pending batch without writing any row (the area's own rows deleted); a closed one is 409. */
export async function discardImport(
  db: Db,
  k: ImportKindName,
  p: { accountId: string; id: string },
): Promise<void> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(importBatches)
      .where(whereOwn(k, p.accountId, p.id))
      .for('update');
    if (!b) throw notFound('Import');
    if (b.status !== 'pending') throw closed(k, b);
    await k.discardRows?.(tx, b.id);
    await tx
      .update(importBatches)
      .set({ status: 'discarded', updatedAt: sql`now()` })
      .where(eq(importBatches.id, b.id));
  });
}
