// The dashboard areas: where they live, what they are titled (000 §2.5) and which view
// permission shows them (000 §6, 002 §6). ONE table drives the sidebar, the header title, the
// route guard, the Access Forbidden button and /dashboard's fallback.
import { can, type Resource, type Resources } from '@owo/contract';
import { paths } from '../lib/paths';

export type AreaKey =
  | 'dashboard'
  | 'agent-insight'
  | 'team-report'
  | 'cash-forecast'
  | 'transactions'
  | 'requests'
  | 'commissions'
  | 'disbursements'
  | 'payouts'
  | 'expenses'
  | 'payroll'
  | 'marketplace'
  | 'inflows'
  | 'payment-invitations'
  | 'vendors'
  | 'projects'
  | 'asset-list'
  | 'settings'
  | 'teams'
  | 'cards'
  | 'wallet'
  | 'bills';

export type Area = {
  key: AreaKey;
  /** Where the sidebar entry goes. */
  path: string;
  /** Path prefixes that belong to the area (title and permission of nested pages). */
  prefixes: string[];
  /** Visible when the user may `get` at least one of these resources. */
  anyOf: Resource[];
};

export const AREAS: Record<AreaKey, Area> = {
  dashboard: { key: 'dashboard', path: '/dashboard', prefixes: ['/dashboard'], anyOf: ['insights'] },
  'agent-insight': {
    key: 'agent-insight',
    path: '/agent-insight',
    prefixes: ['/agent-insight'],
    anyOf: ['agentDashboard'],
  },
  'cash-forecast': {
    key: 'cash-forecast',
    path: '/insights/forecast',
    prefixes: ['/insights/forecast'],
    anyOf: ['insights'],
  },
  'team-report': {
    key: 'team-report',
    path: '/team-report',
    prefixes: ['/team-report'],
    anyOf: ['teamReports'],
  },
  transactions: {
    key: 'transactions',
    path: '/transactions',
    prefixes: ['/transactions', '/transaction'],
    anyOf: ['transactions'],
  },
  requests: { key: 'requests', path: '/requests', prefixes: ['/requests', '/request'], anyOf: ['requests'] },
  commissions: {
    key: 'commissions',
    path: '/commissions',
    prefixes: ['/commissions'],
    anyOf: ['agentCommissions'],
  },
  disbursements: {
    key: 'disbursements',
    path: '/disbursements',
    prefixes: ['/disbursements'],
    anyOf: ['disbursement'],
  },
  payouts: { key: 'payouts', path: '/payouts', prefixes: ['/payouts', '/payout'], anyOf: ['payouts'] },
  expenses: { key: 'expenses', path: '/expenses', prefixes: ['/expenses', '/expense'], anyOf: ['expenses'] },
  payroll: {
    key: 'payroll',
    path: '/payroll',
    prefixes: ['/payroll', '/contacts/employees'],
    anyOf: ['payrolls', 'payrollEmployees'],
  },
  marketplace: {
    key: 'marketplace',
    path: '/marketplace',
    prefixes: ['/marketplace'],
    anyOf: ['marketplaceVendings', 'marketplaceAssets', 'marketplaceTransactions'],
  },
  inflows: {
    key: 'inflows',
    path: '/inflows',
    prefixes: ['/inflows'],
    anyOf: ['inflows', 'inflowsCustomers', 'inflowsPartners'],
  },
  // Issue 23 §0: its own entry under Inward Payments; the longer prefix titles the page.
  'payment-invitations': {
    key: 'payment-invitations',
    path: '/inflows/payment-invitations',
    prefixes: ['/inflows/payment-invitations'],
    anyOf: ['inflows'],
  },
  vendors: { key: 'vendors', path: '/vendors', prefixes: ['/vendors'], anyOf: ['payee'] },
  projects: { key: 'projects', path: '/projects', prefixes: ['/projects'], anyOf: ['projects'] },
  'asset-list': {
    key: 'asset-list',
    path: '/asset-list',
    prefixes: ['/asset-list', '/assets'],
    anyOf: ['payoutAsset', 'productsAndServices', 'payoutInventory'],
  },
  settings: {
    key: 'settings',
    path: '/settings',
    prefixes: ['/settings'],
    anyOf: [
      'parameters',
      'policy',
      'approvalWorkflows',
      'paymentTags',
      'accountingIntegrations',
      'subsidiaries',
      'developer',
      'feePolicies',
    ],
  },
  teams: {
    key: 'teams',
    path: '/teams',
    prefixes: ['/teams'],
    anyOf: ['accountAccess', 'invitations', 'roles', 'agents'],
  },
  // Not in the sidebar, but routed, titled and guarded the same way.
  cards: { key: 'cards', path: '/cards', prefixes: ['/cards'], anyOf: ['wallets'] },
  wallet: { key: 'wallet', path: '/wallet/add-funds', prefixes: ['/wallet'], anyOf: ['payments', 'wallets'] },
  bills: {
    key: 'bills',
    path: '/payouts/bills',
    prefixes: ['/bills', '/bill', '/bill-csv'],
    anyOf: ['payouts'],
  },
};

export type SidebarGroup = {
  key: 'analytics' | 'paymentReports' | 'outward' | 'inward' | 'business' | 'configurations';
  items: AreaKey[];
};

/** 000 §2.5 sidebar groups, in order. */
export const SIDEBAR_GROUPS: SidebarGroup[] = [
  { key: 'analytics', items: ['dashboard', 'cash-forecast', 'agent-insight', 'team-report'] },
  { key: 'paymentReports', items: ['transactions', 'requests'] },
  {
    key: 'outward',
    // Cards is not in 000 §2.5's list; spend on a card is outward money, so it sits here.
    items: ['commissions', 'disbursements', 'payouts', 'expenses', 'cards', 'payroll', 'marketplace'],
  },
  { key: 'inward', items: ['inflows', 'payment-invitations'] },
  { key: 'business', items: ['vendors', 'projects', 'asset-list'] },
  { key: 'configurations', items: ['settings', 'teams'] },
];

export const canViewArea = (resources: Resources | null | undefined, key: AreaKey) =>
  AREAS[key].anyOf.some((r) => can(resources, r, 'get'));

/** Groups with only the entries the user may see; empty groups are dropped. */
export function visibleSidebar(resources: Resources | null | undefined) {
  return SIDEBAR_GROUPS.map((g) => ({
    ...g,
    items: g.items.filter((k) => canViewArea(resources, k)),
  })).filter((g) => g.items.length > 0);
}

/** The first sidebar entry the user may open (Access Forbidden button, /dashboard fallback). */
export function firstPermittedArea(resources: Resources | null | undefined): Area | null {
  for (const g of SIDEBAR_GROUPS) for (const k of g.items) if (canViewArea(resources, k)) return AREAS[k];
  return null;
}

/** The area a pathname belongs to (longest prefix wins), for the header title and the guard. */
export function areaForPath(pathname: string): Area | null {
  let best: { area: Area; len: number } | null = null;
  for (const area of Object.values(AREAS)) {
    for (const p of area.prefixes) {
      if ((pathname === p || pathname.startsWith(`${p}/`)) && (!best || p.length > best.len))
        best = { area, len: p.length };
    }
  }
  return best?.area ?? null;
}

/** 000 §6 Make Payment menu. `enabled` also needs an active account and an accounts list. */
export function makePaymentMenu(resources: Resources | null | undefined, hasAccount: boolean) {
  const canCreatePayouts = can(resources, 'payouts', 'post');
  const canCreateAccountExpenses = can(resources, 'expenses', 'post');
  const canCreatePayrolls = can(resources, 'payrolls', 'post');
  const canCreateInfowInvoice = can(resources, 'inflows', 'post');
  const canMakePayments =
    canCreatePayouts || canCreateAccountExpenses || canCreatePayrolls || canCreateInfowInvoice;
  const entries: {
    key: 'manualPayment' | 'createExpense' | 'createPayroll' | 'createInvoice' | 'requestBill' | 'massPayout';
    to: string;
  }[] = [];
  if (canCreatePayouts) entries.push({ key: 'manualPayment', to: paths.paySomeone.href() });
  if (canCreateAccountExpenses) entries.push({ key: 'createExpense', to: paths.expenses.newPayment.href() });
  if (canCreatePayrolls) entries.push({ key: 'createPayroll', to: paths.payroll.create.href() });
  if (canCreateInfowInvoice)
    entries.push({ key: 'createInvoice', to: paths.inflows.newInvoice.href({ new: 'page' }) });
  entries.push(
    { key: 'requestBill', to: paths.payouts.quotes.href({ request: 'bill' }) },
    { key: 'massPayout', to: paths.disbursements.new.href() },
  );
  return { enabled: canMakePayments && hasAccount, entries };
}
