import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  receiptFileQuery,
  receiptLinkSchema,
  statementBody,
  transactionDetailSchema,
  transactionHistoryQuery,
  transactionItemSchema,
  TRANSACTION_MSG,
  TRANSACTION_SEARCH_COUNT_CAP,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { fusedList, isPublic, needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, routerOf, sendJsonPage, type Router } from '../../platform/http';
import { sendCsv, wantsCsv } from '../../platform/csv';
import { fastList } from '../../platform/list';
import { sendStoredDocument, storageOf } from '../../platform/storage';
import { getHistoryDetail, historyCsv } from './history';
import { historyFused, listHistory } from './history-fused';
import { createReceiptLink, receiptDocument, verifyReceiptLink } from './receipts';
import { buildStatement, statementCsv, statementPdf } from './statements';
import { readerOf } from '../../platform/read-replica';

const tags = ['transactions'];
const file = z.any().describe('The file bytes (application/pdf or text/csv)');
const RECEIPT_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;

/** Transaction history, receipts and statements (002 §4, §7; 000 §6). Register after money. */
export async function registerHistory(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  listTransactionsRoute(r, deps);
  getTransactionRoute(r, deps);
  getTransactionReceiptRoute(r, deps);
  downloadReceiptRoute(r, deps);
  requestStatementRoute(r, deps);
}

function listTransactionsRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/transactions',
    {
      ...fastList(),
      config: { ...needs('transactions', 'get'), ...fusedList(historyFused) },
      schema: {
        operationId: 'listTransactions',
        summary: 'List transactions',
        tags,
        description:
          'Newest first. `where` is JSON: {type?, status?, walletId?, currency?, providerRef?}, each a value or a list. Date-only from/to are Lagos days (to inclusive); period=24h|7d|30d is rolling. format=csv answers every row the same filters select as a streamed text/csv attachment (RFC 4180; page and limit ignored). A search counts its matches up to 1,000: past that, totalItems is 1000 with totalIsEstimate true. cursor (the id of the last item read) answers the limit items after it, for deep reads (page unused).',
        querystring: transactionHistoryQuery,
        response: {
          200: listEnvelope(transactionItemSchema).describe('JSON page, or text/csv with format=csv'),
          400: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      if (wantsCsv(req.query)) {
        const csv = historyCsv(readerOf(deps), tenantOf(req).accountId, req.query);
        return sendCsv(reply, 'owo-transactions.csv', csv);
      }
      // Read by the guard in its own statement (one round trip, JSON built by PostgreSQL).
      const cap = req.query.search ? TRANSACTION_SEARCH_COUNT_CAP : undefined;
      if (req.fused) return sendJsonPage(reply, req.fused, req.query, cap);
      const { items, total } = await listHistory(deps.db, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total, {}, cap);
    },
  );
}

function getTransactionRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/transactions/:id',
    {
      config: needs('transactions', 'get'),
      schema: {
        operationId: 'getTransaction',
        summary: 'Get a transaction',
        tags,
        params: idParam,
        response: { 200: envelope(transactionDetailSchema), 404: errorEnvelope },
      },
    },
    async (req) => {
      const detail = await getHistoryDetail(deps.db, tenantOf(req).accountId, req.params.id);
      if (!detail) throw notFound('Transaction');
      return ok(detail);
    },
  );
}

/** Path spelled as the spec has it (002 §7). */
function getTransactionReceiptRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/transaction/reciept/:id',
    {
      config: needs('transactions', 'get'),
      schema: {
        operationId: 'getTransactionReceipt',
        summary: "Get a transaction's receipt as PDF",
        tags,
        description:
          'A link to the PDF receipt, valid for 10 minutes. Only for success/completed transactions that are not reversals.',
        params: idParam,
        response: { 200: envelope(receiptLinkSchema), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req) => {
      const link = await createReceiptLink(deps.db, deps.config, tenantOf(req).accountId, req.params.id);
      if (!link) throw notFound('Transaction');
      return ok(link, 'Receipt ready');
    },
  );
}

function downloadReceiptRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/receipts/:file',
    {
      config: isPublic(),
      schema: {
        operationId: 'downloadReceipt',
        summary: 'Download a receipt by its signed file name',
        tags,
        description:
          'The receipt PDF behind a signed link from GET /api/transaction/reciept/:id. 403 for a bad signature, 410 once expired.',
        params: z.object({ file: z.string().max(64) }),
        querystring: receiptFileQuery,
        response: { 200: file, 400: errorEnvelope, 403: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (req, reply) => {
      const m = RECEIPT_FILE.exec(req.params.file);
      if (!m) throw forbidden(TRANSACTION_MSG.receiptLinkInvalid);
      const id = m[1].toLowerCase();
      verifyReceiptLink(deps.config, id, req.query.exp, req.query.sig);
      const d = await receiptDocument(deps.db, id);
      return sendStoredDocument(reply, storageOf(deps.config), {
        ...d,
        contentType: 'application/pdf',
        disposition: 'inline',
      });
    },
  );
}

function requestStatementRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/transactions/statement',
    {
      config: { ...needs('transactions', 'post'), ...bodyRefs({ walletId: 'wallets' }) },
      schema: {
        operationId: 'requestStatement',
        summary: 'Request an account statement',
        tags,
        description:
          'A statement of one wallet for a date range (Lagos days, both included) as a PDF or CSV attachment, with ledger-exact opening and closing balances.',
        body: statementBody,
        response: { 200: file, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (req, reply) => {
      const s = await buildStatement(readerOf(deps), tenantOf(req).accountId, req.body);
      const name = `owo-statement-${s.currency.toLowerCase()}-${s.from}-to-${s.to}.${req.body.format}`;
      const bytes = req.body.format === 'csv' ? Buffer.from(statementCsv(s), 'utf8') : await statementPdf(s);
      return reply
        .header('content-type', req.body.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
