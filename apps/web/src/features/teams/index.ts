// What other features may import from teams (the rest is reached through its routes).
export { useInvitations, useMembers } from './api';
