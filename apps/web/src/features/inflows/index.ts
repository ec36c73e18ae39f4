// What other features may use from inflows (the customer portal shows an invoice's pay details).
export { InvoicePayCard } from './screens/pay-screen';
