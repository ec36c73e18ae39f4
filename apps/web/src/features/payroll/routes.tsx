// Payroll (002 §2 Payroll; issue 25): employees, the lists, the create → preview → review flow and
// the details. They replace the Coming-soon entries for /payroll/* (feature routes are mounted first).
import { Navigate, type RouteObject } from 'react-router-dom';
import { guardedRoutes } from '../../app/guarded-route';
import { paths } from '../../lib/paths';

const route = guardedRoutes({ area: 'payroll', resource: 'payrolls' });

const list = async () => (await import('./screens/payrolls-screen')).PayrollsScreen;
const flow = async () => (await import('./screens/payroll-create-screen')).PayrollCreateScreen;
const preview = async () => (await import('./screens/payroll-flow-screens')).PayrollPreviewScreen;
const review = async () => (await import('./screens/payroll-flow-screens')).PayrollReviewScreen;

type ImportScreen = keyof typeof import('./screens/import-screens');
const imp = (name: ImportScreen) => async () =>
  (await import('./screens/import-screens'))[name] as React.ComponentType;

export const dashboardRoutes: RouteObject[] = [
  route('/payroll', list),
  route('/payroll/employees', async () => (await import('./screens/employees-screen')).EmployeesScreen, {
    resource: 'payrollEmployees',
  }),
  route('/payroll/groups', async () => (await import('./screens/groups-screen')).GroupsScreen, {
    resource: 'payrollGroups',
  }),
  route('/payroll/settings', async () => (await import('./screens/settings-screen')).PayrollSettingsScreen, {
    action: 'put',
  }),
  route('/payroll/create', flow, { action: 'post' }),
  route('/payroll/preview', preview, { action: 'post' }),
  route('/payroll/review', review, { action: 'post' }),
  route(
    '/payroll/:ref/details',
    async () => (await import('./screens/payroll-details-screen')).PayrollDetailsScreen,
  ),
  route(
    '/payroll/:ref/payslip/:id',
    async () => (await import('./screens/payslip-screen')).PayrollPayslipScreen,
  ),
  route(
    '/payroll/:payrollId/employees/edit',
    async () => (await import('./screens/edit-employees-screen')).EditPayrollEmployeesScreen,
    { action: 'put' },
  ),
  route('/payroll/import-employees', imp('ImportEmployeesScreen'), {
    resource: 'payrollEmployees',
    action: 'post',
  }),
  route('/payroll/import-employees/summary', imp('ImportSummaryScreen'), {
    resource: 'payrollEmployees',
    action: 'post',
  }),
  route('/payroll/import-employees/error', imp('ImportErrorScreen'), {
    resource: 'payrollEmployees',
    action: 'post',
  }),
  route('/payroll/import-employees/active', imp('ImportActiveScreen'), {
    resource: 'payrollEmployees',
    action: 'post',
  }),
  route('/payroll/import-employees/active/:id/validation', imp('ImportValidationScreen'), {
    resource: 'payrollEmployees',
    action: 'post',
  }),
  route('/payroll/recurring', list),
  route('/payroll/pending', list),
  route('/payroll/rejected', list),
  { path: '/contacts/employees', element: <Navigate to={paths.payroll.employees.href()} replace /> },
];
