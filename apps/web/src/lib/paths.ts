// Every route path of the web app in one typed map (STYLE §8). Each entry has the router
// pattern (`path`) and a builder (`href`) whose params are typed from the pattern, so a link can
// not point at a path that does not exist: `paths.auth.registerWithCode.href({ code })`.
// Sources: 000 §2.1–§2.3, 001 §2, 002 §2.
import { generatePath, type PathParam } from 'react-router-dom';

type Search = Record<string, string | number | boolean | null | undefined>;
type Href<P extends string> = [PathParam<P>] extends [never]
  ? (search?: Search) => string
  : (params: { [K in PathParam<P>]: string | number }, search?: Search) => string;

export type AppPath<P extends string = string> = { path: P; href: Href<P> };

function withSearch(url: string, search?: Search) {
  if (!search) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(search))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

export function route<P extends string>(path: P): AppPath<P> {
  const href = (a?: unknown, b?: Search) => {
    if (path.includes(':')) {
      const params = Object.fromEntries(
        Object.entries((a ?? {}) as Record<string, string | number>).map(([k, v]) => [k, String(v)]),
      );
      return withSearch(generatePath(path, params as never), b);
    }
    return withSearch(path, a as Search | undefined);
  };
  return { path, href: href };
}

export const paths = {
  home: route('/'),
  pricing: route('/pricing'),
  faq: route('/faq'),
  support: route('/support'),
  notifications: route('/notifications'),
  legals: {
    privacy: route('/legals/privacy-policy'),
    terms: route('/legals/terms-conditions'),
    communication: route('/legals/communication-agreement'),
  },
  auth: {
    register: route('/auth/register'),
    registerWithCode: route('/auth/register/:code'),
    invite: route('/auth/invite'),
    login: route('/auth/login'),
    loginWithCode: route('/auth/login/:code'),
    forgotPassword: route('/auth/forgot-password'),
    resetPassword: route('/auth/reset-password'),
    confirmEmail: route('/auth/confirm-email'),
    twoFactor: route('/auth/two-factor'),
  },
  customer: {
    login: route('/customer/login'),
    invoices: route('/customer/invoice'),
    invoice: route('/customer/invoice/:id'),
  },
  employeePortal: {
    root: route('/employee-portal'),
    joinOrganization: route('/employee-portal/join-organization'),
    login: route('/employee-portal/login'),
    setPassword: route('/employee-portal/set-password'),
    addBank: route('/employee-portal/add-bank'),
    payslips: route('/employee-portal/payslip'),
    payslip: route('/employee-portal/payslip/:id'),
    profile: route('/employee-portal/profile'),
    forgotPassword: route('/employee-portal/forgot-password'),
    resetPassword: route('/employee-portal/reset-password/:ref'),
  },
  account: {
    create: route('/account/create'),
    switch: route('/accounts/switch'),
    type: route('/account/type'),
    setup: route('/account/setup'),
    setupStep: route('/account/setup/:step'),
    setupSuccess: route('/account/setup/success'),
    info: route('/account/info'),
    settings: route('/account/settings/:section'),
  },
  profile: {
    root: route('/profile'),
    accounts: route('/profile/accounts'),
    security: route('/profile/security'),
    notifications: route('/profile/notifications'),
    bankDetails: route('/profile/bank-details'),
  },
  dashboard: route('/dashboard'),
  agentInsight: route('/agent-insight'),
  teamReport: route('/team-report'),
  cashForecast: route('/insights/forecast'),
  transactions: route('/transactions'),
  transaction: route('/transaction/:transactionId'),
  requests: route('/requests'),
  request: route('/request/:ref'),
  commissions: {
    root: route('/commissions'),
    disbursements: route('/commissions/disbursement'),
    view: route('/commissions/:view'),
    disbursement: route('/commissions/disbursement/:disbursementId'),
  },
  disbursements: {
    root: route('/disbursements'),
    detail: route('/disbursements/:id'),
    /** The list's status tabs (active, pending, rejected). */
    tab: route('/disbursements/:tab'),
    validation: route('/disbursements/:id/validation'),
    new: route('/disbursements/new'),
    newSummary: route('/disbursements/new/summary'),
    newError: route('/disbursements/new/error'),
  },
  payouts: {
    root: route('/payouts'),
    list: route('/payouts/:list'),
    detail: route('/payouts/:ref'),
    quotes: route('/payouts/quotes'),
    direct: route('/payout/direct'),
    /** The direct payout's asset step (payoutOption asset), between the vendor and the payment details. */
    assetsSelection: route('/payouts/direct/assets-selection'),
    massPayoutReview: route('/payouts/mass-payout-review'),
    massApproval: route('/payouts/mass-approval'),
    review: route('/payouts/review/:ref'),
    edit: route('/payouts/:ref/edit'),
    editAssets: route('/payouts/:ref/edit/assets'),
    editReview: route('/payouts/:ref/edit/review'),
    /** The direct payout flow's later steps. */
    paymentDetails: route('/payment-details'),
    paymentReview: route('/payment-review'),
  },
  paySomeone: route('/pay-someone'),
  /** The pay-someone wizard's steps after the amount (`paySomeone`). */
  paySomeoneFlow: {
    recipient: route('/pay-someone/recipient'),
    senderDetails: route('/pay-someone/sender-details'),
    wirePurpose: route('/pay-someone/wire-purpose'),
    scheduling: route('/pay-someone/scheduling'),
    review: route('/pay-someone/review'),
    addFunds: route('/pay-someone/step-9'),
    confirm: route('/pay-someone/step-10'),
    success: route('/pay-someone/success'),
  },
  paymentInvitation: route('/payment-invitation/:ref'),
  paymentInvitationStep: route('/payment-invitation/:ref/:step'),
  paymentInvitations: route('/inflows/payment-invitations'),
  bills: {
    detail: route('/bill/:id'),
    inDashboard: route('/bills/:ref'),
    scheduled: route('/bills/scheduled/:ref'),
    review: route('/bills/:ref/review'),
    import: route('/bills/import'),
    importSummary: route('/bills/import/summary'),
    csvUpload: route('/bill-csv/upload'),
  },
  sendBill: {
    step: route('/send-bill/:step/:ref'),
    welcome: route('/send-bill/welcome/:ref'),
    paymentDetails: route('/send-bill/payment-details/:ref'),
    review: route('/send-bill/review/:ref'),
    success: route('/send-bill/success/:ref'),
  },
  expenses: {
    root: route('/expenses'),
    list: route('/expenses/:list'),
    detail: route('/expense/:ref'),
    edit: route('/expense/:ref/edit'),
    editReview: route('/expense/:ref/edit/review'),
    newPayment: route('/expense/new-payment'),
    reviewPayment: route('/expense/review-payment'),
  },
  payroll: {
    root: route('/payroll'),
    /** The list's tabs (pending, recurring, rejected, ...). */
    tab: route('/payroll/:tab'),
    create: route('/payroll/create'),
    employees: route('/payroll/employees'),
    importEmployees: route('/payroll/import-employees'),
    importEmployeesError: route('/payroll/import-employees/error'),
    importEmployeesSummary: route('/payroll/import-employees/summary'),
    importEmployeesValidation: route('/payroll/import-employees/active/:id/validation'),
    groups: route('/payroll/groups'),
    settings: route('/payroll/settings'),
    preview: route('/payroll/preview'),
    review: route('/payroll/review'),
    details: route('/payroll/:ref/details'),
    /** One employee's payslip of a paid run (staff side). */
    payslip: route('/payroll/:ref/payslip/:id'),
    editEmployees: route('/payroll/:payrollId/employees/edit'),
  },
  contactsEmployees: route('/contacts/employees'),
  marketplace: {
    root: route('/marketplace'),
    tab: route('/marketplace/:tab'),
    vending: route('/marketplace/vendings/:id'),
    vendingHistory: route('/marketplace/vending-history'),
    meters: route('/marketplace/meters'),
    meterReport: route('/marketplace/reports/meters'),
    importMeters: route('/marketplace/import-meters'),
    importMetersSummary: route('/marketplace/import-meters/summary'),
    buyElectricity: route('/marketplace/buy-electricity'),
    buyElectricityReview: route('/marketplace/buy-electricity/review'),
  },
  inflows: {
    root: route('/inflows'),
    invoices: route('/inflows/invoices'),
    invoice: route('/inflows/invoices/:id'),
    newInvoice: route('/inflows/new-invoice'),
    editInvoice: route('/inflows/edit-invoice'),
    invoicePaymentTerms: route('/inflows/payment-terms-invoice'),
    reviewInvoice: route('/inflows/review-invoice'),
    customers: route('/inflows/customers'),
    customer: route('/inflows/customers/:id'),
    partners: route('/inflows/partners'),
    partner: route('/inflows/partners/:id'),
  },
  paymentCollection: route('/payment-collection/invoice/:token'),
  vendors: {
    root: route('/vendors'),
    detail: route('/vendors/:id'),
    invite: route('/vendors/invite'),
    inviteSuccess: route('/vendors/invite/success'),
    import: route('/vendors/import-vendors'),
    importSummary: route('/vendors/import-vendors/summary'),
    importError: route('/vendors/import/error'),
  },
  vendorOnboarding: {
    invitation: route('/vendor-onboarding/invitation/:ref'),
    personalDetails: route('/add-personal-details/:ref'),
    bankDetails: route('/add-bank-details/:ref'),
    success: route('/success/:ref'),
  },
  projects: {
    root: route('/projects'),
    completed: route('/projects/completed'),
    detail: route('/projects/:id'),
  },
  assets: {
    list: route('/asset-list'),
    products: route('/assets/products'),
    detail: route('/assets/:id'),
    product: route('/assets/products/:id'),
    payoutDetails: route('/assets/payout/details'),
  },
  cards: { root: route('/cards'), create: route('/cards/create-card'), fund: route('/cards/fund-card') },
  wallet: { addFunds: route('/wallet/add-funds'), addFundsSuccess: route('/wallet/add-funds/success') },
  settings: {
    root: route('/settings'),
    section: route('/settings/:section'),
    business: route('/settings/business'),
    subsidiaries: route('/settings/subsidiaries'),
    subsidiary: route('/settings/subsidiaries/:id'),
    feePolicy: route('/settings/fee-policy'),
    paymentApprovals: route('/settings/payment-approvals'),
    apPolicy: route('/settings/ap-policy'),
    categories: route('/settings/categories'),
    developers: route('/settings/developers'),
    auditLog: route('/settings/audit-log'),
    integrations: route('/settings/integrations'),
    approval: route('/settings/approval/:id'),
    approvalNew: route('/settings/approval/new'),
    approvalEdit: route('/settings/approval/:id/edit'),
  },
  integrations: {
    importPaymentTags: route('/integrations/import-payment-tags'),
    mapTags: route('/integrations/map-tags'),
    finish: route('/integrations/finish'),
  },
  teams: {
    root: route('/teams'),
    manageRoles: route('/teams/manage-roles'),
    member: route('/teams/member'),
  },
  /** Older paths of 000 §2.3, kept only as redirects (see app/legacy-redirects.tsx). */
  legacy: {
    register: route('/register/:code'),
    invite: route('/invite/:code'),
    fundWallet: route('/fund-wallet'),
    addFunds: route('/add-funds'),
    createAccount: route('/create-account'),
    confirmEmail: route('/confirm-email'),
    resetPassword: route('/reset-password/:ref'),
    team: route('/team'),
    teamManageRoles: route('/team/manage-roles'),
    teamMember: route('/team/member/:id'),
    payees: route('/payees'),
    payeesPaymentRequests: route('/payees/payment-requests'),
  },
} as const;
