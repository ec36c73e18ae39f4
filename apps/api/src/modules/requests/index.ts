// Public API of the fund requests module: what other modules may import.
export { getFundRequest } from './read';
