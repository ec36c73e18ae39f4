// Public API of the disbursements module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { registerDisbursements } from './routes';
