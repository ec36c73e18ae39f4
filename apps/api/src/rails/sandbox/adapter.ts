// The default rails provider: a fake bank switch that behaves like Paystack's (docs/rails-sandbox.md).
// A factory over one shared context (context.ts); the methods live by what they serve: transfers.ts,
// accounts.ts (virtual and foreign receiving accounts), charges.ts (deposits and their record).
import type { AppDeps } from '../../platform/deps';
import type { RailsPort } from '../port';
import { createForeignAccount, createVirtualAccount, resolveOwnAccount } from './accounts';
import { getCharges, sendDeposit, type SandboxDeposit } from './charges';
import type { SandboxContext } from './context';
import { registerSandboxJobs } from './engine';
import { sandboxFxRate, sandboxListBanks, sandboxResolveAccount } from './resolve';
import { createTransfer, createTransfers, getTransfer, getTransfers } from './transfers';
import { SANDBOX_SIGNATURE_HEADER, parseBody, verifySignature } from './webhook-format';

export function createSandboxRails(deps: AppDeps): RailsPort & {
  sendDeposit: (p: SandboxDeposit) => ReturnType<typeof sendDeposit>;
} {
  registerSandboxJobs(deps);
  const ctx: SandboxContext = { deps, db: deps.db, refusedOnce: new Set<string>() };
  const charges = (references: string[]) => getCharges(ctx, references);
  return {
    name: 'sandbox',
    getCharge: async (reference) => (await charges([reference])).get(reference) ?? null,
    getCharges: charges,
    listBanks: async () => sandboxListBanks(),
    resolveAccount: async (accountNumber, bankCode) =>
      (await resolveOwnAccount(ctx, accountNumber, bankCode)) ??
      sandboxResolveAccount(accountNumber, bankCode),
    createTransfer: (req) => createTransfer(ctx, req),
    createTransfers: (reqs) => createTransfers(ctx, reqs),
    getTransfer: (reference) => getTransfer(ctx, reference),
    getTransfers: (references) => getTransfers(ctx, references),
    createVirtualAccount: (input) => createVirtualAccount(ctx, input),
    createForeignAccount: (input) => createForeignAccount(ctx, input),
    fxRate: async (from, to) => sandboxFxRate(deps.config, from, to),
    verifyWebhook: (rawBody, headers) =>
      verifySignature(deps.config.RAILS_WEBHOOK_SECRET!, rawBody, headers[SANDBOX_SIGNATURE_HEADER]),
    parseWebhook: parseBody,
    sendDeposit: (p) => sendDeposit(ctx, p),
  };
}
