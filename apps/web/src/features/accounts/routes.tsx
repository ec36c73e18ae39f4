// Account screens (000 §2.2): create, switch and type before an account is active; KYB setup and
// account info inside the dashboard. The setup needs create rights on parameters (000 §2.6).
import { Outlet, type RouteObject } from 'react-router-dom';
import { RequirePermission } from '../../app/guards/guards';
import { paths } from '../../lib/paths';

export const verifiedRoutes: RouteObject[] = [
  {
    path: paths.account.create.path,
    lazy: async () => ({ Component: (await import('./screens/create-account-screen')).CreateAccountScreen }),
  },
  {
    path: paths.account.switch.path,
    lazy: async () => ({ Component: (await import('./screens/switch-account-screen')).SwitchAccountScreen }),
  },
  {
    path: paths.account.type.path,
    lazy: async () => ({ Component: (await import('./screens/account-type-screen')).AccountTypeScreen }),
  },
];

export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.account.setup.path,
    element: (
      <RequirePermission resource="parameters" action="post">
        <Outlet />
      </RequirePermission>
    ),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./kyb/success-screen')).SetupIndex }) },
      {
        path: 'success',
        lazy: async () => ({ Component: (await import('./kyb/success-screen')).SetupSuccessScreen }),
      },
      {
        lazy: async () => ({ Component: (await import('./kyb/setup-layout')).SetupLayout }),
        children: [
          {
            path: 'operations',
            lazy: async () => ({ Component: (await import('./kyb/review-screen')).ReviewScreen }),
          },
          {
            path: ':step',
            lazy: async () => ({ Component: (await import('./kyb/step-screen')).StepScreen }),
          },
        ],
      },
    ],
  },
  {
    path: paths.account.info.path,
    lazy: async () => ({ Component: (await import('./screens/account-info-screen')).AccountInfoScreen }),
  },
];
