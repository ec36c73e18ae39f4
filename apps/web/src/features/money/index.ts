// What other features may use from money.
export { useWallets } from './api';
