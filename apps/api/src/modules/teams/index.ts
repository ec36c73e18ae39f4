// Public API of the teams module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { acceptInvitationByCode } from './invitations';
