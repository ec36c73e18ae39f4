// Agent commissions (001 §2 Commissions and disbursements): /commissions and its variants, the
// batch detail, and the agent's Earnings Insight (/agent-insight).
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'commissions', resource: 'agentCommissions' });
const list = async () => (await import('./screens/commissions-screen')).CommissionsScreen;

export const dashboardRoutes: RouteObject[] = [
  route('/commissions', list),
  route('/commissions/:view', list),
  route(
    '/commissions/disbursement/:disbursementId',
    async () => (await import('./screens/batch-screen')).BatchScreen,
  ),
  route('/agent-insight', async () => (await import('./screens/agent-insight-screen')).AgentInsightScreen, {
    area: 'agent-insight',
    resource: 'agentDashboard',
  }),
];
