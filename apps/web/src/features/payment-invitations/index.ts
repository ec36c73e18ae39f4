// Public entry of the payment invitations feature (nothing is shared with other features yet).
export { paymentInvitationKeys } from './api';
