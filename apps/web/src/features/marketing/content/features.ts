// Copy for the feature pages of the public site (002 §2 "Public marketing site" feature table).
// The accounting and asset pages are not described by the spec; their copy is ours.

import { MONEY_FEATURES } from './features-money';
import { OPERATIONS_FEATURES } from './features-operations';

export type FeaturePoint = { title: string; text: string };
export type Audience = { role: string; why: string };
export type FeatureContent = {
  key: string;
  path: string;
  /** Name shown in the Features menu. */
  name: string;
  /** One line under the name in the Features menu. */
  blurb: string;
  meta: { title: string; description: string; keywords: string[] };
  hero: { eyebrow: string; heading: string; text: string; cta: string };
  points: FeaturePoint[];
  audience: Audience[];
  closing: { heading: string; text: string };
};

/** The public site's feature pages, in the Features menu's order. */
export const FEATURES: FeatureContent[] = [
  MONEY_FEATURES.expense,
  OPERATIONS_FEATURES.insight,
  MONEY_FEATURES.invoicing,
  MONEY_FEATURES.marketplace,
  MONEY_FEATURES.payroll,
  OPERATIONS_FEATURES.project,
  MONEY_FEATURES.vendor,
  OPERATIONS_FEATURES.asset,
  OPERATIONS_FEATURES.accounting,
];

export function featureByKey(key: string): FeatureContent {
  const found = FEATURES.find((f) => f.key === key);
  if (!found) throw new Error(`Unknown feature page ${key}`);
  return found;
}
