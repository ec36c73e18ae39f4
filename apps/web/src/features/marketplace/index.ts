// What other features may use from marketplace.
export { TokenText } from './components/token';
