// Plans shown on /pricing. Transfer fees follow the NIP-style bands Nigerian banks charge for
import { paths } from '../../../lib/paths';
// instant transfers, so customers can compare like for like.

export type Plan = {
  key: string;
  name: string;
  price: string;
  period: string;
  summary: string;
  features: string[];
  cta: { label: string; to: string };
  highlighted?: boolean;
};

export const PLANS: Plan[] = [
  {
    key: 'starter',
    name: 'Starter',
    price: 'Free',
    period: 'forever',
    summary: 'For founders and small teams getting their payments in order.',
    features: [
      'NGN wallet with a dedicated account number',
      'Up to 3 team members',
      'Vendor payouts and bill payments',
      'Invoicing with payment links',
      'One-level approvals',
      'Pay only per-transfer fees',
    ],
    cta: { label: 'Create a free account', to: paths.auth.register.href() },
  },
  {
    key: 'growth',
    name: 'Growth',
    price: '₦25,000',
    period: 'per month',
    summary: 'For growing businesses with payroll, expenses and several approvers.',
    features: [
      'Everything in Starter',
      'NGN, USD and GBP wallets',
      'Up to 25 team members and custom roles',
      'Payroll with PAYE, pension and NHF',
      'Expenses, budgets and multi-level approvals',
      'Bulk payouts and electricity vending',
      'Accounting CSV exports',
    ],
    cta: { label: 'Start with Growth', to: paths.auth.register.href() },
    highlighted: true,
  },
  {
    key: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    period: 'billed annually',
    summary: 'For groups with subsidiaries, high volumes and integration needs.',
    features: [
      'Everything in Growth',
      'Unlimited team members and subsidiaries',
      'API keys and webhooks',
      'Accounting software integration',
      'Negotiated transfer fees and higher limits',
      'Dedicated account manager and priority support',
    ],
    cta: { label: 'Talk to sales', to: paths.support.href() },
  },
];

export type FeeBand = { band: string; fee: string };

/** Fee per outgoing naira transfer to any Nigerian bank (all plans; Enterprise may negotiate). */
export const TRANSFER_FEES: FeeBand[] = [
  { band: '₦5,000 and below', fee: '₦10' },
  { band: '₦5,000.01 to ₦50,000', fee: '₦25' },
  { band: 'Above ₦50,000', fee: '₦50' },
];

export const OTHER_FEES: FeeBand[] = [
  { band: 'Funding your wallet by bank transfer', fee: 'Free' },
  { band: 'Transfers between your own wallets', fee: 'Free' },
  {
    band: 'Receiving invoice payments',
    fee: 'Free on Growth and Enterprise; 1% capped at ₦1,000 on Starter',
  },
  { band: 'USD and GBP payouts', fee: 'Shown before you confirm, never hidden in the rate' },
];
