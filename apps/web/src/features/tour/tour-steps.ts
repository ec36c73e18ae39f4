// The guided tour's steps (000 §2.9). Each step points at elements marked with data-tour
// attributes; the first selector found on the page is highlighted, otherwise the step is shown
// in the middle of the screen. Attributes the layout and screens should carry:
//   payouts page tabs:     data-tour="payouts-tab-all|payouts-tab-pending|payouts-tab-scheduled|payouts-tab-completed|payouts-tab-bills"
//   sidebar entries:       data-tour="nav-payouts|nav-transactions|nav-requests"
//   Make Payment button:   data-tour="make-payment"
//   Make Payment entries:  data-tour="make-payment-manualPayment|make-payment-requestBill|make-payment-massPayout"

export type TourStep = { id: string; targets: string[]; title: string; text: string };

const sel = (...names: string[]) => names.map((n) => `[data-tour="${n}"]`);

/** progress <= 1: the payout menu tabs. */
export const PAYOUT_STEPS: TourStep[] = [
  {
    id: 'payouts-all',
    targets: sel('payouts-tab-all', 'nav-payouts'),
    title: 'All your payouts',
    text: 'Every payment your company has made or requested is listed here, with its approval status and amount.',
  },
  {
    id: 'payouts-pending',
    targets: sel('payouts-tab-pending', 'nav-requests'),
    title: 'Waiting for approval',
    text: 'Payouts that still need a decision. Approvers see what they must approve; requesters see where each payout is stuck.',
  },
  {
    id: 'payouts-scheduled',
    targets: sel('payouts-tab-scheduled'),
    title: 'Scheduled payouts',
    text: 'Payouts set for a future date or a repeating schedule. Edit or cancel them before they run.',
  },
  {
    id: 'payouts-completed',
    targets: sel('payouts-tab-completed', 'nav-transactions'),
    title: 'Completed payouts',
    text: 'Paid and settled. Open any payout to download its receipt for your records.',
  },
  {
    id: 'payouts-bills',
    targets: sel('payouts-tab-bills'),
    title: 'Bills from vendors',
    text: 'Bills your vendors send or you import. Review them, approve them and pay them in one place.',
  },
];

/** progress 2: the Make Payment menu. */
export const MAKE_PAYMENT_STEPS: TourStep[] = [
  {
    id: 'make-payment',
    targets: sel('make-payment'),
    title: 'Make a payment',
    text: 'Start every payment from this menu. It only lists what your role allows you to do.',
  },
  {
    id: 'manual-payment',
    targets: sel('make-payment-manualPayment'),
    title: 'Manual payment',
    text: 'Pay a vendor, contractor or anyone else by bank transfer. Account names are checked with the bank first.',
  },
  {
    id: 'request-bill',
    targets: sel('make-payment-requestBill'),
    title: 'Request a bill',
    text: 'Ask a vendor to send their bill and bank details straight to your account for approval.',
  },
  {
    id: 'mass-payout',
    targets: sel('make-payment-massPayout'),
    title: 'Mass payout',
    text: 'Pay many people at once from one upload, with a single approval for the whole batch.',
  },
];

export const stepsFor = (progress: number): TourStep[] => (progress <= 1 ? PAYOUT_STEPS : MAKE_PAYMENT_STEPS);
