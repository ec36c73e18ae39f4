// i18next with one JSON file per namespace in src/locales/en. Add a namespace: create the file,
// import it here, add it to `resources`. Use: `const { t } = useTranslation('auth')`, or
// `i18n.t('payouts:accountNumber.invalid')` outside React.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import accounts from '../locales/en/accounts.json';
import auth from '../locales/en/auth.json';
import common from '../locales/en/common.json';
import errors from '../locales/en/errors.json';
import nav from '../locales/en/nav.json';
import payouts from '../locales/en/payouts.json';
import teams from '../locales/en/teams.json';

export const resources = { en: { common, auth, errors, nav, payouts, accounts, teams } } as const;
export const NAMESPACES = Object.keys(resources.en) as (keyof typeof resources.en)[];

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: NAMESPACES,
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

/** Add another area's namespace at runtime (lazy feature bundles): addNamespace('payroll', json). */
export function addNamespace(ns: string, bundle: Record<string, unknown>) {
  if (!i18n.hasResourceBundle('en', ns)) i18n.addResourceBundle('en', ns, bundle, true, false);
}

export { i18n };
