// The resource list of 000 §6. Every API route declares one of these (or is public);
// the web app checks the same names to show sidebar entries and menu items.
export const RESOURCES = [
  'invitations',
  'accountAccess',
  'transactions',
  'requests',
  'payouts',
  'expenses',
  'payments',
  'wallets',
  'roles',
  'parameters',
  'payee',
  'policy',
  'payrolls',
  'payrollEmployees',
  'payrollApproval',
  'payrollGroups',
  'marketplaceAssets',
  'marketplaceVendings',
  'marketplaceTransactions',
  'approvalWorkflows',
  'payoutAsset',
  'productsAndServices',
  'payoutInventory',
  'projects',
  'disbursement',
  'subsidiaries',
  'subsidiaryMembers',
  'developer',
  'developerWebhooks',
  'accountingIntegrations',
  'paymentTags',
  'inflows',
  'invoiceRefunds',
  'invoiceDelivery',
  'inflowsPartners',
  'inflowsCustomers',
  'feePolicies',
  'agentDashboard',
  'insights',
  'teamReports',
  'agentCommissions',
  'agentCommissionDisbursements',
  'agents',
  'agentCommissionSettings',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];
export type Grant = Action | '*';

/** `'*'` (everything) or a map of resource to granted actions, as 000 §3 "resources". */
export type Resources = '*' | Partial<Record<Resource, Grant[]>>;

export function can(resources: Resources | null | undefined, resource: Resource, action: Action): boolean {
  if (!resources) return false;
  if (resources === '*') return true;
  const grants = resources[resource];
  return !!grants && (grants.includes('*') || grants.includes(action));
}

export const FULL_ACCESS_ROLES = ['owner', 'admin'] as const;

const ALL: Grant[] = ['*'];
const READ: Grant[] = ['get'];
const WRITE: Grant[] = ['get', 'post', 'put', 'patch'];

/** Built-in roles beyond owner and admin (which hold '*'). Slugs are stable; accounts may add custom roles. */
export const BUILT_IN_ROLES: { slug: string; name: string; description: string; resources: Resources }[] = [
  {
    slug: 'owner',
    name: 'Owner',
    description: 'Owns the account; full access including ownership changes.',
    resources: '*',
  },
  { slug: 'admin', name: 'Admin', description: 'Full access to every area of the account.', resources: '*' },
  {
    slug: 'finance-manager',
    name: 'Finance Manager',
    description: 'Runs payments, payroll, invoices and approvals; sees all money.',
    resources: {
      transactions: ALL,
      requests: ALL,
      payouts: ALL,
      expenses: ALL,
      payments: ALL,
      wallets: ALL,
      payee: ALL,
      policy: WRITE,
      payrolls: ALL,
      payrollEmployees: ALL,
      payrollApproval: ALL,
      payrollGroups: ALL,
      approvalWorkflows: ALL,
      disbursement: ALL,
      inflows: ALL,
      invoiceRefunds: ALL,
      invoiceDelivery: ALL,
      inflowsPartners: ALL,
      inflowsCustomers: ALL,
      feePolicies: READ,
      insights: READ,
      teamReports: READ,
      marketplaceAssets: ALL,
      marketplaceVendings: ALL,
      marketplaceTransactions: ALL,
      projects: ALL,
      payoutAsset: ALL,
      productsAndServices: ALL,
      payoutInventory: ALL,
      accountAccess: READ,
      roles: READ,
      subsidiaries: READ,
      parameters: READ,
    },
  },
  {
    slug: 'accountant',
    name: 'Accountant',
    description: 'Reads transactions, statements and reports; records expenses.',
    resources: {
      transactions: ['get', 'post'],
      requests: READ,
      payouts: READ,
      expenses: WRITE,
      wallets: READ,
      payee: READ,
      inflows: READ,
      inflowsCustomers: READ,
      inflowsPartners: READ,
      insights: READ,
      teamReports: READ,
      accountingIntegrations: ALL,
      paymentTags: ALL,
      payrolls: READ,
    },
  },
  {
    slug: 'member',
    name: 'Member',
    description: 'Raises expenses and requests; sees their own work.',
    resources: { requests: ['get', 'post'], expenses: ['get', 'post'], wallets: READ, insights: READ },
  },
  {
    slug: 'agent',
    name: 'Agent',
    description: 'Creates invoices and earns commissions on them.',
    resources: {
      inflows: ['get', 'post'],
      inflowsCustomers: ['get', 'post'],
      agentDashboard: READ,
      agentCommissions: READ,
    },
  },
];
