// Every namespace of locales/en except the ones lib/i18n.ts bundles with the app (common, auth,
// errors), keyed by file name. Loaded as one chunk by loadNamespaces(). Among them `messages`: the
// contract's `*_MSG` texts, which messageText (lib/messages.ts) shows in the current language through
// the lookup imported here, so that it loads with them and not on the sign-in page.
import '../lib/message-index';
const files = import.meta.glob<Record<string, unknown>>(['./en/*.json', '!./en/{common,auth,errors}.json'], {
  eager: true,
  import: 'default',
});

export const LAZY_NAMESPACES: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([file, bundle]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), bundle]),
);
