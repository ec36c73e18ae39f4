// Vendors (001 §2 Vendors; issue 23 §1): list, detail (create/edit are a modal), invite, import,
// and the vendor's public self-onboarding pages.
import type { RouteObject } from 'react-router-dom';
import { guardedRoute, guardedRoutes } from '../../app/guarded-route';

const route = guardedRoutes({ area: 'vendors', resource: 'payee' });

const invite = () => import('./screens/invite');
const imp = () => import('./screens/import');
const onboarding = () => import('./screens/onboarding');

export const dashboardRoutes: RouteObject[] = [
  route('/vendors', async () => (await import('./screens/vendors-screen')).VendorsScreen),
  route('/vendors/invite', async () => (await invite()).VendorInviteScreen, { action: 'post' }),
  route('/vendors/invite/success', async () => (await invite()).VendorInviteSuccessScreen, {
    action: 'post',
  }),
  route('/vendors/import-vendors', async () => (await imp()).VendorImportScreen, { action: 'post' }),
  route('/vendors/import/error', async () => (await imp()).VendorImportErrorScreen, { action: 'post' }),
  route('/vendors/import-vendors/summary', async () => (await imp()).VendorImportSummaryScreen, {
    action: 'post',
  }),
  route('/vendors/:id', async () => (await import('./screens/vendor-screen')).VendorScreen),
];

const pub = (
  path: string,
  name:
    | 'OnboardingInvitationScreen'
    | 'AddPersonalDetailsScreen'
    | 'AddBankDetailsScreen'
    | 'OnboardingSuccessScreen',
) => guardedRoute(path, async () => (await onboarding())[name]);

/** The vendor's self-onboarding pages: no sign-in. */
export const publicRoutes: RouteObject[] = [
  pub('/vendor-onboarding/invitation/:ref', 'OnboardingInvitationScreen'),
  pub('/add-personal-details/:ref', 'AddPersonalDetailsScreen'),
  pub('/add-bank-details/:ref', 'AddBankDetailsScreen'),
  pub('/success/:ref', 'OnboardingSuccessScreen'),
];
