// What other features may use from fund requests.
export { useFundRequest, useFundRequests } from './api';
