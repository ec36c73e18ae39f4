import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import type { SubsidiaryResolver } from '../../platform/guard';
import { seedAccountsDemo } from './demo';
import { registerKybRoutes } from './kyb-routes';
import { registerAccountRoutes } from './routes';
import { registerSubsidiaryRoutes } from './subsidiary-routes';
import { registerExpenseSubsidiaryRoutes } from './expense-subsidiary-routes';
import { subsidiaryResolver } from './subsidiaries';

export { grantSubsidiaryAccess } from './subsidiaries';
export { accountTier, isKybDocument } from './kyb';

/** Accounts area: accounts and switching, KYB, subsidiaries and the x-subsidiary-id rules, organisation settings. */
export async function registerAccounts(app: FastifyInstance, deps: AppDeps) {
  (deps.services.setSubsidiaryResolver as (r: SubsidiaryResolver) => void)(subsidiaryResolver());
  await registerAccountRoutes(app, deps);
  await registerKybRoutes(app, deps);
  await registerSubsidiaryRoutes(app, deps);
  await registerExpenseSubsidiaryRoutes(app, deps);
  deps.hooks.demo.push(seedAccountsDemo);
}
