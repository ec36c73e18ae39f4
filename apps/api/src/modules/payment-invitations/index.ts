// Public API of the payment invitations module: what other modules may import (nothing yet).
export { matchDeposit } from './matching';
