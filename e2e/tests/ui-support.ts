// What the payables-side specs share: the demo people, NUBANs for test vendors, screenshots, a
// signed-in page with the first-run tour skipped, Mantine select picking, and the second approver.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_OWNER, setDemoApPolicy, setDemoRole } from './demo-state';

export const OWNER = DEMO_OWNER;
export const SECOND = { email: 'accountant@demo.owo.ng', password: 'Demo-Accountant-2026' };

/** A NUBAN at GTBank (058) from a 9-digit serial (the check digit of CBN's 2020 scheme). */
export function nuban(serial: string): string {
  const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  const digits = `000058${serial}`;
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(digits[i]) * weights[i];
  return `${serial}${(10 - (sum % 10)) % 10}`;
}

/** A full-page screenshot in e2e/artifacts/screens/<name>.png, attached to the report. */
export async function shot(page: Page, name: string) {
  const dir = path.resolve(test.info().config.rootDir, '../artifacts/screens');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

/**
 * The first-run tour opens by itself after a delay: skip it now, on /dashboard, before any dropdown
 * is open (an open Select's options would cover its Skip button); should it open again, skip it then.
 */
export async function skipFirstRunTour(page: Page) {
  await page.goto('/dashboard');
  const tour = page.getByTestId('guided-tour');
  try {
    await tour.waitFor({ state: 'visible', timeout: 6_000 });
    await tour.getByRole('button', { name: 'Skip tour' }).click();
    await tour.waitFor({ state: 'hidden' });
  } catch {
    /* no tour for this user */
  }
  // Added only now: a handler that skipped the tour while the click above waited for its button
  // would leave that click waiting for a button that is gone.
  await page.addLocatorHandler(tour, async (t) => {
    await t.getByRole('button', { name: 'Skip tour' }).click();
  });
}

/** A new browser context signed in as `who`, on /dashboard, with the first-run tour skipped. */
export async function signedIn(browser: Browser, who: { email: string; password: string } = OWNER) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  await skipFirstRunTour(page);
  return page;
}

/** Picks `option` in the Mantine select labelled `label` (retried: options load late). */
export async function choose(page: Page, label: string, option: string) {
  await expect(async () => {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option }).first().click({ timeout: 3_000 });
  }).toPass();
}

/**
 * The demo accountant becomes an admin (the AP policy's approvers are owners and admins), four eyes
 * is on and nothing is approved automatically (a spec run earlier on this worker's app may have
 * raised `autoApproveBelow`: accounting does).
 */
export async function promoteSecondPerson(request: APIRequestContext) {
  await setDemoApPolicy(request, { fourEyes: true, autoApproveBelow: '0' });
  await setDemoRole(request, SECOND.email, 'admin');
}
