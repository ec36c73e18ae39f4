// Portal entry routes (000 §2.11, 002 §2 "Employee portal"). Mount `portalRoutes` at the top
// level (outside the staff guards): each portal has its own layout and session. The payroll and
// invoices issues replace the guarded placeholder elements with their screens and add their own
// children (join-organization, set-password, add-bank, reset-password) to the same layouts.
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../../lib/paths';

const customer = () => import('./customer/customer-portal');
const employee = () => import('./employee/employee-portal');
const screens = () => import('./employee/employee-screens');
const profile = () => import('./employee/employee-profile');
const reset = () => import('./employee/employee-reset');

export const portalRoutes: RouteObject[] = [
  {
    path: '/customer',
    lazy: async () => ({ Component: (await customer()).CustomerLayout }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./customer/customer-login')).CustomerLoginScreen }),
      },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./customer/customer-login')).CustomerLoginScreen }),
      },
      {
        lazy: async () => ({ Component: (await customer()).CustomerGuard }),
        children: [
          {
            path: 'invoice',
            lazy: async () => ({
              Component: (await import('./customer/customer-invoices-screen')).CustomerInvoicesScreen,
            }),
          },
          {
            path: 'invoice/:id',
            lazy: async () => ({
              Component: (await import('./customer/customer-invoices-screen')).CustomerInvoicesScreen,
            }),
          },
        ],
      },
    ],
  },
  {
    path: '/employee-portal',
    lazy: async () => ({ Component: (await employee()).EmployeePortalLayout }),
    children: [
      { index: true, element: <Navigate to={paths.employeePortal.login.path} replace /> },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./employee/employee-login')).EmployeeLoginScreen }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await reset()).EmployeeForgotPasswordScreen }),
      },
      // The reset mail links to /employee-portal/reset-password/{ref} (modules/payroll/portal.ts).
      {
        path: 'reset-password/:ref',
        lazy: async () => ({ Component: (await reset()).EmployeeResetPasswordScreen }),
      },
      // The invitation mail links to /employee-portal/join; the spec's page is join-organization.
      ...['join', 'join-organization', 'set-password'].map((path) => ({
        path,
        lazy: async () => ({ Component: (await screens()).JoinOrganizationScreen }),
      })),
      {
        lazy: async () => ({ Component: (await employee()).EmployeeGuard }),
        children: [
          {
            path: 'payslip',
            lazy: async () => ({
              Component: (await screens()).PayslipListScreen,
            }),
          },
          {
            path: 'payslip/:id',
            lazy: async () => ({
              Component: (await screens()).PayslipDetailScreen,
            }),
          },
          {
            path: 'add-bank',
            lazy: async () => ({
              Component: (await import('./employee/employee-bank')).EmployeeAddBankScreen,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await profile()).ProfileScreen,
            }),
          },
        ],
      },
    ],
  },
];
