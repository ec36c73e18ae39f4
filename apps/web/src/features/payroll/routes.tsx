// Payroll (002 §2 Payroll; issue 25): employees, the lists, the create → preview → review flow and
// the details. They replace the Coming-soon entries for /payroll/* (feature routes are mounted first).
import { Navigate, type RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';
import type { Resource } from '@owo/contract/permissions';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  resource: Resource = 'payrolls',
  action: 'get' | 'post' | 'put' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="payroll">
          <RequirePermission resource={resource} action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const list = async () => (await import('./screens/payrolls-screen')).PayrollsScreen;
const flow = async () => (await import('./screens/payroll-flow-screens')).PayrollCreateScreen;
const preview = async () => (await import('./screens/payroll-flow-screens')).PayrollPreviewScreen;
const review = async () => (await import('./screens/payroll-flow-screens')).PayrollReviewScreen;

type ImportScreen = keyof typeof import('./screens/import-screens');
const imp = (name: ImportScreen) => async () =>
  (await import('./screens/import-screens'))[name] as React.ComponentType;

export const dashboardRoutes: RouteObject[] = [
  page('/payroll', list),
  page(
    '/payroll/employees',
    async () => (await import('./screens/employees-screen')).EmployeesScreen,
    'payrollEmployees',
  ),
  page(
    '/payroll/groups',
    async () => (await import('./screens/groups-screen')).GroupsScreen,
    'payrollGroups',
  ),
  page(
    '/payroll/settings',
    async () => (await import('./screens/settings-screen')).PayrollSettingsScreen,
    'payrolls',
    'put',
  ),
  page('/payroll/create', flow, 'payrolls', 'post'),
  page('/payroll/preview', preview, 'payrolls', 'post'),
  page('/payroll/review', review, 'payrolls', 'post'),
  page(
    '/payroll/:ref/details',
    async () => (await import('./screens/payroll-details-screen')).PayrollDetailsScreen,
  ),
  page(
    '/payroll/:payrollId/employees/edit',
    async () => (await import('./screens/edit-employees-screen')).EditPayrollEmployeesScreen,
    'payrolls',
    'put',
  ),
  page('/payroll/import-employees', imp('ImportEmployeesScreen'), 'payrollEmployees', 'post'),
  page('/payroll/import-employees/summary', imp('ImportSummaryScreen'), 'payrollEmployees', 'post'),
  page('/payroll/import-employees/error', imp('ImportErrorScreen'), 'payrollEmployees', 'post'),
  page('/payroll/import-employees/active', imp('ImportActiveScreen'), 'payrollEmployees', 'post'),
  page(
    '/payroll/import-employees/active/:id/validation',
    imp('ImportValidationScreen'),
    'payrollEmployees',
    'post',
  ),
  page('/payroll/recurring', list),
  page('/payroll/pending', list),
  page('/payroll/rejected', list),
  { path: '/contacts/employees', element: <Navigate to="/payroll/employees" replace /> },
];
