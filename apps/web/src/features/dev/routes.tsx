// /dev/mailbox (ARCHITECTURE §3 Mail). Mount `devRoutes` at the top level, outside the guards.
// The route ships in every build because the E2E suite drives the production build; the API
// answers 404 in production mode and the page then says the mailbox is unavailable.
import type { RouteObject } from 'react-router-dom';

export const devRoutes: RouteObject[] = [
  {
    path: '/dev/mailbox',
    lazy: async () => ({ Component: (await import('./mailbox-screen')).MailboxScreen }),
  },
];
