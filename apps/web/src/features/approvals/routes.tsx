// Approvals settings (001 §2 Approvals and settings pages; issue 21 §1, §3): the workflow list,
// new/edit/detail and the AP policy. More specific than the Coming-soon '/settings/*', so they win.
import type { RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'settings', resource: 'approvalWorkflows' });
const workflows = async () => (await import('./screens/workflows-screen')).WorkflowsScreen;
const form = async () => (await import('./screens/workflow-form-screen')).WorkflowFormScreen;

export const dashboardRoutes: RouteObject[] = [
  route('/settings/payment-approvals', workflows),
  route('/settings/approval', workflows),
  route('/settings/approval/new', form, { action: 'post' }),
  route('/settings/approval/:id/edit', form, { action: 'put' }),
  route(
    '/settings/approval/:id',
    async () => (await import('./screens/workflow-detail-screen')).WorkflowDetailScreen,
  ),
  route('/settings/ap-policy', async () => (await import('./screens/ap-policy-screen')).ApPolicyScreen, {
    resource: 'policy',
  }),
];
