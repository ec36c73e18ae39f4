// Every namespace of locales/en except the ones lib/i18n.ts bundles with the app (common, auth,
// errors) and `messages` (locales/messages-namespace.ts), keyed by file name. Loaded as one chunk by
// loadNamespaces().
const files = import.meta.glob<Record<string, unknown>>(
  ['./en/*.json', '!./en/{common,auth,errors,messages}.json'],
  {
    eager: true,
    import: 'default',
  },
);

export const LAZY_NAMESPACES: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([file, bundle]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), bundle]),
);
