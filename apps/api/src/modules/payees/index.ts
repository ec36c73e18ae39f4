// Public API of the payees (vendors) module: what other modules may import. Nothing here reaches the
// payouts module (payees' detail reads it), so payouts may call in without an import cycle.
export { addPayees, type NewPayee } from './added';
