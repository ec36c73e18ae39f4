// Public API of the payees (vendors) module: what other modules may import.
export { getPayee } from './service';
