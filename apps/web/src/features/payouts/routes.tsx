// Payouts (001 §2 Payouts; issue 23 §3): the list and its filter tabs, the detail and its edit
// flow, the direct payout flow and mass approval. Other payouts sub-pages stay on Coming soon until they land.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  action: 'get' | 'post' | 'put' = 'get',
  guarded = true,
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    const inner = (
      <RequirePermission resource="payouts" action={action}>
        <Screen />
      </RequirePermission>
    );
    return { element: guarded ? <AreaGuard area="payouts">{inner}</AreaGuard> : inner };
  },
});

const list = async () => (await import('./screens/payouts-screen')).PayoutsRouteScreen;
const mass = async () => (await import('./screens/mass-approval-screen')).MassApprovalScreen;
const edit = (name: 'PayoutEditScreen' | 'PayoutEditAssetsScreen' | 'PayoutEditReviewScreen') => async () =>
  (await import('./screens/payout-edit-screen'))[name];
const massReview = async () => (await import('./screens/mass-approval-screen')).MassPayoutReviewScreen;

const bill = async () => (await import('./screens/bills')).BillScreen;
const billPage = (path: string): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await bill();
    return {
      element: (
        <AreaGuard area="bills">
          <RequirePermission resource="payouts" action="get">
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});
const sendBill = (
  path: string,
  name: 'SendBillWelcomeScreen' | 'SendBillDetailsScreen' | 'SendBillReviewScreen' | 'SendBillSuccessScreen',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = (await import('./screens/send-bill'))[name];
    return { element: <Screen /> };
  },
});

/** The vendor's send-bill pages (000 §2.10): no sign-in. */
export const publicRoutes: RouteObject[] = [
  sendBill('/send-bill/welcome/:ref', 'SendBillWelcomeScreen'),
  sendBill('/send-bill/payment-details/:ref', 'SendBillDetailsScreen'),
  sendBill('/send-bill/review/:ref', 'SendBillReviewScreen'),
  sendBill('/send-bill/success/:ref', 'SendBillSuccessScreen'),
];

const billImport = (path: string, name: 'BillImportScreen' | 'BillImportSummaryScreen'): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = (await import('./screens/bill-import'))[name];
    return {
      element: (
        <AreaGuard area="bills">
          <RequirePermission resource="payouts" action="post">
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

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
  page('/pay-someone', pay('AmountScreen'), 'post'),
  page('/pay-someone/recipient', pay('RecipientScreen'), 'post'),
  page('/pay-someone/sender-details', pay('SenderDetailsScreen'), 'post'),
  page('/pay-someone/wire-purpose', pay('WirePurposeScreen'), 'post'),
  page('/pay-someone/scheduling', pay('SchedulingScreen'), 'post'),
  page('/pay-someone/review', pay('ReviewScreen'), 'post'),
  page('/pay-someone/step-9', pay('AddFundsStepScreen'), 'post'),
  page('/pay-someone/step-10', pay('ConfirmScreen'), 'post'),
  page('/pay-someone/success', pay('SuccessScreen'), 'post'),
  billPage('/bills/:ref'),
  billPage('/bill/:ref'),
  page('/payouts', list),
  page('/payouts/mass-approval', mass),
  page('/payouts/mass-payout-review', massReview),
  page('/payouts/:ref', list),
  page('/payouts/:ref/edit', edit('PayoutEditScreen'), 'put'),
  page('/payouts/:ref/edit/assets', edit('PayoutEditAssetsScreen'), 'put'),
  page('/payouts/:ref/edit/review', edit('PayoutEditReviewScreen'), 'put'),
  page(
    '/payout/direct',
    async () => (await import('./screens/direct-payout-screen')).DirectPayoutScreen,
    'post',
  ),
  page(
    '/payment-details',
    async () => (await import('./screens/direct-payout-screen')).PaymentDetailsScreen,
    'post',
    false,
  ),
  page(
    '/payment-review',
    async () => (await import('./screens/direct-payout-screen')).PaymentReviewScreen,
    'post',
    false,
  ),
];
