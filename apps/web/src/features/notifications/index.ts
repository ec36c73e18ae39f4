// Notifications and shell alerts (000 §2.7, §2.8, §4.7, §4.12). For the dashboard layout:
// - <NotificationBell />: top bar; unread count badge, opens the 370 px drawer.
// - <MobileAlertCarousel />: top of the content area; renders only below 768 px (KYC incomplete,
//   account insecure; autoplay 3000 ms).
// - <AgentBankPrompt />: once anywhere in the layout; forced modal when the agent bank check asks.
// - notificationsRoutes: mount inside the dashboard layout (/notifications).
// All need MantineProvider, QueryClientProvider and the router around them.
export { NotificationBell } from './components/notification-bell';
export {
  AlertCarousel,
  MobileAlertCarousel,
  useMobileAlerts,
  useMobileAlertState,
} from './alerts/mobile-alert-carousel';
export { AgentBankPrompt } from './alerts/agent-bank-prompt';
export { notificationsRoutes } from './routes';
