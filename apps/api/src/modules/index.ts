import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../platform/deps';
import { registerFunding } from './funding/routes';
import { registerBanks } from './banks/routes';
import { registerTeams } from './teams/routes';
import { registerIdentity } from './identity/routes';
import { registerAccounts } from './accounts';
import { registerFiles } from './files/routes';
import { registerNotifications } from './notifications/routes';
import { registerMoney } from './money/routes';
import { registerFeeRoutes } from './money/fees-routes';
import { registerExchangeRoutes } from './money/exchange-routes';
import { registerHistory } from './money/history-routes';
import { registerApprovals } from './approvals/routes';
import { registerExpenses } from './expenses/routes';
import { registerCategories } from './categories/routes';
import { registerProducts } from './products/routes';
import { registerProjects } from './projects';
import { registerPayroll } from './payroll/routes';
import { registerEmployeePortal } from './payroll/portal-routes';
import { registerMarketplace } from './marketplace/routes';
import { registerCards } from './cards/routes';
import { registerDevelopers } from './developers/routes';
import { registerAudit } from './audit/routes';
import { registerInsights } from './insights/routes';
import { registerInflows } from './inflows/routes';
import { registerPayouts } from './payouts/routes';
import { registerPayees } from './payees/routes';
import { registerRequests } from './requests/routes';
import { registerCommissions } from './commissions/routes';
import { registerAccounting } from './accounting/routes';
import { registerDisbursements } from './disbursements/routes';
import { registerPaymentInvitations } from './payment-invitations/routes';
import { registerDocuments } from './documents/routes';

// One line per product area. Order matters only where a module uses another's service.
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  void app;
  void deps;
  await registerAudit(app, deps); // first: its onResponse hook covers every route registered after it
  await registerFunding(app, deps); // rails + jobs first: money modules use them
  await registerIdentity(app, deps);
  await registerTeams(app, deps);
  await registerBanks(app, deps);
  await registerFeeRoutes(app, deps); // money's fee and FX routes, registered where banks used to register them
  await registerExchangeRoutes(app, deps);
  await registerAccounts(app, deps);
  await registerFiles(app, deps);
  await registerNotifications(app, deps);
  await registerMoney(app, deps);
  await registerHistory(app, deps);
  await registerApprovals(app, deps);
  await registerCategories(app, deps);
  await registerProducts(app, deps);
  await registerProjects(app, deps);
  await registerExpenses(app, deps);
  await registerPayroll(app, deps);
  await registerEmployeePortal(app, deps);
  await registerMarketplace(app, deps);
  await registerCards(app, deps);
  await registerDevelopers(app, deps);
  await registerInsights(app, deps);
  await registerInflows(app, deps);
  await registerDocuments(app, deps); // before payouts: its bill inbox reads attachments with it
  await registerPayouts(app, deps);
  await registerPayees(app, deps);
  await registerRequests(app, deps);
  await registerCommissions(app, deps); // after inflows and approvals: listens to collections and refunds
  await registerAccounting(app, deps);
  await registerDisbursements(app, deps);
  await registerPaymentInvitations(app, deps); // listens to wallet deposits (money's `walletDeposit` seam)
}
