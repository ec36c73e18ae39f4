// npm run bench:payroll — payroll computation on a throwaway embedded PostgreSQL.
//   A. the statutory engine alone: 10,000 employees' months (PAYE, pension, NHF, NSITF) in memory;
//   B. computeRun: read 10,000 employees of one company and compute every breakdown;
//   C. createPayroll as POST /payrolls runs it: wallet and KYB-tier checks, compute, and the run
//      with its 10,000 rows written (bank numbers re-sealed through the vault) in one transaction;
//   D. import of a 10,000-row CSV; E. payslip PDFs;
//   F. the run of C approved, then every employee paid by the sandbox rails and its signed webhooks
//      over HTTP (the app's HTTP server and worker) until every row is final; ledger:verify after.
// Ends with `name: value unit` lines.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import {
  createDb,
  createPool,
  ensureDatabase,
  freePort,
  runMigrations,
  startEmbeddedPostgres,
} from '../apps/api/src/platform/db';
import { startJobs } from '../apps/api/src/platform/jobs';
import { payrolls } from '../apps/api/src/modules/payroll/tables';
import { verifyLedger } from '../apps/api/src/modules/money/verify';
import { loadConfig } from '../apps/api/src/platform/config';
import { emptySeams, type AppDeps } from '../apps/api/src/platform/deps';
import { accountKyb, accountOwners } from '../apps/api/src/platform/schema';
import { vaultFor } from '../apps/api/src/platform/vault';
import type { TenantContext } from '../apps/api/src/platform/guard';
import { payrollEmployees } from '../apps/api/src/modules/payroll/tables';
import { createPayroll } from '../apps/api/src/modules/payroll/create-run';
import { submitPayroll } from '../apps/api/src/modules/payroll/review-run';
import { computeRun, employeeLines } from '../apps/api/src/modules/payroll/run-figures';
import { computeEmployee, DEFAULT_STATUTORY } from '../apps/api/src/modules/payroll/statutory';
import { extractEmployees } from '../apps/api/src/modules/payroll/import-check';
import { resolveImportNames, validateImport } from '../apps/api/src/modules/payroll/import-validate';
import { payslipPdf } from '../apps/api/src/modules/payroll/payslip-pdf';
import { makeNuban, type PortalPayslip } from '@owo/contract';
import { approveAsAdmin, benchSize, fundedWallet, ownerAndApprover } from './support';

const N = benchSize('BENCH_EMPLOYEES', 10_000, 20);

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bench-'));
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres(path.join(tmp, 'pg'), { persistent: false });
  try {
    await ensureDatabase(server.url('postgres'), 'bench');
    const pool = createPool(server.url('bench'), 20);
    const db = createDb(pool);
    await runMigrations(db);
    const port = await freePort();
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'test',
        DATABASE_URL: server.url('bench'),
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'false',
        RUN_WORKER: 'true',
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
        DATA_DIR: tmp,
        VAULT_KEYS: `k1:${Buffer.alloc(32, 9).toString('base64')}`,
        LOG_LEVEL: 'silent',
      },
    );
    const deps: AppDeps = { db, pool, seams: emptySeams(), config };
    const app = await buildApp(deps, { logger: false, webDist: null });
    await app.listen({ port, host: '127.0.0.1' });
    const stopJobs = await startJobs(deps);
    const vault = vaultFor(config);
    console.log(`Owo payroll benchmark: ${N} employees; ${os.cpus().length} CPUs\n`);

    // ₦100bn: a 10,000-employee month here nets ~₦28bn
    const w = await fundedWallet(db, 0, { name: 'Payroll', digit: '7' }, 10_000_000_000_000);
    await db.insert(accountKyb).values({
      accountId: w.accountId,
      info: { legalName: 'Bench Payroll Ltd' } as never,
      bvn: '22222222222',
      contact: { email: 'ops@bench.ng' } as never,
      documents: { certificateOfIncorporation: 'c.pdf', proofOfAddress: 'a.pdf' } as never,
    });
    await db
      .insert(accountOwners)
      .values({ accountId: w.accountId, name: 'Ada', bvn: '22222222223', shareBps: 10000 });

    // Salaries across every band (₦50k to ₦5m a month); one in three with basic/housing/transport.
    const rows = Array.from({ length: N }, (_, i) => {
      const salaryMinor = (50_000 + ((i * 7919) % 400) * 12_375) * 100;
      const acct = makeNuban('058', String(100_000_000 + i));
      return {
        accountId: w.accountId,
        name: `Employee ${i}`,
        email: `e${i}@bench.ng`,
        salaryMinor,
        components:
          i % 3 === 0
            ? [
                { description: 'Basic', type: 'addition' as const, amountMinor: salaryMinor },
                {
                  description: 'Housing',
                  type: 'addition' as const,
                  amountMinor: Math.round(salaryMinor * 0.4),
                },
                {
                  description: 'Transport',
                  type: 'addition' as const,
                  amountMinor: Math.round(salaryMinor * 0.2),
                },
              ]
            : [],
        annualRentMinor: i % 2 ? 120_000_000 : 0,
        nhfEnabled: i % 4 !== 0,
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountName: `EMPLOYEE ${i}`,
        accountNumber: vault.encrypt('payroll_employees.account_number', acct),
        accountNumberHmac: vault.hmac('nuban', acct),
        accountNumberLast4: acct.slice(-4),
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await db.insert(payrollEmployees).values(rows.slice(i, i + 1000));
    const ids = (await db.select({ id: payrollEmployees.id }).from(payrollEmployees)).map((r) => r.id);

    // A. the engine alone
    let t0 = performance.now();
    let net = 0;
    for (const r of rows)
      net += computeEmployee(
        { lines: employeeLines(r), annualRentMinor: r.annualRentMinor, nhfEnabled: r.nhfEnabled },
        DEFAULT_STATUTORY,
        { headcount: N },
      ).netMinor;
    const engineMs = performance.now() - t0;
    console.log(
      `A. statutory engine, ${N} employees in memory: ${engineMs.toFixed(1)} ms (net ₦${(net / 100).toLocaleString()})`,
    );

    // B. read + compute
    t0 = performance.now();
    const computed = await computeRun(db, w.accountId, ids);
    const computeS = (performance.now() - t0) / 1000;
    console.log(`B. computeRun (read ${computed.length} employees + compute): ${computeS.toFixed(2)} s`);

    // C. POST /payrolls end to end (service level)
    const tenant = {
      accountId: w.accountId,
      accountName: 'Payroll 0',
      roleSlug: 'owner',
      isFullAccess: true,
    } as TenantContext;
    t0 = performance.now();
    await createPayroll(deps, {
      tenant,
      userId: w.userId,
      body: { name: 'Bench run', type: 'once', mode: 'instant', walletId: w.walletId, employees: ids },
    });
    const createS = (performance.now() - t0) / 1000;
    console.log(`C. createPayroll (checks, compute, run + ${N} rows written): ${createS.toFixed(2)} s\n`);

    // D. import: a 10,000-row CSV read, validated into a batch and every account name resolved
    const csv = [
      'name,email,salaryAmount,bankCode,accountNumber,accountName,annualRent',
      ...Array.from(
        { length: N },
        (_, i) =>
          `Imported ${i},imp${i}@bench.ng,${150_000 + (i % 900) * 1000},058,${makeNuban('058', String(300_000_000 + i))},,${i % 2 ? 1200000 : ''}`,
      ),
    ].join('\n');
    t0 = performance.now();
    const extracted = await extractEmployees(Buffer.from(csv), 'bench.csv');
    const batchId = await validateImport(deps, {
      tenant,
      userId: w.userId,
      fileName: 'bench.csv',
      entries: extracted.entries,
    });
    await resolveImportNames(deps, batchId);
    const importS = (performance.now() - t0) / 1000;
    console.log(`D. import ${N} CSV rows: extract, validate, resolve every name: ${importS.toFixed(2)} s`);

    // E. payslip PDFs, rendered one after another
    const slip = {
      id: 'x',
      payrollId: 'y',
      payrollName: 'Bench run',
      createdAt: new Date().toISOString(),
      companyName: 'Bench Payroll Ltd',
      status: 'paid',
      payPeriod: '2026-11',
      payrollEmployee: { id: 'z', name: 'Employee 1', email: 'e1@bench.ng' },
      bankDetails: {
        bankName: 'Guaranty Trust Bank',
        accountName: 'EMPLOYEE 1',
        accountNumber: '******1234',
      },
      salaryVisible: true,
      amount: '500000.00',
      amountMinor: 50_000_000,
      finalAmount: '399735.00',
      finalAmountMinor: 39_973_500,
      salaryBreakdown: null,
      salaryBreakdownMinor: null,
      deductionsTotal: '-100265.00',
      deductionsTotalMinor: -10_026_500,
      downloadable: true,
    } as unknown as PortalPayslip;
    const lines = { Salary: 50_000_000, PAYE: -6_201_500, 'Pension (employee)': -3_200_000, NHF: -625_000 };
    const PDFS = 300;
    t0 = performance.now();
    for (let i = 0; i < PDFS; i++) await payslipPdf(slip, lines, `pyr_bench-${i}`);
    const pdfRate = PDFS / ((performance.now() - t0) / 1000);
    console.log(`E. ${PDFS} payslip PDFs: ${pdfRate.toFixed(0)} a second\n`);

    // F. the run of C approved by a second person, then paid until every row is final
    const admin = await ownerAndApprover(db, w);
    const [run] = await db.select().from(payrolls).where(eq(payrolls.accountId, w.accountId));
    for (const fn of await submitPayroll(deps, { tenant, id: run.id })) await fn();
    t0 = performance.now();
    await approveAsAdmin(deps, w, admin, 'payroll', run.id);
    const heldS = (performance.now() - t0) / 1000;
    console.log(`F. approved: ${N} net pays held in ${heldS.toFixed(2)} s`);
    const finalOf = async () =>
      (
        (
          await db.execute(sql`
        select count(*) filter (where t.status in ('success', 'failed', 'reversed'))::int as final,
               count(*) filter (where t.status = 'success')::int as paid,
               count(*) filter (where r.status = 'failed')::int as refused
        from payroll_rows r left join transactions t on t.id = r.transaction_id
        where r.payroll_id = ${run.id}::uuid`)
        ).rows as { final: number; paid: number; refused: number }[]
      )[0];
    let f = await finalOf();
    while (f.final + f.refused < N) {
      if (performance.now() - t0 > 600_000) throw new Error(`timed out: ${f.final} of ${N} final`);
      await new Promise((r) => setTimeout(r, 200));
      f = await finalOf();
    }
    const paidS = (performance.now() - t0) / 1000;
    const reasons = await db.execute(sql`select failure_reason as reason, count(*)::int as n from payroll_rows
      where payroll_id = ${run.id}::uuid and status = 'failed' group by 1`);
    if (reasons.rows.length) console.log(`   refused: ${JSON.stringify(reasons.rows)}`);
    const problems = await verifyLedger(db);
    console.log(
      `   every row final after ${paidS.toFixed(1)} s: ${f.paid} paid, ${N - f.paid} not; ledger:verify ${problems.length ? problems.join('; ') : 'clean'}\n`,
    );

    console.log(`payroll statutory engine ${N.toLocaleString('en')} employees: ${engineMs.toFixed(1)} ms`);
    console.log(`payroll compute ${N.toLocaleString('en')} employees: ${computeS.toFixed(2)} s`);
    console.log(`payroll create ${N.toLocaleString('en')} employees: ${createS.toFixed(2)} s`);
    console.log(`payroll import ${N.toLocaleString('en')} rows to validated: ${importS.toFixed(2)} s`);
    console.log(`payslip PDFs: ${pdfRate.toFixed(0)} /s`);
    console.log(`payroll approve to all paid, ${N.toLocaleString('en')}: ${paidS.toFixed(2)} s`);
    await stopJobs();
    await app.close();
    await pool.end();
    if (problems.length) process.exitCode = 1;
  } catch (err) {
    console.error(err); // before the database stops under the app's still-open connections
    process.exit(1);
  } finally {
    await server.stop();
  }
}

// Exits when done: a handle left open by a library (pg-boss, a pool) must not keep the figures waiting.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
