// Account settings (000 §2.2): /account/settings/{profile,organisation,security,notifications}.
import { Navigate, type RouteObject } from 'react-router-dom';
import { paths } from '../../lib/paths';

export const dashboardRoutes: RouteObject[] = [
  {
    path: '/account/settings',
    element: <Navigate to={paths.account.settings.href({ section: 'profile' })} replace />,
  },
  {
    path: paths.account.settings.path,
    lazy: async () => ({
      Component: (await import('./screens/account-settings-screen')).AccountSettingsScreen,
    }),
  },
];
