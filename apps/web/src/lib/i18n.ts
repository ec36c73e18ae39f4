// i18next with one JSON file per namespace in src/locales/en. `common`, `auth` and `errors` ship
// with the app (the sign-in page and the error screens need them at once); every other file in
// src/locales/en arrives in one chunk, loaded by loadNamespaces() before a signed-in or portal page
// renders (the `lazy` of the pathless route around them in app/feature-routes.tsx awaits it); the
// marketing pages use none of them and do not load it. Add a namespace: create the JSON
// file, nothing else. Use: `const { t } = useTranslation('auth')`, or
// `i18n.t('payouts:accountNumber.invalid')` outside React.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import auth from '../locales/en/auth.json';
import common from '../locales/en/common.json';
import errors from '../locales/en/errors.json';

export const resources = { en: { common, auth, errors } } as const;

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  resources,
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

/** Add another area's namespace at runtime (lazy feature bundles): addNamespace('payroll', json). */
export function addNamespace(ns: string, bundle: Record<string, unknown>) {
  if (!i18n.hasResourceBundle('en', ns)) i18n.addResourceBundle('en', ns, bundle, true, false);
}

let loadingAll: Promise<void> | null = null;
/** Loads every on-demand namespace once, in one chunk (resolves when they are all in i18next). */
export function loadNamespaces(): Promise<void> {
  loadingAll ??= Promise.all([
    import('../locales/lazy-namespaces').then(({ LAZY_NAMESPACES }) => {
      for (const [ns, bundle] of Object.entries(LAZY_NAMESPACES)) addNamespace(ns, bundle);
    }),
    needsMessages(i18n.language) ? loadMessages() : undefined,
  ]).then(() => undefined);
  return loadingAll;
}

/**
 * The contract's messages arrive in English from the contract and the API, so their words and lookup
 * (lib/messages.ts) are fetched only for another language: at start, or when the language changes.
 */
const needsMessages = (lng: string | undefined) => !!lng && !/^en\b/.test(lng);
let loadingMessages: Promise<void> | null = null;
export function loadMessages(): Promise<void> {
  loadingMessages ??= import('../locales/messages-namespace').then(({ MESSAGES }) =>
    addNamespace('messages', MESSAGES),
  );
  return loadingMessages;
}
i18n.on('languageChanged', (lng) => {
  if (needsMessages(lng)) void loadMessages();
});

export { i18n };
