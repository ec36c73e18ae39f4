// Copy of the feature pages about running the business: insights, projects, assets, accounting (our copy: the spec does not describe the last two).
import type { FeatureContent } from './features';
import { FEATURE_PATHS } from './feature-paths';

export const OPERATIONS_FEATURES: Record<string, FeatureContent> = {
  insight: {
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
  project: {
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
  asset: {
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
  accounting: {
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
};
