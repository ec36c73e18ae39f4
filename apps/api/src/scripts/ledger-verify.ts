// npm run ledger:verify: checks every ledger invariant (modules/money/verify.ts) on the product's
// database and exits non-zero listing what broke. Uses DATABASE_URL, else the embedded PostgreSQL
// under DATA_DIR (default ./data from where npm was started): the running one if Owo is up, or
// starts it just for the check. From the last clean run's checkpoint (decision 019: the journal
// entries written since, every cached balance against the checkpoint's sums); `--full` re-verifies
// every row (the only mode that sees a row changed before the checkpoint).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  createDb,
  createPool,
  ensureDatabase,
  resolvePgDir,
  runningEmbeddedUrl,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '../platform/db';
import { verifyLedgerFrom } from '../modules/money/verify-checkpoint';
import { verifyInvoiceBooks } from '../modules/inflows/books';

async function main(): Promise<number> {
  let url = process.env.DATABASE_URL;
  let embedded: EmbeddedServer | null = null;
  if (!url) {
    const dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
    const pgDir = path.join(dataDir, 'pg');
    if (!fs.existsSync(path.join(resolvePgDir(pgDir), 'PG_VERSION'))) {
      console.error(`ledger:verify: no database in ${pgDir} and no DATABASE_URL; nothing to check`);
      return 2;
    }
    url = runningEmbeddedUrl(pgDir, 'owo') ?? undefined;
    if (!url) {
      embedded = await startEmbeddedPostgres(pgDir);
      await ensureDatabase(embedded.url('postgres'), 'owo');
      url = embedded.url('owo');
    }
  }
  const pool = createPool(url, 4);
  try {
    const db = createDb(pool);
    const present = await db.execute(sql`select to_regclass('public.postings') is not null as ok`);
    if (!(present.rows[0] as { ok: boolean }).ok) {
      console.error('ledger:verify: this database has no ledger yet (start Owo once so it migrates)');
      return 2;
    }
    const counts = await db.execute(
      sql`select (select count(*) from journal_entries)::int as entries, (select count(*) from postings)::int as postings, (select count(*) from wallets)::int as wallets`,
    );
    const c = counts.rows[0] as { entries: number; postings: number; wallets: number };
    const run = await verifyLedgerFrom(db, { full: process.argv.includes('--full') });
    const problems = run.problems;
    // Receivables: the kobo equation per invoice (collected = partner shares + company share + fees + refunds).
    const hasInvoices = await db.execute(sql`select to_regclass('public.invoices') is not null as ok`);
    let invoiceCount = 0;
    if ((hasInvoices.rows[0] as { ok: boolean }).ok) {
      const books = await verifyInvoiceBooks(db);
      invoiceCount = books.length;
      for (const b of books) for (const p of b.problems) problems.push(`invoice ${b.reference}: ${p}`);
    }
    if (problems.length) {
      console.error(
        `ledger:verify: ${problems.length} problem(s) in ${c.entries} entries / ${c.postings} postings / ${c.wallets} wallets:`,
      );
      for (const p of problems) console.error(`  - ${p}`);
      return 1;
    }
    console.log(
      `ledger:verify: OK, ${run.mode} (${run.entries} entries checked one by one, of ${c.entries} entries, ${c.postings} postings, ${c.wallets} wallets, ${invoiceCount} invoices; every entry balances, cached balances match, no negative wallet, every invoice's collections add up)`,
    );
    return 0;
  } finally {
    await pool.end();
    if (embedded) await embedded.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('ledger:verify failed to run:', err instanceof Error ? err.message : err);
    process.exit(3);
  },
);
