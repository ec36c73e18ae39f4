// Migration 0030 keeps every stored vendor, bill and payroll employee batch: the tables it drops are
// rebuilt as they were (0009), given one batch each, and its moving statements are run again over them.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const migration = fs.readFileSync(path.join(__dirname, '../../../drizzle/0030_import_batches.sql'), 'utf8');
const oldTable = (name: string) =>
  sql.raw(`create table "${name}" (
    "id" uuid primary key default gen_random_uuid() not null, "account_id" uuid not null,
    "file_name" text not null, "status" text default 'pending' not null, "rows" jsonb not null,
    "created_by" uuid not null, "created_at" timestamp with time zone default now() not null,
    "confirmed_at" timestamp with time zone)`);

describe('migration 0030', () => {
  it('moves the vendor, bill and payroll batches into import_batches, with the sheet values rebuilt', async () => {
    const o = await ownerWithAccount(t);
    await t.db.execute(oldTable('payee_import_batches'));
    await t.db.execute(oldTable('bill_import_batches'));
    const vendorRow = {
      row: 2,
      name: 'Adaeze Supplies Ltd',
      email: 'a@adaeze.ng',
      phone: null,
      billingAddress: null,
      bankCode: '058',
      bankName: 'GTBank',
      accountNumber: '0123456785',
      accountName: 'ADAEZE SUPPLIES LTD',
      errors: [],
    };
    const billRow = {
      row: 2,
      vendorName: 'Lekki Cleaning',
      vendorEmail: 'b@lekki.ng',
      bankCode: '058',
      bankName: null,
      accountNumber: '123',
      accountName: null,
      amount: null,
      amountMinor: null,
      invoiceNumber: 'INV-1',
      description: 'Cleaning',
      dueDate: null,
      payeeId: null,
      errors: [{ field: 'amount', message: 'bad' }],
    };
    const [v] = (
      await t.db
        .execute(sql`insert into payee_import_batches (account_id, file_name, rows, created_by, status, confirmed_at)
        values (${o.account.id}, 'v.csv', ${JSON.stringify([vendorRow])}::jsonb, ${o.user.id}, 'confirmed', now()) returning id`)
    ).rows as { id: string }[];
    const [b] = (
      await t.db.execute(sql`insert into bill_import_batches (account_id, file_name, rows, created_by)
        values (${o.account.id}, 'b.csv', ${JSON.stringify([billRow])}::jsonb, ${o.user.id}) returning id`)
    ).rows as { id: string }[];

    // The payroll batch table as it was, its rows' key pointing at it; one batch still checking names.
    await t.db.execute(
      sql`alter table payroll_import_entries drop constraint payroll_import_entries_batch_id_import_batches_id_fk`,
    );
    await t.db.execute(sql`create table payroll_import_batches (
      id uuid primary key default gen_random_uuid() not null, account_id uuid not null, user_id uuid not null,
      file_name text, status text not null, total integer not null,
      created_at timestamp with time zone default now() not null, updated_at timestamp with time zone default now() not null)`);
    await t.db
      .execute(sql`alter table payroll_import_entries add constraint payroll_import_entries_batch_id_payroll_import_batches_id_fk
      foreign key (batch_id) references payroll_import_batches(id) on delete cascade`);
    const [pb] = (
      await t.db
        .execute(sql`insert into payroll_import_batches (account_id, user_id, file_name, status, total)
        values (${o.account.id}, ${o.user.id}, null, 'validating', 1) returning id`)
    ).rows as { id: string }[];
    await t.db
      .execute(sql`insert into payroll_import_entries (batch_id, account_id, row_no, name, email, salary_text,
        annual_rent_text, bank_code, account_number, account_number_last4, name_status)
      values (${pb.id}, ${o.account.id}, 1, 'Ada', 'ada@x.ng', '1', '', '058', 'sealed', '6785', 'pending')`);

    const moving = migration.slice(migration.indexOf('INSERT INTO'));
    for (const statement of moving.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const moved = (
      await t.db
        .execute(sql`select id, account_id, created_by, kind, file_name, status, confirmed_at is not null as confirmed,
        rows, source from import_batches where id in (${v.id}, ${b.id}) order by kind`)
    ).rows;
    const own = { account_id: o.account.id, created_by: o.user.id };
    expect(moved).toEqual([
      {
        ...own,
        id: b.id,
        kind: 'bills',
        file_name: 'b.csv',
        status: 'pending',
        confirmed: false,
        rows: [billRow],
        source: [
          {
            line: 2,
            values: {
              vendorName: 'Lekki Cleaning',
              vendorEmail: 'b@lekki.ng',
              bankCode: '058',
              accountNumber: '123',
              amount: '',
              invoiceNumber: 'INV-1',
              description: 'Cleaning',
              dueDate: '',
            },
          },
        ],
      },
      {
        ...own,
        id: v.id,
        kind: 'vendors',
        file_name: 'v.csv',
        status: 'confirmed',
        confirmed: true,
        rows: [vendorRow],
        source: [
          {
            line: 2,
            values: {
              name: 'Adaeze Supplies Ltd',
              email: 'a@adaeze.ng',
              phone: '',
              billingAddress: '',
              bankCode: '058',
              accountNumber: '0123456785',
            },
          },
        ],
      },
    ]);
    expect(
      (
        await t.db.execute(
          sql`select to_regclass('payee_import_batches') as p, to_regclass('bill_import_batches') as b`,
        )
      ).rows[0],
    ).toEqual({ p: null, b: null });
  });
});
