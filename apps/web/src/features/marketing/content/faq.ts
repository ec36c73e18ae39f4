// Frequently asked questions shown on /faq and in the footer accordion (002 §2 "FAQ facts").
// The USD 10,000 maximum is OUR platform limit, not a central-bank rule (NIGERIA.md, "Limits
// that are policy, not law"): the copy says so. Which payouts each limit covers: decision 005.

export type Faq = { id: string; question: string; answer: string };

export const FAQS: Faq[] = [
  {
    id: 'what-is-owo',
    question: 'What is Owo?',
    answer:
      'Owo is a business payments platform for Nigerian companies. You hold company wallets, pay vendors, staff and contractors, run payroll and expenses with approvals, send invoices and collect payments, all from one account with a full record of who approved what.',
  },
  {
    id: 'payout-time',
    question: 'How long do payouts take?',
    answer:
      'Payouts are processed after they are approved and normally reach the recipient within 24 to 48 hours. Most naira transfers to Nigerian banks arrive much sooner; the 24-48 hour window covers bank delays, weekends and international payouts.',
  },
  {
    id: 'currencies',
    question: 'Which currencies can my wallets hold?',
    answer:
      'Accounts can hold wallets in Nigerian naira (NGN), US dollars (USD) and British pounds (GBP). You can fund each wallet and pay from it in its own currency.',
  },
  {
    id: 'limit',
    question: 'Is there a maximum amount per transaction?',
    answer:
      'For foreign-currency (USD and GBP) payouts, Owo sets a maximum of USD 10,000 (or its equivalent) per transaction. This is our own platform limit, chosen to manage risk, and not a Central Bank of Nigeria rule. Naira payouts have no platform maximum once your business verification (KYB) is complete; until then each naira payout is limited to ₦100,000. If your business needs higher limits, contact us to discuss an Enterprise plan.',
  },
  {
    id: 'approvals',
    question: 'Can I require approval before money leaves the account?',
    answer:
      'Yes. Approval workflows let you decide who must approve payouts, bills, expenses, payroll and invoices, in how many levels, and from what amount. Nothing in a workflow is paid until every required approver has said yes.',
  },
  {
    id: 'kyb',
    question: 'What do I need to open a business account?',
    answer:
      "Your company's CAC registration details, the BVN of a director, company contact details, the owners and their shareholding, and your incorporation documents. You can explore the dashboard while we review them.",
  },
  {
    id: 'security',
    question: 'How is my money and data protected?',
    answer:
      'Wallet balances are held with licensed partner banks, every movement is recorded in a double-entry ledger, and staff access is limited by roles you control. We recommend turning on two-factor authentication for every team member.',
  },
];
