// Feature page paths by key (002 §2). Kept apart from the page copy so the route table stays
// tiny in the main bundle; the copy loads with the page.
export const FEATURE_PATHS = {
  expense: '/expense-management',
  insight: '/insight-dashboard',
  invoicing: '/invoicing',
  marketplace: '/marketplace-management',
  payroll: '/payroll-management',
  project: '/project-management',
  vendor: '/vendor-management',
  asset: '/asset-management',
  accounting: '/accounting-management',
} as const;
export type FeatureKey = keyof typeof FEATURE_PATHS;

/** /marketplace is the same page as /marketplace-management (002 §2). */
export const FEATURE_ALIASES: Record<string, FeatureKey> = { '/marketplace': 'marketplace' };
