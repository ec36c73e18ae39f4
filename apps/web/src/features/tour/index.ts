// Guided tour (000 §2.9, §4.8).
// - <GuidedTour />: place once in the dashboard layout; it runs when the persisted tour state
//   says so (first visit, then the Make Payment tour).
// - useTourOnMakePaymentOpen(): pass the returned callback to the Make Payment <Menu onOpen>.
// - data-tour attributes the steps point at are listed in tour-steps.ts.
// - TOUR_REVEAL_EVENT: fired with a hidden target's data-tour name (the sidebar opens its group).
export { GuidedTour, TOUR_REVEAL_EVENT } from './guided-tour';
export { useTourOnMakePaymentOpen } from './use-tour-on-make-payment-open';
export { MAKE_PAYMENT_STEPS, PAYOUT_STEPS } from './tour-steps';
