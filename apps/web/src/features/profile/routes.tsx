// Profile pages (000 §2.2): the signed-in user's own details, accounts, security, notification
// preferences and bank details. Every signed-in member may open them.
import type { RouteObject } from 'react-router-dom';
import { paths } from '../../lib/paths';

const section =
  (
    name:
      | 'ProfileSection'
      | 'AccountsSection'
      | 'SecuritySection'
      | 'NotificationsSection'
      | 'BankDetailsSection',
  ) =>
  async () => ({ Component: (await import('./screens/sections'))[name] });

export const dashboardRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./screens/profile-layout')).ProfileLayout }),
    children: [
      { path: paths.profile.root.path, lazy: section('ProfileSection') },
      { path: paths.profile.accounts.path, lazy: section('AccountsSection') },
      { path: paths.profile.security.path, lazy: section('SecuritySection') },
      { path: paths.profile.notifications.path, lazy: section('NotificationsSection') },
      { path: paths.profile.bankDetails.path, lazy: section('BankDetailsSection') },
    ],
  },
];
