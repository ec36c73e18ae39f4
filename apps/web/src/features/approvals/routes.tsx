// Approvals settings (001 §2 Approvals and settings pages; issue 21 §1, §3): the workflow list,
// new/edit/detail and the AP policy. More specific than the Coming-soon '/settings/*', so they win.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';
import type { Resource } from '@owo/contract/permissions';

const page = (
  path: string,
  resource: Resource,
  load: () => Promise<React.ComponentType>,
  action: 'get' | 'post' | 'put' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="settings">
          <RequirePermission resource={resource} action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const workflows = async () => (await import('./screens/workflows-screen')).WorkflowsScreen;
const form = async () => (await import('./screens/workflow-form-screen')).WorkflowFormScreen;

export const dashboardRoutes: RouteObject[] = [
  page('/settings/payment-approvals', 'approvalWorkflows', workflows),
  page('/settings/approval', 'approvalWorkflows', workflows),
  page('/settings/approval/new', 'approvalWorkflows', form, 'post'),
  page('/settings/approval/:id/edit', 'approvalWorkflows', form, 'put'),
  page(
    '/settings/approval/:id',
    'approvalWorkflows',
    async () => (await import('./screens/workflow-detail-screen')).WorkflowDetailScreen,
  ),
  page(
    '/settings/ap-policy',
    'policy',
    async () => (await import('./screens/ap-policy-screen')).ApPolicyScreen,
  ),
];
