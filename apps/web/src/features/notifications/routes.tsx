// /notifications full page (000 §2.8). Mount `notificationsRoutes` inside the dashboard layout
// (behind the staff guard).
import type { RouteObject } from 'react-router-dom';
import { paths } from '../../lib/paths';

export const notificationsRoutes: RouteObject[] = [
  {
    path: paths.notifications.path,
    lazy: async () => ({ Component: (await import('./screens/notifications-page')).NotificationsPage }),
  },
];
