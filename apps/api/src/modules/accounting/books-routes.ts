// The connected books' accounts, classes, locations, payment-tag mapping and postings (002 §7 Accounting), registered by registerAccounting.
import { z } from 'zod';
import {
  ACCOUNTING_MSG,
  accountTypeParam,
  envelope,
  errorEnvelope,
  idParam,
  listEnvelope,
  mappingAnswer,
  mappingBody,
  postingListQuery,
  postingSchema,
  providerAccountSchema,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { bodyRefs } from '../../platform/refs';
import { ok, paged, type Router } from '../../platform/http';
import { listPostings, retryPosting } from './postings';
import { listRefs, syncAccounts, syncLocations } from './chart';
import { getMapping, saveMapping } from './mapping';

const tags = ['accounting'];

export function listAccountingAccountsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/accounting/accounts/:type',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingAccounts',
        summary: 'Synced provider accounts of one account type (Expense, Bank, …)',
        tags,
        params: accountTypeParam,
        response: { 200: envelope(z.array(providerAccountSchema)) },
      },
    },
    async (req) => ok(await listRefs(db, tenantOf(req).accountId, 'account', req.params.type)),
  );
}

export function listAccountingClassesRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/accounting/classes',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingClasses',
        summary: 'Synced provider classes',
        tags,
        response: { 200: envelope(z.array(providerAccountSchema)) },
      },
    },
    async (req) => ok(await listRefs(db, tenantOf(req).accountId, 'class')),
  );
}

export function syncAccountingAccountsRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/accounting/accounts/sync',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'syncAccountingAccounts',
        summary: 'Sync the chart of accounts and classes from the provider',
        tags,
        response: {
          200: envelope(z.object({ accounts: z.number().int(), classes: z.number().int() })),
          409: errorEnvelope,
          422: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (req) => ok(await syncAccounts(deps, tenantOf(req).accountId), ACCOUNTING_MSG.accountsSynced),
  );
}

export function listAccountingLocationsRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/accounting/locations/sync',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingLocations',
        summary: 'Synced provider locations',
        tags,
        response: { 200: envelope(z.array(providerAccountSchema)) },
      },
    },
    async (req) => ok(await listRefs(db, tenantOf(req).accountId, 'location')),
  );
}

export function syncAccountingLocationsRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/accounting/locations/sync',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'syncAccountingLocations',
        summary: 'Sync locations from the provider',
        tags,
        response: {
          200: envelope(z.array(providerAccountSchema)),
          409: errorEnvelope,
          422: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (req) => ok(await syncLocations(deps, tenantOf(req).accountId), ACCOUNTING_MSG.locationsSynced),
  );
}

export function getPaymentTagMappingRoute(r: Router, deps: AppDeps) {
  const { db } = deps;
  r.get(
    '/api/accounting/payment-tags',
    {
      config: needs('paymentTags', 'get'),
      schema: {
        operationId: 'getPaymentTagMapping',
        summary: 'Payout categories with the provider account and class each maps to',
        tags,
        response: { 200: envelope(mappingAnswer) },
      },
    },
    async (req) => ok(await getMapping(db, tenantOf(req).accountId)),
  );
}

export function savePaymentTagMappingRoute(r: Router, deps: AppDeps) {
  r.put(
    '/api/accounting/payment-tags',
    {
      config: { ...needs('paymentTags', 'post'), ...bodyRefs({ 'mappings.*.categoryId': 'categories' }) },
      schema: {
        operationId: 'savePaymentTagMapping',
        summary: 'Import payment tags: map payout categories to provider accounts and classes',
        tags,
        body: mappingBody,
        response: { 200: envelope(mappingAnswer), 400: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(await saveMapping(deps, tenantOf(req).accountId, req.body), ACCOUNTING_MSG.mappingSaved),
  );
}

export function listAccountingPostingsRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/accounting/postings',
    {
      config: needs('accountingIntegrations', 'get'),
      schema: {
        operationId: 'listAccountingPostings',
        summary: 'Paid records posted (or failing to post) to the books',
        tags,
        querystring: postingListQuery,
        response: { 200: listEnvelope(postingSchema) },
      },
    },
    async (req) => {
      const { items, total } = await listPostings(deps, tenantOf(req).accountId, req.query);
      return paged(items, req.query, total);
    },
  );
}

export function retryAccountingPostingRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/accounting/postings/:id/retry',
    {
      config: needs('accountingIntegrations', 'post'),
      schema: {
        operationId: 'retryAccountingPosting',
        summary: 'Post a failed record again (same idempotency key)',
        tags,
        params: idParam,
        response: { 200: envelope(postingSchema), 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(await retryPosting(deps, tenantOf(req).accountId, req.params.id), ACCOUNTING_MSG.postingRetried),
  );
}
