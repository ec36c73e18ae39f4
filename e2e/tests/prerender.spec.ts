// The prerendered public and sign-in pages (issue 7 §3): the content is in the HTML before any
// JavaScript runs, hydration raises no mismatch (nothing in the console), the sign-in page loads
// none of the dashboard, and a signed-in visitor is still sent away from /auth/login.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PAGES = [
  '/',
  '/pricing',
  '/faq',
  '/support',
  '/expense-management',
  '/legals/privacy-policy',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
];

function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.describe('prerendered pages', () => {
  for (const path of PAGES) {
    test(`${path}: content in the HTML, hydrates without a console message`, async ({ page, request }) => {
      const raw = await request.get(path);
      expect(raw.status()).toBe(200);
      const html = await raw.text();
      expect(html).toMatch(/<div id="root">\s*<[a-z]/); // rendered content, not an empty shell
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toMatch(/<link rel="canonical" href="http[^"]+"/);
      expect(html).not.toContain('%OWO_ORIGIN%');

      const problems = watchConsole(page);
      await page.goto(path);
      await page.locator('html[data-app-ready="true"]').waitFor();
      await page.waitForTimeout(500);
      expect(problems).toEqual([]);
    });
  }

  test('the sign-in page loads none of the dashboard', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/auth/login');
    await page.locator('html[data-app-ready="true"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /feature-routes|dashboard|lazy-namespaces/.test(s))).toEqual([]);
    // The form is usable once hydrated.
    await expect(page.getByLabel('Email address')).toBeEnabled();
  });

  test('a signed-in visitor is sent from /auth/login to the dashboard after hydration', async ({ page }) => {
    const res = await page.request.post('/api/auth/login', {
      data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
    });
    expect(res.ok()).toBe(true);
    const problems = watchConsole(page);
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(problems.filter((p) => /hydrat|#418|#423|#425/i.test(p))).toEqual([]);
  });

  test('a signed-in visitor hydrates the public home page without a mismatch and sees the dashboard link', async ({
    page,
  }) => {
    const res = await page.request.post('/api/auth/login', {
      data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
    });
    expect(res.ok()).toBe(true);
    const problems = watchConsole(page);
    await page.goto('/');
    await page.locator('html[data-app-ready="true"]').waitFor();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('robots.txt and sitemap.xml are real files', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/pricing</loc>`);
  });
});
