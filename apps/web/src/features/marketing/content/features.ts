// Copy for the feature pages of the public site (002 §2 "Public marketing site" feature table).
// The accounting and asset pages are not described by the spec; their copy is ours.

import { FEATURE_PATHS } from './feature-paths';

export type FeaturePoint = { title: string; text: string };
export type Audience = { role: string; why: string };
export type FeatureContent = {
  key: string;
  path: string;
  /** Name shown in the Features menu. */
  name: string;
  /** One line under the name in the Features menu. */
  blurb: string;
  meta: { title: string; description: string; keywords: string[] };
  hero: { eyebrow: string; heading: string; text: string; cta: string };
  points: FeaturePoint[];
  audience: Audience[];
  closing: { heading: string; text: string };
};

export const FEATURES: FeatureContent[] = [
  {
    key: 'expense',
    path: FEATURE_PATHS.expense,
    name: 'Expense management',
    blurb: 'Plan, approve and retire every naira your team spends.',
    meta: {
      title: 'Expense management for Nigerian businesses',
      description:
        'Create one-time or recurring expenses, route them through approval workflows, retire or reject them and export clean CSVs for your accountant. Built for Nigerian companies.',
      keywords: [
        'expense management Nigeria',
        'business expenses',
        'expense approval',
        'retire expenses',
        'spend control',
        'petty cash',
      ],
    },
    hero: {
      eyebrow: 'Expense management',
      heading: 'Every naira your team spends, planned, approved and accounted for',
      text: 'Replace petty-cash vouchers and WhatsApp approvals with one place where expenses are requested, approved, paid and retired, with receipts attached and a full trail behind each one.',
      cta: 'Start managing expenses',
    },
    points: [
      {
        title: 'One-time or recurring expenses',
        text: 'Raise a one-off purchase or schedule rent, diesel, internet and other repeating costs to run weekly, monthly or on the date you choose.',
      },
      {
        title: 'Retire or reject with a reason',
        text: 'Staff retire expenses with receipts; approvers can reject with a reason the requester sees at once, so nothing sits in limbo.',
      },
      {
        title: 'Export CSV for accounting',
        text: 'Download expenses by date, category or subsidiary as a CSV your accountant or accounting software can import without retyping.',
      },
      {
        title: 'Flexible approval workflows',
        text: 'Set approval levels by amount and department: a ₦50,000 request can need one line manager, a ₦5,000,000 one the CFO as well.',
      },
    ],
    audience: [
      { role: 'Accountants', why: 'receive retired expenses with receipts and categories already attached.' },
      { role: 'Finance leads', why: 'see commitments before they become surprises at month end.' },
      { role: 'Departmental heads', why: "approve their team's requests from their phone in seconds." },
      {
        role: 'Admins and office managers',
        why: 'stop chasing receipts for every fuel and stationery purchase.',
      },
      { role: 'CFOs, COOs and CEOs', why: 'set the rules once and trust that spending follows them.' },
    ],
    closing: {
      heading: 'Spend with confidence, close the month without the chase',
      text: 'Owo gives every expense an owner, an approver and a receipt. Set up your first workflow in minutes.',
    },
  },
  {
    key: 'insight',
    path: FEATURE_PATHS.insight,
    name: 'Insight dashboard',
    blurb: 'Bills, assets and payments at a glance.',
    meta: {
      title: "Insight dashboard: your company's money at a glance",
      description:
        'See bills, asset spend, payout statistics and payments awaiting approval on one dashboard. Real-time financial insight for Nigerian business leaders.',
      keywords: [
        'business dashboard',
        'financial insight',
        'bills overview',
        'payment analytics Nigeria',
        'cash flow visibility',
      ],
    },
    hero: {
      eyebrow: 'Insight dashboard',
      heading: 'Know where your money is going before the month is over',
      text: "A live view of bills, asset purchases, vendor payments and approvals across your company and its subsidiaries, so decisions are made on today's numbers, not last quarter's.",
      cta: 'See your dashboard',
    },
    points: [
      {
        title: 'Bills overview',
        text: 'Paid, pending and overdue bills in one chart, with the amounts that fall due this week.',
      },
      {
        title: 'Assets overview',
        text: 'What you have bought, where it is assigned and what it cost, grouped by category.',
      },
      {
        title: 'Asset payout statistics',
        text: 'Track spend on equipment and inventory month by month to plan your next capital purchase.',
      },
      {
        title: 'Payment overview',
        text: 'Inflows and outflows side by side in naira, dollars and pounds, by wallet.',
      },
      {
        title: 'Bills awaiting approval',
        text: 'The queue of bill payments waiting for a decision, so nothing is paid late because it was forgotten.',
      },
      {
        title: 'Bills and vendor payments at a glance',
        text: 'Your largest vendors and what you paid them this period, without building a spreadsheet.',
      },
    ],
    audience: [
      { role: 'CEOs', why: "see the company's financial position on one screen before a board meeting." },
      { role: 'COOs', why: 'spot bottlenecks in approvals and vendor payments early.' },
      {
        role: 'Financial analysts',
        why: 'start from clean, categorised data instead of exported bank statements.',
      },
      { role: 'Business operations managers', why: 'track budgets and bills for the teams they run.' },
    ],
    closing: {
      heading: 'Lead with numbers you can trust',
      text: 'Every payment made through Owo lands on your dashboard the moment it happens. Open an account and see it for yourself.',
    },
  },
  {
    key: 'invoicing',
    path: FEATURE_PATHS.invoicing,
    name: 'Invoicing',
    blurb: 'Professional invoices and faster collections.',
    meta: {
      title: 'Invoicing software for Nigerian businesses',
      description:
        'Create professional invoices with discounts and payment terms, pick or create customers on the spot and get paid by bank transfer into your Owo wallet.',
      keywords: [
        'invoicing software Nigeria',
        'online invoice',
        'get paid faster',
        'payment terms',
        'customer invoices',
        'collections',
      ],
    },
    hero: {
      eyebrow: 'Invoicing',
      heading: 'Send invoices that get paid, not ignored',
      text: 'Create a clean, branded invoice in under a minute, send it by email, and let customers pay by bank transfer. Owo matches the payment to the invoice for you.',
      cta: 'Create your first invoice',
    },
    points: [
      {
        title: 'Create invoices in minutes',
        text: 'Add line items, VAT and notes; Owo totals everything in kobo-exact amounts and numbers each invoice for you.',
      },
      {
        title: 'Add discounts',
        text: 'Apply a percentage or fixed discount to reward loyal customers or early payment.',
      },
      {
        title: 'Add payment terms',
        text: 'Set due dates and terms such as Net 15 or Net 30, and Owo reminds customers before and after the due date.',
      },
      {
        title: 'Select or create customers',
        text: 'Pick a saved customer or add a new one while writing the invoice; their details are kept for next time.',
      },
    ],
    audience: [
      { role: 'Sales managers', why: 'turn a closed deal into an invoice straight away.' },
      { role: 'Finance officers', why: 'see what is outstanding and who is overdue without a spreadsheet.' },
      { role: 'Business owners', why: 'get paid on time and keep cash flowing.' },
      { role: 'Business managers', why: "issue invoices for their unit within the company's rules." },
      {
        role: 'Customer relationship managers',
        why: "keep every customer's invoices and payments in one history.",
      },
    ],
    closing: {
      heading: 'Get paid for the work you have already done',
      text: 'Stop chasing transfers on WhatsApp. Send your first invoice with Owo today.',
    },
  },
  {
    key: 'marketplace',
    path: FEATURE_PATHS.marketplace,
    name: 'Marketplace',
    blurb: 'Buy electricity tokens for all your meters at once.',
    meta: {
      title: 'Bulk electricity token purchase for businesses',
      description:
        'Buy prepaid electricity tokens for many meters at once, across every distribution company in Nigeria, with fast token delivery and one record of every vend.',
      keywords: [
        'bulk electricity tokens',
        'prepaid meter Nigeria',
        'buy electricity online',
        'IKEDC',
        'EKEDC',
        'AEDC',
        'facility management',
      ],
    },
    hero: {
      eyebrow: 'Marketplace',
      heading: 'Keep the lights on at every branch, from one screen',
      text: 'Buy prepaid electricity tokens for all your offices, shops and staff quarters in one go, whichever distribution company supplies them, and pay from your company wallet.',
      cta: 'Buy electricity in bulk',
    },
    points: [
      {
        title: 'Bulk token purchase',
        text: 'Vend for several meters in one batch instead of buying tokens one meter at a time.',
      },
      {
        title: 'Fast token delivery',
        text: 'Tokens arrive in seconds, shown in groups of four digits and kept on record to share with whoever loads the meter.',
      },
      {
        title: 'Pay for meters anywhere in Nigeria',
        text: 'Lagos, Abuja, Port Harcourt, Kano or Enugu: every major distribution company is supported.',
      },
      {
        title: 'One record for every vend',
        text: 'Units, receipt numbers and any outstanding debt on the meter, stored against the right asset.',
      },
    ],
    audience: [
      { role: 'Facility managers', why: 'top up many sites without visiting a vendor or juggling apps.' },
      {
        role: 'Office administrators',
        why: 'never hear "the light has finished" in the middle of a workday again.',
      },
      { role: 'Procurement officers', why: 'keep energy spend on approved budgets with receipts attached.' },
      { role: 'COOs', why: 'see energy costs per location and plan around them.' },
    ],
    closing: {
      heading: 'Power for every location, paid properly',
      text: 'Add your meters once and vend for all of them whenever you need. Create an account to get started.',
    },
  },
  {
    key: 'payroll',
    path: FEATURE_PATHS.payroll,
    name: 'Payroll management',
    blurb: 'Pay salaries on time, with PAYE and pension done.',
    meta: {
      title: 'Payroll software for Nigerian companies',
      description:
        'Run one-time or recurring payroll, group employees, bulk upload staff data and automate salary payments with PAYE, pension and NHF deductions under current Nigerian tax rules.',
      keywords: [
        'payroll software Nigeria',
        'PAYE calculation',
        'pension deduction',
        'salary payment',
        'payslips',
        'HR payroll',
      ],
    },
    hero: {
      eyebrow: 'Payroll management',
      heading: 'Payday without the spreadsheet',
      text: "Owo calculates pay, PAYE, pension and other deductions, routes the payroll for approval, pays every employee's bank account and sends them a payslip.",
      cta: 'Run your first payroll',
    },
    points: [
      {
        title: 'Create payrolls and recurring payrolls',
        text: 'Run payroll once, or set it to repeat monthly on your chosen day so staff are paid on time every time.',
      },
      {
        title: 'Add and group employees',
        text: 'Organise staff by department, branch or grade and pay each group on its own schedule.',
      },
      {
        title: 'Bulk upload employee data',
        text: 'Import your whole team from a CSV; Owo checks every row and account number before anything is saved.',
      },
      {
        title: 'View approval history',
        text: 'See who prepared, reviewed and approved each payroll, and when.',
      },
      {
        title: 'Automate salaries and tax deductions',
        text: 'PAYE under the Nigeria Tax Act 2025, employee and employer pension, and NHF, computed for each employee.',
      },
    ],
    audience: [
      { role: 'HR managers', why: 'keep employee records and payslips in one place.' },
      { role: 'Finance managers', why: 'approve payroll with totals and deductions they can check.' },
      { role: 'COOs', why: 'know salaries will go out on time, every month.' },
      { role: 'Payroll officers', why: 'stop recalculating tax by hand for every change.' },
      { role: 'SME founders and CEOs', why: 'run a professional payroll without hiring a payroll team.' },
    ],
    closing: {
      heading: 'Your team deserves to be paid right and on time',
      text: 'Set up payroll once and let Owo handle the rest each month. Open an account today.',
    },
  },
  {
    key: 'project',
    path: FEATURE_PATHS.project,
    name: 'Project management',
    blurb: 'Budgets and timelines that hold.',
    meta: {
      title: 'Project budgeting and tracking for businesses',
      description:
        'Create projects, set budgets and timelines, keep your team aligned and monitor active and completed projects, with every payment tied to the project it belongs to.',
      keywords: [
        'project budgeting',
        'project cost tracking',
        'project management Nigeria',
        'budget control',
        'project payouts',
      ],
    },
    hero: {
      eyebrow: 'Project management',
      heading: 'Deliver projects on budget, not just on time',
      text: 'Give every project a budget and a timeline, pay vendors and contractors against it, and see at a glance how much is spent and how much is left.',
      cta: 'Start a project',
    },
    points: [
      {
        title: 'Create a project',
        text: 'Name it, describe it and add the people responsible in a few clicks.',
      },
      {
        title: 'Set a budget',
        text: 'Fix the amount the project may spend; payouts against it show what remains.',
      },
      {
        title: 'Set timelines',
        text: 'Record start and end dates so overruns are visible before they become expensive.',
      },
      {
        title: 'Keep the team aligned',
        text: 'Everyone works from the same figures and the same list of payments.',
      },
      {
        title: 'Monitor active and completed projects',
        text: 'Compare planned and actual spend across all your projects.',
      },
    ],
    audience: [
      { role: 'Project managers', why: 'see spend against budget without waiting for finance.' },
      { role: 'Team leads', why: 'request payments for their project in the right place.' },
      { role: 'COOs', why: 'compare projects and move resources where they are needed.' },
      { role: 'Finance and operations directors', why: 'stop cost overruns before they happen.' },
      { role: 'Product managers', why: 'track vendor and contractor costs per initiative.' },
    ],
    closing: {
      heading: 'Every project, every naira, one view',
      text: 'Create your first project on Owo and pay for it from the same place.',
    },
  },
  {
    key: 'vendor',
    path: FEATURE_PATHS.vendor,
    name: 'Vendor management',
    blurb: 'Pay suppliers accurately and on schedule.',
    meta: {
      title: 'Vendor management and supplier payments',
      description:
        'Add or import vendors, verify their bank details before you pay, schedule one-time or recurring payments and build lasting trust with your suppliers.',
      keywords: [
        'vendor management Nigeria',
        'supplier payments',
        'accounts payable',
        'bulk vendor payment',
        'scheduled payments',
      ],
    },
    hero: {
      eyebrow: 'Vendor management',
      heading: 'Pay the right supplier, the right amount, at the right time',
      text: "Keep every vendor's verified bank details in one place, let them send you bills directly, and pay them once or on a schedule after approval.",
      cta: 'Add your vendors',
    },
    points: [
      {
        title: 'Add or import vendors',
        text: 'Add vendors one by one, import a list, or invite them to fill in their own details.',
      },
      {
        title: 'Improve payment accuracy',
        text: 'Account names are confirmed with the bank before a vendor is saved, so money never goes to the wrong account.',
      },
      {
        title: 'Build vendor trust',
        text: 'Vendors see their payment status and receive receipts, so fewer "has it been paid?" calls.',
      },
      {
        title: 'Schedule one-time or recurring payments',
        text: 'Pay a vendor now, on a set date, or every month for retainers and rent.',
      },
    ],
    audience: [
      { role: 'Procurement officers', why: 'keep supplier records accurate and up to date.' },
      { role: 'Finance officers', why: 'pay approved bills in one batch instead of one transfer at a time.' },
      { role: 'Admin managers', why: 'handle recurring suppliers without reminders.' },
      { role: 'Operations leads', why: 'keep supplies flowing by paying on time.' },
      { role: 'CFOs and COOs', why: 'control accounts payable with approvals and a full audit trail.' },
    ],
    closing: {
      heading: 'Good vendors stay when they are paid well',
      text: 'Bring your suppliers onto Owo and make every payment accurate and on time.',
    },
  },
  {
    key: 'asset',
    path: FEATURE_PATHS.asset,
    name: 'Asset management',
    blurb: 'Know what you own and what it cost.',
    meta: {
      title: 'Asset management and asset purchases for businesses',
      description:
        'Buy, record and track company assets such as laptops, vehicles and generators. Tie each purchase to its vendor and project, and see what you own at any time.',
      keywords: [
        'asset management Nigeria',
        'fixed asset register',
        'asset tracking',
        'equipment purchase',
        'inventory payments',
      ],
    },
    hero: {
      eyebrow: 'Asset management',
      heading: 'A live register of everything your company owns',
      text: 'From laptops and phones to vehicles and generators: pay for assets through Owo and they land in your asset register with their cost, vendor and assignment recorded.',
      cta: 'Start your asset register',
    },
    points: [
      {
        title: 'Asset payouts',
        text: 'Pay for equipment and inventory as asset payouts, so each purchase creates its asset record automatically.',
      },
      {
        title: 'Products and services catalogue',
        text: 'Keep the items you buy often, with their usual prices, ready to pick in any payout.',
      },
      {
        title: 'Assignment and location',
        text: 'Record who holds each asset and at which office, so nothing walks away unnoticed.',
      },
      {
        title: 'Spend by category',
        text: 'See what you spend on IT, vehicles, furniture or power each month and plan replacements.',
      },
      {
        title: 'Audit-ready records',
        text: 'Every asset links back to its approval, its payment and its receipt.',
      },
    ],
    audience: [
      { role: 'Operations managers', why: 'know what equipment each branch has.' },
      { role: 'Finance teams', why: 'keep a fixed asset register that matches what was actually paid.' },
      { role: 'IT and admin leads', why: 'track laptops, phones and accessories issued to staff.' },
      { role: 'Auditors', why: 'trace any asset to the transaction that bought it.' },
    ],
    closing: {
      heading: 'Stop losing track of what you have paid for',
      text: 'Your next asset purchase can be your first register entry. Create an Owo account.',
    },
  },
  {
    key: 'accounting',
    path: FEATURE_PATHS.accounting,
    name: 'Accounting integration',
    blurb: 'Send payments to your books automatically.',
    meta: {
      title: 'Accounting software integration',
      description:
        'Connect Owo to your accounting software so payouts, expenses, invoices and payroll post to the right accounts automatically. No more re-keying bank statements.',
      keywords: [
        'accounting integration',
        'bookkeeping Nigeria',
        'reconciliation',
        'chart of accounts',
        'export to accounting software',
      ],
    },
    hero: {
      eyebrow: 'Accounting integration',
      heading: 'Your books, up to date without the data entry',
      text: 'Every payment you make or receive on Owo already carries its category, vendor, project and receipt. Send it to your accounting software instead of typing it in again.',
      cta: 'Connect your books',
    },
    points: [
      {
        title: 'Map once, post forever',
        text: 'Match Owo categories and payment tags to your chart of accounts once; every new transaction follows the mapping.',
      },
      {
        title: 'Payouts, expenses, invoices and payroll',
        text: 'Money out and money in are both recorded, with VAT and withholding amounts kept separate.',
      },
      {
        title: 'Reconciliation made simple',
        text: 'Each entry carries the Owo reference that appears on your wallet statement, so matching takes minutes.',
      },
      {
        title: 'CSV export for any package',
        text: 'Not on a connected package? Export journals as CSV and import them anywhere.',
      },
    ],
    audience: [
      { role: 'Accountants', why: 'spend time on analysis, not data entry.' },
      { role: 'Finance managers', why: 'close the month days earlier.' },
      { role: 'External auditors', why: 'receive records that tie back to receipts and approvals.' },
      { role: 'Business owners', why: 'see accurate books whenever the bank or an investor asks.' },
    ],
    closing: {
      heading: 'Close your books faster this month',
      text: 'Open an Owo account, connect your accounting tool, and let your payments keep your books current.',
    },
  },
];

export function featureByKey(key: string): FeatureContent {
  const found = FEATURES.find((f) => f.key === key);
  if (!found) throw new Error(`Unknown feature page ${key}`);
  return found;
}
