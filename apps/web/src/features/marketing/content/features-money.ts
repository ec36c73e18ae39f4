// Copy of the feature pages about moving money: expenses, invoicing, the marketplace, payroll, vendors.
import type { FeatureContent } from './features';
import { FEATURE_PATHS } from './feature-paths';

export const MONEY_FEATURES: Record<string, FeatureContent> = {
  expense: {
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
  invoicing: {
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
  marketplace: {
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
  payroll: {
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
  vendor: {
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
};
