// What other features may use from profile: the sections shared with /account/settings/*.
export { ProfileSection, SecuritySection, NotificationsSection } from './screens/sections';
export { profileApi, useBanks } from './api';
