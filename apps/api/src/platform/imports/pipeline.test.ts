// The import pipeline over HTTP, with one kind of its own ('test-notes': a name and an amount per
// row, written to a scratch table). The routes below are what an area writes around the pipeline;
// the caller's company comes from a header here, where an area's routes take it from the guard.
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@owo/contract';
import { createTestApp, ownerWithAccount, type TestApp } from '../../../test/helpers';
import { AppError } from '../errors';
import { registerErrorHandling } from '../http';
import { readUploadedFile } from '../spreadsheet';
import {
  checkImportFile,
  commitImport,
  commitImportRows,
  discardImport,
  fixImportRow,
  getImport,
  uploadImport,
  type ImportKind,
  type ImportRecord,
} from '.';

type Note = { row: number; name: string; amount: string; errors: { field: string; message: string }[] };

/** A commit step that writes row by row and fails on the third row when it is named 'boom'. */
const notes: ImportKind<'name' | 'amount', Note> = {
  kind: 'test-notes',
  columns: ['name', 'amount'],
  required: ['name', 'amount'],
  maxRows: 10,
  async validate(_deps, _accountId, records) {
    const seen = new Map<string, number>();
    return records.map(({ line, values }) => {
      const errors: Note['errors'] = [];
      if (!values.name) errors.push({ field: 'name', message: 'Name is required' });
      if (!/^\d+$/.test(values.amount)) errors.push({ field: 'amount', message: 'Amount must be digits' });
      const first = seen.get(values.name);
      if (first !== undefined) errors.push({ field: 'name', message: `Duplicate of row ${first}` });
      else seen.set(values.name, line);
      return { row: line, name: values.name, amount: values.amount, errors };
    });
  },
  async commit(tx, rows, ctx) {
    for (const [i, r] of rows.entries()) {
      if (i === 2 && r.name === 'boom') throw new Error('the commit step failed on row 3');
      await tx.execute(
        sql`insert into import_test_notes (account_id, name, amount) values (${ctx.accountId}, ${r.name}, ${Number(r.amount)})`,
      );
    }
    return rows.length;
  },
};

/**
 * The same kind kept by no batch (as meters are): its own header spellings, file names and file
 * messages, and its own answer to rows in error.
 */
const looseNotes: ImportKind<'name' | 'amount', Note> = {
  ...notes,
  kind: 'test-loose-notes',
  maxRows: 3,
  sheet: {
    headers: { name: ['full name'] },
    names: /\.csv$/i,
    messages: {
      fileRequired: 'Send a notes file',
      unreadable: 'Notes come as CSV',
      empty: 'No notes in the file',
      tooManyRows: 'At most 3 notes',
    },
  },
  rowsError: (rows) =>
    new AppError(
      422,
      'unprocessable',
      'Some notes are wrong',
      Object.fromEntries(rows.filter((r) => r.errors.length).map((r) => [`notes.${r.row}`, ['bad']])),
    ),
};

let t: TestApp;
let api: FastifyInstance;
let base: string;
let a: { accountId: string; userId: string };
let b: { accountId: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(
    sql`create table import_test_notes (account_id uuid not null, name text not null, amount bigint not null)`,
  );
  const deps = t.app.deps;
  api = Fastify();
  registerErrorHandling(api);
  await api.register(multipart, { limits: { fileSize: 1 << 20, files: 1 } });
  const who = (h: unknown) => (h === b.accountId ? b : a);
  api.post('/notes/import', async (req, reply) => {
    const batch = await uploadImport(deps, notes, {
      ...who(req.headers['x-account']),
      file: await readUploadedFile(req),
    });
    return reply.code(201).send({ data: batch });
  });
  api.get<{ Params: { id: string } }>('/notes/import/:id', async (req) => ({
    data: await getImport(deps.db, notes, who(req.headers['x-account']).accountId, req.params.id),
  }));
  api.put<{ Params: { id: string; row: string }; Body: Record<string, string> }>(
    '/notes/import/:id/rows/:row',
    async (req) => ({
      data: await fixImportRow(deps, notes, {
        accountId: who(req.headers['x-account']).accountId,
        id: req.params.id,
        row: Number(req.params.row),
        values: req.body,
      }),
    }),
  );
  api.post<{ Params: { id: string } }>('/notes/import/:id/commit', async (req) => ({
    data: {
      created: await commitImport(deps, notes, { ...who(req.headers['x-account']), id: req.params.id }),
    },
  }));
  api.post<{ Params: { id: string } }>('/notes/import/:id/discard', async (req) => {
    await discardImport(deps.db, notes, {
      accountId: who(req.headers['x-account']).accountId,
      id: req.params.id,
    });
    return { data: null };
  });
  api.post('/notes/check', async (req) => ({
    data: await checkImportFile(deps, looseNotes, {
      accountId: who(req.headers['x-account']).accountId,
      file: await readUploadedFile(req),
    }),
  }));
  api.post<{ Body: { records: ImportRecord<'name' | 'amount'>[] } }>('/notes/rows', async (req) => ({
    data: {
      created: await commitImportRows(deps, looseNotes, {
        ...who(req.headers['x-account']),
        records: req.body.records,
      }),
    },
  }));
  base = await api.listen({ port: 0, host: '127.0.0.1' });
  const oa = await ownerWithAccount(t);
  const ob = await ownerWithAccount(t);
  a = { accountId: oa.account.id, userId: oa.user.id };
  b = { accountId: ob.account.id, userId: ob.user.id };
});
afterAll(async () => {
  await api?.close();
  await t?.close();
});

async function call(method: string, path: string, body?: unknown, account = a) {
  const headers: Record<string, string> = { 'x-account': account.accountId };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const r = await fetch(`${base}${path}`, { method, headers, body: payload });
  return { status: r.status, body: await r.json() };
}
const file = (text: string, name = 'notes.csv') => {
  const f = new FormData();
  f.append('file', new Blob([text], { type: 'text/csv' }), name);
  return f;
};
const upload = (text: string, account = a) => call('POST', '/notes/import', file(text), account);
const written = async (accountId: string) =>
  (
    await t.db.execute(sql`select name from import_test_notes where account_id = ${accountId} order by name`)
  ).rows.map((r) => r.name);
const batches = async (accountId: string) =>
  Number(
    (await t.db.execute(sql`select count(*)::int as n from import_batches where account_id = ${accountId}`))
      .rows[0].n,
  );

describe('import pipeline', () => {
  it('a bad file answers 400 with the error on file, and stores nothing', async () => {
    const before = await batches(a.accountId);
    const notCsv = await call('POST', '/notes/import', file('%PDF-1.4 not a sheet', 'notes.pdf'));
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.errors).toEqual({ file: [IMPORT_MSG.fileType] });
    const noColumn = await upload('name\nAda\n');
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.errors.file[0]).toBe(`${IMPORT_MSG.missingColumns}: amount`);
    const empty = await upload('name,amount\n');
    expect(empty.body.errors).toEqual({ file: [IMPORT_MSG.empty] });
    const none = await call('POST', '/notes/import', new FormData());
    expect(none.body.errors).toEqual({ file: [IMPORT_MSG.fileRequired] });
    expect(await batches(a.accountId)).toBe(before);
  });

  it('rows carry their errors; fixing one row checks the whole file again; then it commits', async () => {
    const up = await upload('name,amount\nAda,100\nBayo,1x\nAda,300\n');
    expect(up.status).toBe(201);
    expect(up.body.data.rows.map((r: Note) => [r.row, r.errors.map((e) => e.message)])).toEqual([
      [2, []],
      [3, ['Amount must be digits']],
      [4, ['Duplicate of row 2']],
    ]);
    const id = up.body.data.id;
    expect((await call('POST', `/notes/import/${id}/commit`)).body.message).toBe(IMPORT_MSG.hasErrors);

    // Only the column given changes; the row is checked again with the others (its duplicate clears).
    const fixed = await call('PUT', `/notes/import/${id}/rows/3`, { amount: '200' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.rows[1]).toMatchObject({ row: 3, name: 'Bayo', amount: '200', errors: [] });
    const renamed = await call('PUT', `/notes/import/${id}/rows/4`, { name: 'Chidi' });
    expect(renamed.body.data.rows.every((r: Note) => !r.errors.length)).toBe(true);
    // The fix is stored, not only answered.
    expect((await call('GET', `/notes/import/${id}`)).body.data.rows[2].name).toBe('Chidi');
    const noRow = await call('PUT', `/notes/import/${id}/rows/9`, { name: 'X' });
    expect(noRow.status).toBe(400);
    expect(noRow.body.errors).toEqual({ row: [IMPORT_MSG.rowNotFound] });

    const c = await call('POST', `/notes/import/${id}/commit`);
    expect(c.status).toBe(200);
    expect(c.body.data.created).toBe(3);
    expect(await written(a.accountId)).toEqual(['Ada', 'Bayo', 'Chidi']);
    // Once: a second commit, a fix or a discard of a committed batch is 409 and writes nothing.
    expect((await call('POST', `/notes/import/${id}/commit`)).body.message).toBe(IMPORT_MSG.alreadyConfirmed);
    expect((await call('PUT', `/notes/import/${id}/rows/2`, { name: 'Dayo' })).status).toBe(409);
    expect((await call('POST', `/notes/import/${id}/discard`)).status).toBe(409);
    expect(await written(a.accountId)).toEqual(['Ada', 'Bayo', 'Chidi']);
  });

  it('a commit step that throws on row 3 leaves nothing written and the batch open', async () => {
    const up = await upload('name,amount\nEze,1\nFemi,2\nboom,3\nGbenga,4\n', b);
    const id = up.body.data.id;
    const c = await call('POST', `/notes/import/${id}/commit`, undefined, b);
    expect(c.status).toBe(500);
    expect(await written(b.accountId)).toEqual([]);
    expect((await call('GET', `/notes/import/${id}`, undefined, b)).body.data.status).toBe('pending');
    // Fixed, the same batch commits whole.
    await call('PUT', `/notes/import/${id}/rows/4`, { name: 'Halima' }, b);
    expect((await call('POST', `/notes/import/${id}/commit`, undefined, b)).body.data.created).toBe(4);
    expect(await written(b.accountId)).toEqual(['Eze', 'Femi', 'Gbenga', 'Halima']);
  });

  it('discard closes the batch without writing; it can then be neither fixed nor committed', async () => {
    const up = await upload('name,amount\nIfeoma,5\n');
    const id = up.body.data.id;
    expect((await call('POST', `/notes/import/${id}/discard`)).status).toBe(200);
    expect((await call('GET', `/notes/import/${id}`)).body.data.status).toBe('discarded');
    expect((await call('POST', `/notes/import/${id}/commit`)).body.message).toBe(IMPORT_MSG.discarded);
    expect((await call('PUT', `/notes/import/${id}/rows/2`, { amount: '6' })).body.message).toBe(
      IMPORT_MSG.discarded,
    );
    expect((await call('POST', `/notes/import/${id}/discard`)).status).toBe(409);
    expect(await written(a.accountId)).not.toContain('Ifeoma');
  });

  it("another company's batch id answers 404 to every call, and its batch is untouched", async () => {
    const up = await upload('name,amount\nJide,7\n');
    const id = up.body.data.id;
    for (const [method, path, body] of [
      ['GET', `/notes/import/${id}`],
      ['PUT', `/notes/import/${id}/rows/2`, { name: 'Kemi' }],
      ['POST', `/notes/import/${id}/commit`],
      ['POST', `/notes/import/${id}/discard`],
    ] as const) {
      const r = await call(method, path, body, b);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.message).toBe('Import not found');
    }
    const mine = await call('GET', `/notes/import/${id}`);
    expect(mine.body.data).toMatchObject({ status: 'pending', rows: [{ name: 'Jide' }] });
  });

  it("stateless: a file is read by its kind's rules and checked, nothing stored; kept rows commit all or none", async () => {
    const me = a;
    const before = { batches: await batches(me.accountId), written: await written(me.accountId) };
    const check = (f: FormData) => call('POST', '/notes/check', f, me);
    const checked = await check(file('Full Name,amount\nLola,8\n\nMusa,x\n'));
    expect(checked.status).toBe(200);
    expect(checked.body.data.map((r: Note) => [r.row, r.name, r.errors.length])).toEqual([
      [2, 'Lola', 0],
      [4, 'Musa', 1],
    ]);
    expect((await check(new FormData())).body.errors).toEqual({ file: ['Send a notes file'] });
    expect((await check(file('name,amount\nA,1\n', 'notes.txt'))).body.errors).toEqual({
      file: ['Notes come as CSV'],
    });
    expect((await check(file('name,amount\n"A,1\n'))).body.errors).toEqual({ file: ['Notes come as CSV'] });
    expect((await check(file('name,amount\n'))).body.errors).toEqual({ file: ['No notes in the file'] });
    expect((await check(file('name,amount\nA,1\nB,2\nC,3\nD,4\n'))).body.errors).toEqual({
      file: ['At most 3 notes'],
    });
    expect(await batches(me.accountId)).toBe(before.batches);

    const rec = (line: number, name: string, amount: string) => ({ line, values: { name, amount } });
    const rows = (records: ReturnType<typeof rec>[]) => call('POST', '/notes/rows', { records }, me);
    // Checked again: a row in error answers the kind's own error and writes nothing.
    const bad = await rows([rec(2, 'Ngozi', '1'), rec(3, 'Ngozi', '2')]);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: 'Some notes are wrong', errors: { 'notes.3': ['bad'] } });
    // A commit step that throws on row 3 writes nothing.
    expect((await rows([rec(2, 'Obi', '1'), rec(3, 'Pat', '2'), rec(4, 'boom', '3')])).status).toBe(500);
    expect(await written(me.accountId)).toEqual(before.written);
    const good = await rows([rec(2, 'Obi', '1'), rec(3, 'Pat', '2'), rec(4, 'Quadri', '3')]);
    expect(good.body.data.created).toBe(3);
    expect(await written(me.accountId)).toEqual([...before.written, 'Obi', 'Pat', 'Quadri'].sort());
    expect(await batches(me.accountId)).toBe(before.batches);
  });
});
