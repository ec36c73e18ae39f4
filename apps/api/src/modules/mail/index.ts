// Public API of the mail module: what other modules may import (docs/ARCHITECTURE.md, Boundaries).
export { sendMail } from './service';
