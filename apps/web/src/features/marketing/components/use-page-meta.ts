// The public pages' head tags: the shared mechanism in lib/page-meta.ts (also used by the sign-in
// screens and the build's prerender).
export { applyPageMeta, SITE_NAME, usePageMeta, type PageMeta } from '../../../lib/page-meta';
