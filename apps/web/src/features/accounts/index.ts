// What other features may use from accounts.
export { AccountList } from './components/account-list';
export { OrganisationSummary } from './components/organisation-summary';
export { useKyb, useOrganisation, accountsApi, accountKeys } from './api';
