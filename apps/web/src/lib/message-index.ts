// The contract's messages (`*_MSG` of @owo/contract: the spec's exact English, which the API sends
// and the zod schemas use) in the current language. `locales/en/messages.json` holds them by export
// and key (`PAYROLL_MSG.noPermission`); a message with values holds a template (`{{name}}`, plurals
// as `_one`/`_other` with `{{count}}`). An English text is looked up in a reverse index of that
// bundle, built once it has loaded; a text the contract does not hold comes back unchanged. This
// module arrives with the `messages` namespace (locales/messages-namespace.ts imports it), fetched
// only for a language other than English; until then messageText (lib/messages.ts) returns its text.
// i18next's one instance, which lib/i18n.ts sets up (imported from the package: lib/i18n.ts loads
// this module through the messages namespace).
import i18n from 'i18next';
import { setMessageTranslator } from './messages';

const NS = 'messages';
const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

type Template = { key: string; names: string[]; pattern: RegExp; literal: number };
type Index = { exact: Map<string, string[]>; templates: Template[] };
let index: Index | null = null;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(key: string, text: string): Template {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  const parts = text.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
  const source = parts.map(
    (p, i) => escape(p) + (i < names.length ? (names[i] === 'count' ? '(\\d+)' : '(.+?)') : ''),
  );
  return { key, names, pattern: new RegExp(`^${source.join('')}$`, 's'), literal: parts.join('').length };
}

function add(into: Index, bundle: Record<string, unknown>, prefix: string) {
  for (const [k, v] of Object.entries(bundle)) {
    if (typeof v !== 'string') add(into, v as Record<string, unknown>, `${prefix}${k}.`);
    else if (!v.includes('{{')) into.exact.set(v, [...(into.exact.get(v) ?? []), prefix + k]);
    else into.templates.push(templateOf(prefix + k.replace(PLURAL, ''), v));
  }
}

function built(): Index | null {
  if (index) return index;
  const bundle = i18n.getResourceBundle('en', NS) as Record<string, unknown> | undefined;
  if (!bundle) return null;
  index = { exact: new Map(), templates: [] };
  add(index, bundle, '');
  // The template with the most fixed words first: "{{title}} completed" is the last resort.
  index.templates.sort((a, b) => b.literal - a.literal);
  return index;
}

/** Of the keys sharing one English text ('Name is required'), the first the current language has. */
function translatedKey(keys: string[]): string {
  for (const lng of i18n.languages ?? [])
    for (const key of keys) if (i18n.getResource(lng, NS, key) !== undefined) return key;
  return keys[0]!;
}

/** The key of a contract message in the `messages` bundle and its values, or null for other text. */
export function messageKey(text: string): { key: string; values?: Record<string, string | number> } | null {
  const idx = built();
  if (!idx) return null;
  const keys = idx.exact.get(text);
  if (keys) return { key: translatedKey(keys) };
  for (const t of idx.templates) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const values = Object.fromEntries(
      t.names.map((n, i) => [n, n === 'count' ? Number(m[i + 1]) : m[i + 1]!] as const),
    );
    return { key: t.key, values };
  }
  return null;
}

/**
 * A contract message (e.g. `PAYROLL_MSG.noPermission`, or an API answer's message) in the current
 * language. Several messages joined with newlines are translated one by one, and a message that
 * leads a list (`…: A, B`) keeps its list; other text is returned as it is (so is every text before
 * the `messages` namespace has loaded).
 */
export function translateMessage(text: string): string {
  const found = messageKey(text);
  if (found) return i18n.t(`${NS}:${found.key}`, { ...found.values, defaultValue: text });
  if (text.includes('\n')) return text.split('\n').map(translateMessage).join('\n');
  // A message before a list: "The file is missing the columns: A, B".
  const colon = text.indexOf(': ');
  for (const head of colon > 0 ? [text.slice(0, colon + 2), text.slice(0, colon)] : []) {
    const lead = messageKey(head);
    if (lead && !lead.values)
      return i18n.t(`${NS}:${lead.key}`, { defaultValue: head }) + text.slice(head.length);
  }
  return text;
}

setMessageTranslator(translateMessage);
