// Paths the public site links to (002 §2, 000 §2.1), taken from the app's typed path map. Legal
// pages answer on their canonical paths and on the shorter aliases the spec also lists.
import { paths } from '../../lib/paths';

export const PUBLIC_PATHS = {
  home: paths.home.path,
  pricing: paths.pricing.path,
  faq: paths.faq.path,
  support: paths.support.path,
  privacy: paths.legals.privacy.path,
  terms: paths.legals.terms.path,
  communication: paths.legals.communication.path,
  /** OpenAPI documentation served by the API. */
  docs: '/api/docs',
  login: paths.auth.login.path,
  register: paths.auth.register.path,
  dashboard: paths.dashboard.path,
} as const;

export const LEGAL_ALIASES = {
  privacy: ['/legals/privacy', '/privacy'],
  terms: ['/legals/terms', '/terms'],
  communication: ['/communication-agreement'],
} as const;
