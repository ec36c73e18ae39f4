// Public marketing site routes (002 §2, 000 §2.1), exported as `siteRoutes`: mounted as children of
// the root route, outside the route that loads the on-demand text namespaces (the site has its own
// words). The layout (header + footer) and every page are lazy, so /auth/login ships none of this.
import type { RouteObject } from 'react-router-dom';
import { FEATURE_ALIASES, FEATURE_PATHS } from './content/feature-paths';
import { LEGAL_ALIASES, PUBLIC_PATHS } from './paths';

const featureRoute = (path: string, key: string): RouteObject => ({
  path,
  lazy: async () => {
    const { FeaturePage } = await import('./screens/feature-page');
    return { Component: () => <FeaturePage featureKey={key} /> };
  },
});

const legal = {
  privacy: async () => ({ Component: (await import('./screens/legal-page')).PrivacyPage }),
  terms: async () => ({ Component: (await import('./screens/legal-page')).TermsPage }),
  communication: async () => ({ Component: (await import('./screens/legal-page')).CommunicationPage }),
};

export const siteRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./components/public-layout')).PublicLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./screens/home-page')).HomePage }) },
      {
        path: PUBLIC_PATHS.pricing,
        lazy: async () => ({ Component: (await import('./screens/pricing-page')).PricingPage }),
      },
      {
        path: PUBLIC_PATHS.faq,
        lazy: async () => ({ Component: (await import('./screens/faq-page')).FaqPage }),
      },
      {
        path: PUBLIC_PATHS.support,
        lazy: async () => ({ Component: (await import('./screens/support-page')).SupportPage }),
      },
      ...[PUBLIC_PATHS.privacy, ...LEGAL_ALIASES.privacy].map((path) => ({ path, lazy: legal.privacy })),
      ...[PUBLIC_PATHS.terms, ...LEGAL_ALIASES.terms].map((path) => ({ path, lazy: legal.terms })),
      ...[PUBLIC_PATHS.communication, ...LEGAL_ALIASES.communication].map((path) => ({
        path,
        lazy: legal.communication,
      })),
      ...Object.entries(FEATURE_PATHS).map(([key, path]) => featureRoute(path, key)),
      ...Object.entries(FEATURE_ALIASES).map(([path, key]) => featureRoute(path, key)),
    ],
  },
];
