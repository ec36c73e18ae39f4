import { useEffect } from 'react';

// Sets the document head for a public page: title, description, keywords and the Open Graph /
// Twitter tags that link previews read (002 §2 "Each page sets a title, description, keywords
// and social-sharing tags"). No head-manager dependency: the tags are few and owned by us.
export type PageMeta = {
  title: string;
  description: string;
  keywords: string[];
  /** Path of the page, used for og:url and the canonical link. */
  path: string;
};

export const SITE_NAME = 'Owo';

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
  const fullTitle = meta.title.includes(SITE_NAME) ? meta.title : `${meta.title} | ${SITE_NAME}`;
  const url = `${window.location.origin}${meta.path}`;
  document.title = fullTitle;
  upsertMeta('name', 'description', meta.description);
  upsertMeta('name', 'keywords', meta.keywords.join(', '));
  upsertMeta('property', 'og:title', fullTitle);
  upsertMeta('property', 'og:description', meta.description);
  upsertMeta('property', 'og:type', 'website');
  upsertMeta('property', 'og:url', url);
  upsertMeta('property', 'og:site_name', SITE_NAME);
  upsertMeta('property', 'og:locale', 'en_NG');
  upsertMeta('property', 'og:image', `${window.location.origin}/favicon.svg`);
  upsertMeta('name', 'twitter:card', 'summary');
  upsertMeta('name', 'twitter:title', fullTitle);
  upsertMeta('name', 'twitter:description', meta.description);
  upsertCanonical(url);
}

export function usePageMeta(meta: PageMeta) {
  const keywords = meta.keywords.join('|');
  useEffect(() => {
    applyPageMeta(meta);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the values, not the object
  }, [meta.title, meta.description, meta.path, keywords]);
}
