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

const grantsOf = (resources: Resources, resource: Resource): Action[] =>
  ACTIONS.filter((a) => can(resources, resource, a));

/**
 * The rights two grants have in common (a resource and action is in the answer only when both grant
 * it). An API key acts with the intersection of its role and its creator's current rights.
 */
export function intersectResources(a: Resources, b: Resources): Resources {
  if (a === '*') return b === '*' ? '*' : { ...b };
  if (b === '*') return { ...a };
  const out: Partial<Record<Resource, Grant[]>> = {};
  for (const r of RESOURCES) {
    const both = grantsOf(a, r).filter((x) => can(b, r, x));
    if (both.length) out[r] = both;
  }
  return out;
}

/** Every right `requested` grants that `held` does not (empty when `requested` is within `held`). */
export function rightsBeyond(
  held: Resources,
  requested: Resources,
): { resource: Resource; action: Action }[] {
  const out: { resource: Resource; action: Action }[] = [];
  for (const r of RESOURCES)
    for (const a of ACTIONS)
      if (can(requested, r, a) && !can(held, r, a)) out.push({ resource: r, action: a });
  return out;
}

/** True when every right of `requested` is held (an API key's role must be within its creator's rights). */
export const withinRights = (held: Resources, requested: Resources) =>
  rightsBeyond(held, requested).length === 0;

/**
 * Object rules inside a company (own vs any), declared like permissions: acting on one's OWN object
 * (the card one holds, the expense one raised) needs the `own` permission; acting on ANYONE's needs
 * the `any` permission (a manager's right); `any: null` means only the object's own person may.
 * The API checks them in one place (`checkObjectRule` in apps/api/src/platform/guard.ts); the web
 * app uses `mayActOn` to show the same buttons.
 */
export const OBJECT_RULES = {
  /** A card spend's receipt: the card holder, or whoever manages cards (wallets put). */
  cardReceipt: { own: { resource: 'wallets', action: 'get' }, any: { resource: 'wallets', action: 'put' } },
  /** An expense's receipts: its maker, or whoever may change expenses (expenses patch). */
  expenseReceipt: {
    own: { resource: 'expenses', action: 'post' },
    any: { resource: 'expenses', action: 'patch' },
  },
  /** Editing an expense's details: its maker only. */
  expenseEdit: { own: { resource: 'expenses', action: 'put' }, any: null },
  /** An agent's commissions: the agent's own, or every agent's for a commissions manager. */
  agentCommissions: {
    own: { resource: 'agentCommissions', action: 'get' },
    any: { resource: 'agentCommissionDisbursements', action: 'get' },
  },
} as const satisfies Record<
  string,
  { own: { resource: Resource; action: Action }; any: { resource: Resource; action: Action } | null }
>;
export type ObjectRule = keyof typeof OBJECT_RULES;

/** Whether a holder of `resources` may act under `rule` on an object that is (or is not) their own. */
export function mayActOn(resources: Resources | null | undefined, rule: ObjectRule, isOwn: boolean): boolean {
  const r: {
    own: { resource: Resource; action: Action };
    any: { resource: Resource; action: Action } | null;
  } = OBJECT_RULES[rule];
  if (r.any && can(resources, r.any.resource, r.any.action)) return true;
  return isOwn && can(resources, r.own.resource, r.own.action);
}

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
