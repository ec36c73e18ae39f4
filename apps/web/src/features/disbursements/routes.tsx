// Bulk disbursements (issue 23 §4): the list and its tabs, the upload, a batch and its validation.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  action: 'get' | 'post' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="disbursements">
          <RequirePermission resource="disbursement" action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const list = async () => (await import('./screens/list-screen')).DisbursementsScreen;
const upload = async () => (await import('./screens/new-screen')).NewDisbursementScreen;
const result = async () => (await import('./screens/new-screen')).UploadResultScreen;
const detail = async () => (await import('./screens/detail-screen')).DisbursementScreen;
const validation = async () => (await import('./screens/validation-screen')).ValidationScreen;

export const dashboardRoutes: RouteObject[] = [
  page('/disbursements', list),
  page('/disbursements/new', upload, 'post'),
  page('/disbursements/new/summary', result, 'post'),
  page('/disbursements/new/error', result, 'post'),
  page('/disbursements/pending', list),
  page('/disbursements/rejected', list),
  page('/disbursements/active', list),
  page('/disbursements/:id', detail),
  page('/disbursements/:id/validation', validation),
];
