// Vendors (001 §2 Vendors; issue 23 §1): list, detail (create/edit are a modal), invite, import,
// and the vendor's public self-onboarding pages.
import type { RouteObject } from 'react-router-dom';
import { AreaGuard, RequirePermission } from '../../app/guards/guards';

const page = (
  path: string,
  load: () => Promise<React.ComponentType>,
  action: 'get' | 'post' = 'get',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <AreaGuard area="vendors">
          <RequirePermission resource="payee" action={action}>
            <Screen />
          </RequirePermission>
        </AreaGuard>
      ),
    };
  },
});

const invite = () => import('./screens/invite');
const imp = () => import('./screens/import');
const onboarding = () => import('./screens/onboarding');

export const dashboardRoutes: RouteObject[] = [
  page('/vendors', async () => (await import('./screens/vendors-screen')).VendorsScreen),
  page('/vendors/invite', async () => (await invite()).VendorInviteScreen, 'post'),
  page('/vendors/invite/success', async () => (await invite()).VendorInviteSuccessScreen, 'post'),
  page('/vendors/import-vendors', async () => (await imp()).VendorImportScreen, 'post'),
  page('/vendors/import/error', async () => (await imp()).VendorImportErrorScreen, 'post'),
  page('/vendors/import-vendors/summary', async () => (await imp()).VendorImportSummaryScreen, 'post'),
  page('/vendors/:id', async () => (await import('./screens/vendor-screen')).VendorScreen),
];

const pub = (
  path: string,
  name:
    | 'OnboardingInvitationScreen'
    | 'AddPersonalDetailsScreen'
    | 'AddBankDetailsScreen'
    | 'OnboardingSuccessScreen',
): RouteObject => ({
  path,
  lazy: async () => {
    const Screen = (await onboarding())[name];
    return { element: <Screen /> };
  },
});

/** The vendor's self-onboarding pages: no sign-in. */
export const publicRoutes: RouteObject[] = [
  pub('/vendor-onboarding/invitation/:ref', 'OnboardingInvitationScreen'),
  pub('/add-personal-details/:ref', 'AddPersonalDetailsScreen'),
  pub('/add-bank-details/:ref', 'AddBankDetailsScreen'),
  pub('/success/:ref', 'OnboardingSuccessScreen'),
];
