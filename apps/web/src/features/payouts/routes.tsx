// Payouts (001 §2 Payouts; issue 23 §3): the list and its filter tabs, the detail and its edit
// flow, the direct payout flow (with its asset step) and mass approval, the payout review; bills:
// the bill, its review and payment, the scheduled bill, the import and the vendor's send-bill pages.
import type { RouteObject } from 'react-router-dom';
import { guardedRoute, guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'payouts', resource: 'payouts' });

const list = async () => (await import('./screens/payouts-screen')).PayoutsRouteScreen;
const mass = async () => (await import('./screens/mass-approval-screen')).MassApprovalScreen;
const edit = (name: 'PayoutEditScreen' | 'PayoutEditAssetsScreen' | 'PayoutEditReviewScreen') => async () =>
  (await import('./screens/payout-edit-screen'))[name];
const massReview = async () => (await import('./screens/mass-approval-screen')).MassPayoutReviewScreen;

const bill = async () => (await import('./screens/bills')).BillScreen;
const billRoute = (path: string) => route(path, bill, { area: 'bills' });
const sendBill = (
  path: string,
  name: 'SendBillWelcomeScreen' | 'SendBillDetailsScreen' | 'SendBillReviewScreen' | 'SendBillSuccessScreen',
) => guardedRoute(path, async () => (await import('./screens/send-bill'))[name]);

/** The vendor's send-bill pages (000 §2.10): no sign-in. */
export const publicRoutes: RouteObject[] = [
  sendBill('/send-bill/welcome/:ref', 'SendBillWelcomeScreen'),
  sendBill('/send-bill/payment-details/:ref', 'SendBillDetailsScreen'),
  sendBill('/send-bill/review/:ref', 'SendBillReviewScreen'),
  sendBill('/send-bill/success/:ref', 'SendBillSuccessScreen'),
];

const billImport = (path: string, name: 'BillImportScreen' | 'BillImportSummaryScreen') =>
  route(path, async () => (await import('./screens/bill-import'))[name], { area: 'bills', action: 'post' });

const paySomeone = {
  AmountScreen: async () => (await import('./pay-someone/amount-screen')).AmountScreen,
  RecipientScreen: async () => (await import('./pay-someone/recipient-screen')).RecipientScreen,
  SenderDetailsScreen: async () => (await import('./pay-someone/sender-details-screen')).SenderDetailsScreen,
  WirePurposeScreen: async () => (await import('./pay-someone/wire-purpose-screen')).WirePurposeScreen,
  SchedulingScreen: async () => (await import('./pay-someone/scheduling-screen')).SchedulingScreen,
  ReviewScreen: async () => (await import('./pay-someone/review-screen')).ReviewScreen,
  AddFundsStepScreen: async () => (await import('./pay-someone/add-funds-step-screen')).AddFundsStepScreen,
  ConfirmScreen: async () => (await import('./pay-someone/confirm-screen')).ConfirmScreen,
  SuccessScreen: async () => (await import('./pay-someone/success-screen')).SuccessScreen,
};
const pay = (name: keyof typeof paySomeone) => paySomeone[name];

export const dashboardRoutes: RouteObject[] = [
  billImport('/bills/import', 'BillImportScreen'),
  billImport('/bill-csv/upload', 'BillImportScreen'),
  billImport('/bills/import/summary', 'BillImportSummaryScreen'),
  // Pay someone (000 §4.3, 001 §4): the Make Payment menu's "Manual Payment".
  route('/pay-someone', pay('AmountScreen'), { action: 'post' }),
  route('/pay-someone/recipient', pay('RecipientScreen'), { action: 'post' }),
  route('/pay-someone/sender-details', pay('SenderDetailsScreen'), { action: 'post' }),
  route('/pay-someone/wire-purpose', pay('WirePurposeScreen'), { action: 'post' }),
  route('/pay-someone/scheduling', pay('SchedulingScreen'), { action: 'post' }),
  route('/pay-someone/review', pay('ReviewScreen'), { action: 'post' }),
  route('/pay-someone/step-9', pay('AddFundsStepScreen'), { action: 'post' }),
  route('/pay-someone/step-10', pay('ConfirmScreen'), { action: 'post' }),
  route('/pay-someone/success', pay('SuccessScreen'), { action: 'post' }),
  billRoute('/bills/:ref'),
  route('/bills/scheduled/:ref', async () => (await import('./screens/bill-review')).BillScheduledScreen, {
    area: 'bills',
  }),
  billRoute('/bill/:ref'),
  route('/payouts', list),
  route('/payouts/mass-approval', mass),
  route('/payouts/mass-payout-review', massReview),
  route('/payouts/:ref', list),
  route('/payouts/:ref/edit', edit('PayoutEditScreen'), { action: 'put' }),
  route('/payouts/:ref/edit/assets', edit('PayoutEditAssetsScreen'), { action: 'put' }),
  route('/payouts/:ref/edit/review', edit('PayoutEditReviewScreen'), { action: 'put' }),
  route(
    '/payouts/direct/assets-selection',
    async () => (await import('./screens/assets-selection-screen')).AssetsSelectionScreen,
    { action: 'post' },
  ),
  route('/payout/direct', async () => (await import('./screens/direct-payout-screen')).DirectPayoutScreen, {
    action: 'post',
  }),
  route(
    '/payment-details',
    async () => (await import('./screens/direct-payout-screen')).PaymentDetailsScreen,
    { action: 'post', area: null },
  ),
  route('/payment-review', async () => (await import('./screens/direct-payout-screen')).PaymentReviewScreen, {
    action: 'post',
    area: null,
  }),
];

/** Full screen, closing to /payouts (001 §2): a bill's review and payment, a payout's review. */
export const fullScreenRoutes: RouteObject[] = [
  route('/bills/:ref/review', async () => (await import('./screens/bill-review')).BillReviewScreen, {
    area: 'bills',
  }),
  route('/payouts/review/:ref', async () => (await import('./screens/payout-review')).PayoutReviewScreen),
];
