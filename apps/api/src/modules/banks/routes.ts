import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bankAccountSchema,
  bankSchema,
  checkBankDetailsResult,
  envelope,
  idParam,
  MSG,
  savedBankAccountSchema,
  validateAccountQuery,
  validateAccountResult,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { authOf, needsSession } from '../../platform/guard';
import { ok, routerOf, type Router } from '../../platform/http';
import {
  countLookup,
  deleteBankAccount,
  listBankAccounts,
  listBanks,
  resolveAccountName,
  saveBankAccount,
  shouldAskBankVerification,
} from './service';

/** Banks, account lookup and the user's own bank accounts; also fee policies and exchange quotes. */
export async function registerBanks(app: FastifyInstance, deps: AppDeps) {
  const r = routerOf(app);
  listBanksRoute(r, deps);
  resolveBankAccountRoute(r, deps);
  listMyBankAccountsRoute(r, deps);
  addMyBankAccountRoute(r, deps);
  deleteMyBankAccountRoute(r, deps);
  checkMyBankDetailsRoute(r, deps);
}

function listBanksRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/content/payout/local/banks',
    {
      config: needsSession(),
      schema: {
        operationId: 'listBanks',
        summary: 'List Nigerian banks',
        tags: ['banks'],
        response: { 200: envelope(z.array(bankSchema)) },
      },
    },
    async () => ok(await listBanks(deps)),
  );
}

function resolveBankAccountRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/content/payout/local/validate',
    {
      config: needsSession(),
      schema: {
        operationId: 'resolveBankAccount',
        summary: 'Resolve a bank account number to its account name',
        tags: ['banks'],
        querystring: validateAccountQuery,
        response: { 200: envelope(validateAccountResult) },
      },
    },
    async (req) => {
      await countLookup(deps, authOf(req).user.id);
      const { accountName } = await resolveAccountName(deps, req.query);
      return ok({ accountName }, accountName ? 'Account resolved' : 'Account could not be resolved');
    },
  );
}

function listMyBankAccountsRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/me/bank-accounts',
    {
      config: needsSession(),
      schema: {
        operationId: 'listMyBankAccounts',
        summary: "List the signed-in user's bank accounts",
        tags: ['banks'],
        response: { 200: envelope(z.array(savedBankAccountSchema)) },
      },
    },
    async (req) => ok(await listBankAccounts(deps.db, authOf(req).user.id)),
  );
}

function addMyBankAccountRoute(r: Router, deps: AppDeps) {
  r.post(
    '/api/me/bank-accounts',
    {
      config: needsSession(),
      schema: {
        operationId: 'addMyBankAccount',
        summary: 'Add a bank account for the signed-in user',
        tags: ['banks'],
        body: bankAccountSchema,
        response: { 201: envelope(savedBankAccountSchema) },
      },
    },
    async (req, reply) => {
      const userId = authOf(req).user.id;
      await countLookup(deps, userId);
      // The typed accountName is optional and never trusted: the bank's answer is stored.
      const saved = await saveBankAccount(deps, {
        userId,
        accountNumber: req.body.accountNumber,
        bankCode: req.body.bankCode,
      });
      return reply.code(201).send(ok(saved, MSG.bankSaved));
    },
  );
}

function deleteMyBankAccountRoute(r: Router, deps: AppDeps) {
  r.delete(
    '/api/me/bank-accounts/:id',
    {
      config: needsSession(),
      schema: {
        operationId: 'deleteMyBankAccount',
        summary: "Remove one of the signed-in user's bank accounts",
        tags: ['banks'],
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await deleteBankAccount(deps, { userId: authOf(req).user.id, id: req.params.id });
      return ok(null, 'Bank account removed');
    },
  );
}

function checkMyBankDetailsRoute(r: Router, deps: AppDeps) {
  r.get(
    '/api/agents/self/check-bank-details',
    {
      config: needsSession(),
      schema: {
        operationId: 'checkMyBankDetails',
        summary: 'Check whether the user should be asked to verify bank details',
        tags: ['banks'],
        response: { 200: envelope(checkBankDetailsResult) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const header = req.headers['x-account-id'];
      const accountId = typeof header === 'string' && header ? header : auth.user.activeAccountId;
      return ok({
        shouldAskVerification: await shouldAskBankVerification(deps, { userId: auth.user.id, accountId }),
      });
    },
  );
}
