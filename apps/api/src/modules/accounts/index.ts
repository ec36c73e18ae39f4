import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { seedAccountsDemo } from './demo';
import { isKybDocument } from './kyb';
import { registerKybRoutes } from './kyb-routes';
import { registerAccountRoutes } from './routes';
import { registerSubsidiaryRoutes } from './subsidiary-routes';
import { registerExpenseSubsidiaryRoutes } from './expense-subsidiary-routes';
import { subsidiaryResolver } from './subsidiaries';

export { grantSubsidiaryAccess } from './subsidiaries';
export { accountTier } from './kyb';

/** Accounts area: accounts and switching, KYB, subsidiaries and the x-subsidiary-id rules, organisation settings. */
export async function registerAccounts(app: FastifyInstance, deps: AppDeps) {
  deps.seams.provide('subsidiaryResolver', subsidiaryResolver());
  deps.seams.on('fileInUse', 'accounts.kyb', isKybDocument); // a KYB document cannot be deleted
  await registerAccountRoutes(app, deps);
  await registerKybRoutes(app, deps);
  await registerSubsidiaryRoutes(app, deps);
  await registerExpenseSubsidiaryRoutes(app, deps);
  deps.seams.on('demo', 'accounts', seedAccountsDemo);
}
