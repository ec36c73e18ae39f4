// The guided tour's steps (000 §2.9). Each step points at elements marked with data-tour
// attributes; the first selector found on the page is highlighted, otherwise the step is shown
// in the middle of the screen. Attributes the layout and screens should carry:
//   payouts page tabs:     data-tour="payouts-tab-all|payouts-tab-pending|payouts-tab-scheduled|payouts-tab-completed|payouts-tab-bills"
//   sidebar entries:       data-tour="nav-payouts|nav-transactions|nav-requests"
//   Make Payment button:   data-tour="make-payment"
//   Make Payment entries:  data-tour="make-payment-manualPayment|make-payment-requestBill|make-payment-massPayout"

/** A step; its words are tour:steps.<id>.title and .text. */
export type TourStep = { id: string; targets: string[] };

const sel = (...names: string[]) => names.map((n) => `[data-tour="${n}"]`);

/** progress <= 1: the payout menu tabs. */
export const PAYOUT_STEPS: TourStep[] = [
  {
    id: 'payouts-all',
    targets: sel('payouts-tab-all', 'nav-payouts'),
  },
  {
    id: 'payouts-pending',
    targets: sel('payouts-tab-pending', 'nav-requests'),
  },
  {
    id: 'payouts-scheduled',
    targets: sel('payouts-tab-scheduled'),
  },
  {
    id: 'payouts-completed',
    targets: sel('payouts-tab-completed', 'nav-transactions'),
  },
  {
    id: 'payouts-bills',
    targets: sel('payouts-tab-bills'),
  },
];

/** progress 2: the Make Payment menu. */
export const MAKE_PAYMENT_STEPS: TourStep[] = [
  {
    id: 'make-payment',
    targets: sel('make-payment'),
  },
  {
    id: 'manual-payment',
    targets: sel('make-payment-manualPayment'),
  },
  {
    id: 'request-bill',
    targets: sel('make-payment-requestBill'),
  },
  {
    id: 'mass-payout',
    targets: sel('make-payment-massPayout'),
  },
];

export const stepsFor = (progress: number): TourStep[] => (progress <= 1 ? PAYOUT_STEPS : MAKE_PAYMENT_STEPS);
