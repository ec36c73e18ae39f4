import { useEffect } from 'react';

// The document head of a page: title, description, keywords, canonical link and the Open Graph /
// Twitter tags that link previews read (002 §2 "Each page sets a title, description, keywords and
// social-sharing tags"; issue 7 §3: a description on every public and sign-in page). No
// head-manager dependency: the tags are few and owned by us.
// In the browser the tags are applied after render; in the build's prerender (entry-server.tsx,
// no `document`) the page's meta is collected during render and written into the static HTML.
export type PageMeta = {
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the page, used for og:url and the canonical link. */
  path: string;
  /** Keep crawlers out (sign-in flows that only make sense from a link). */
  noindex?: boolean;
};

export const SITE_NAME = 'Owo';

export const fullTitle = (title: string) => (title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`);

/** The tags of a page as [attribute, key, content] triples (shared by the browser and the prerender). */
function metaTags(meta: PageMeta, origin: string): ['name' | 'property', string, string][] {
  const title = fullTitle(meta.title);
  const url = `${origin}${meta.path}`;
  return [
    ['name', 'description', meta.description],
    ...(meta.keywords?.length
      ? [['name', 'keywords', meta.keywords.join(', ')] as ['name', string, string]]
      : []),
    ['name', 'robots', meta.noindex ? 'noindex' : 'index, follow'],
    ['property', 'og:title', title],
    ['property', 'og:description', meta.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:url', url],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'en_NG'],
    ['property', 'og:image', `${origin}/favicon.svg`],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', meta.description],
  ];
}

function upsertMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function upsertCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.setAttribute('rel', 'canonical');
    document.head.appendChild(el);
  }
  el.setAttribute('href', href);
}

export function applyPageMeta(meta: PageMeta) {
  const origin = window.location.origin;
  document.title = fullTitle(meta.title);
  for (const [attr, key, content] of metaTags(meta, origin)) upsertMeta(attr, key, content);
  if (!meta.keywords?.length) document.head.querySelector('meta[name="keywords"]')?.remove();
  upsertCanonical(`${origin}${meta.path}`);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags of a page as HTML, for the prerendered files. */
export function pageMetaHtml(meta: PageMeta, origin: string): string {
  return [
    `<title>${escapeHtml(fullTitle(meta.title))}</title>`,
    ...metaTags(meta, origin).map(([a, k, c]) => `<meta ${a}="${k}" content="${escapeHtml(c)}" />`),
    `<link rel="canonical" href="${escapeHtml(`${origin}${meta.path}`)}" />`,
  ].join('\n    ');
}

// The prerender renders one page at a time; the last meta rendered is the page's.
let collected: PageMeta | null = null;
/** Prerender only: the meta of the page rendered since the last call (and resets it). */
export function takeCollectedPageMeta(): PageMeta | null {
  const m = collected;
  collected = null;
  return m;
}

export function usePageMeta(meta: PageMeta) {
  if (typeof document === 'undefined') collected = meta;
  const keywords = meta.keywords?.join('|') ?? '';
  useEffect(() => {
    applyPageMeta(meta);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the values, not the object
  }, [meta.title, meta.description, meta.path, meta.noindex, keywords]);
}
