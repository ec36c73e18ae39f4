// Agent commissions (001 §2 Commissions and disbursements): /commissions and its variants, the
// batch detail, and the agent's Earnings Insight (/agent-insight).
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const list = async () => (await import('./screens/commissions-screen')).CommissionsScreen;
const page = (
  path: string,
  area: 'commissions' | 'agent-insight',
  load: () => Promise<React.ComponentType>,
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area={area}>
          <RequirePermission
            resource={area === 'commissions' ? 'agentCommissions' : 'agentDashboard'}
            action="get"
          >
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

export const dashboardRoutes: RouteObject[] = [
  page('/commissions', 'commissions', list),
  page('/commissions/:view', 'commissions', list),
  page(
    '/commissions/disbursement/:disbursementId',
    'commissions',
    async () => (await import('./screens/batch-screen')).BatchScreen,
  ),
  page(
    '/agent-insight',
    'agent-insight',
    async () => (await import('./screens/agent-insight-screen')).AgentInsightScreen,
  ),
];
