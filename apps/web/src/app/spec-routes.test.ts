// Issue 37: no path the spec names (000 §2.3, 001 §2, 002 §2) falls through to the "Coming soon"
// placeholder: each matches a feature's own route first. The placeholder only catches other paths.
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { comingSoonDashboardRoutes, comingSoonPublicRoutes } from '../features/coming-soon/routes';
import { loadFeatureRoutes } from './feature-routes';

const ID = '33333333-3333-4333-8333-333333333333';
const SPEC_PATHS = [
  '/payouts',
  '/payouts/completed',
  '/payouts/inbox',
  `/payouts/${ID}`,
  `/payouts/${ID}/edit`,
  `/payouts/${ID}/edit/assets`,
  `/payouts/${ID}/edit/review`,
  '/payout/direct',
  '/payouts/direct/assets-selection',
  `/payouts/review/${ID}`,
  '/payouts/mass-payout-review',
  '/payouts/mass-approval',
  '/bills/bill_abc',
  '/bill/bill_abc',
  '/bills/bill_abc/review',
  '/bills/scheduled/bill_abc',
  '/bills/import',
  '/bills/import/summary',
  '/bill-csv/upload',
  '/send-bill/welcome/tok',
  '/send-bill/payment-details/tok',
  '/send-bill/review/tok',
  '/send-bill/success/tok',
  '/employee-portal/add-bank',
  '/assets/payout/details',
  '/vendors',
  `/vendors/${ID}`,
  '/vendors/invite',
];

const placeholders = new Set([...comingSoonDashboardRoutes, ...comingSoonPublicRoutes]);

describe('spec routes (issue 37)', () => {
  const routes = loadFeatureRoutes();
  it.each(SPEC_PATHS)('%s has its own screen, not Coming soon', (path) => {
    const matches = matchRoutes(routes, path);
    expect(matches, `${path} matches no route`).toBeTruthy();
    const leaf = matches![matches!.length - 1].route;
    expect(placeholders.has(leaf), `${path} renders Coming soon`).toBe(false);
    expect(leaf.path).not.toBe('*');
  });

  it('an unknown path under an area still gets the placeholder', () => {
    const matches = matchRoutes(routes, '/payroll/p1/not-built');
    expect(placeholders.has(matches![matches!.length - 1].route)).toBe(true);
  });
});
