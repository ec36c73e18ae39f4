import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { routerOf } from '../../platform/http';
import { registerMeterRoutes } from './meter-routes';
import { registerVendingJobs } from './vend';
import { registerMarketplaceApprovals } from './vending-approvals';
import { registerVendingRoutes } from './vending-routes';

/** Marketplace (issue 26). Register after money and approvals. */
export async function registerMarketplace(app: FastifyInstance, deps: AppDeps) {
  registerMarketplaceApprovals(deps);
  registerVendingJobs(deps);
  await registerMeterRoutes(app, deps);
  registerVendingRoutes(routerOf(app), deps);
}
