// axe-core on the public site and the auth pages: no serious or critical violations (WCAG 2.x A/AA
// rules axe runs by default). A failure prints each violation with the offending markup.
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signedIn } from './ui-support';

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    name: 'pricing',
    path: '/pricing',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  { name: 'faq', path: '/faq', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    name: 'support',
    path: '/support',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'feature page',
    path: '/payroll-management',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'legal page',
    path: '/legals/privacy-policy',
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'login',
    path: '/auth/login',
    ready: (p) => expect(p.getByRole('button', { name: 'Log In' })).toBeVisible(),
  },
  {
    name: 'register',
    path: '/auth/register',
    ready: (p) => expect(p.getByRole('button', { name: 'Create Account' })).toBeVisible(),
  },
  {
    name: 'forgot password',
    path: '/auth/forgot-password',
    ready: (p) => expect(p.getByRole('button', { name: 'Send Reset Link' })).toBeVisible(),
  },
];

// Every check here is on its own page and reads nothing another wrote: spread over the workers
// (each with its own app) rather than run one after another on one.
test.describe.configure({ mode: 'parallel' });

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(violations: Violation[]) {
  return violations
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
        ...v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
          ),
      ].join('\n'),
    )
    .join('\n');
}

for (const { name, path, ready } of PAGES) {
  test(`${name} (${path}) has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await ready(page);
    await expectNoBlocking(page, name);
  });
}

/** Lazy chunks, fonts and entrance transitions settled, axe finds no serious or critical violation. */
async function expectNoBlocking(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => v.id),
    `${name}: serious/critical axe violations\n${describe(blocking)}`,
  ).toEqual([]);
}

// The dashboard as the demo owner (issue 37): the KPI row, the charts and the recent transactions,
// at desktop size and on a phone.
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the dashboard at ${viewport.width}×${viewport.height} has no serious or critical accessibility violations`, async ({
    browser,
  }) => {
    const page = await signedIn(browser);
    await page.setViewportSize(viewport);
    await page.goto('/dashboard');
    await expect(page.getByTestId('kpi-money-in')).toBeVisible();
    await expect(page.getByTestId('panel-payment-overview')).toBeVisible();
    await expectNoBlocking(page, 'dashboard');
  });
}

// The other screens issue 37 touched, as the demo owner: lists (cards on a phone), the card face,
// the Integrations card's buttons, the forms that go one column on a phone.
const SIGNED_IN: { path: string; heading: string | RegExp }[] = [
  { path: '/transactions', heading: 'Transactions' },
  { path: '/payouts', heading: /Payouts/ },
  { path: '/cards', heading: /Cards/ },
  { path: '/inflows/invoices', heading: /Invoices/ },
  { path: '/expenses', heading: /Expenses/ },
  { path: '/payroll/employees', heading: /Employees/ },
  { path: '/settings', heading: /Settings/ },
];
for (const { path, heading } of SIGNED_IN) {
  test(`${path} at 390×844 has no serious or critical accessibility violations`, async ({ browser }) => {
    const page = await signedIn(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expectNoBlocking(page, path);
  });
}
