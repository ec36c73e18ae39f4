// What the payables-side specs share: the demo people, NUBANs for test vendors, screenshots, a
// signed-in page with the first-run tour skipped, Mantine select picking, and the second approver.
import fs from 'node:fs';
import path from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { PERSIST_KEY, PERSIST_VERSION } from '../../packages/contract/src/messages';
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

/**
 * Whether specs write their screens (E2E_SCREENS=1, for looking at them): the one switch, read by
 * `shot`. Off by default: a full-page capture costs the browser about as much as the step it shows.
 * A failing test keeps its screenshot and trace either way (playwright.config.ts).
 */
export const SCREENS = process.env.E2E_SCREENS === '1';

/** A full-page screenshot in e2e/artifacts/screens/<name>.png, attached to the report, when SCREENS. */
export async function shot(page: Page, name: string) {
  if (!SCREENS) return;
  const dir = path.resolve(test.info().config.rootDir, '../artifacts/screens');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

/** `shot` for one spec's screens, each named `<prefix><name>`. */
export const shotsFor = (prefix: string) => (page: Page, name: string) => shot(page, `${prefix}${name}`);

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
  await skipTourWhenItOpens(page);
}

/** Whenever a tour opens over the page (the Make Payment tour after the first), it is skipped. */
export async function skipTourWhenItOpens(page: Page) {
  // A short wait that gives up: the page may navigate away while the handler runs. No wait for the
  // tour to hide after it: a skip clicked as the page navigates is lost with the old page, and the
  // tour shows again on the new one, where the handler then runs again.
  await page.addLocatorHandler(
    page.getByTestId('guided-tour'),
    async (t) => {
      await t
        .getByRole('button', { name: 'Skip tour' })
        .click({ timeout: 10_000 })
        .catch(() => undefined);
    },
    { noWaitAfter: true },
  );
}

/**
 * The storage a browser keeps once its user has skipped the first-run tour: the app's persisted
 * store with the tour completed (what Skip tour writes; progress 1, so the Make Payment tour still
 * starts as it would after a skip).
 */
function tourSkipped() {
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  const value = JSON.stringify({
    version: PERSIST_VERSION,
    state: { tour: { status: 'completed', progress: 1 } },
  });
  return { cookies: [], origins: [{ origin, localStorage: [{ name: PERSIST_KEY, value }] }] };
}

/**
 * A new browser context (at `viewport`, or Playwright's default) signed in as `who`, on /dashboard,
 * with the first-run tour skipped: the sign-in by API and the skip as the stored state it leaves,
 * since neither is what these tests check (dashboard.spec and the sign-up helper skip the tour
 * through the page).
 */
export async function signedIn(
  browser: Browser,
  who: { email: string; password: string } = OWNER,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext({ storageState: tourSkipped(), viewport });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { data: who });
  expect(res.ok()).toBe(true);
  await page.goto('/dashboard');
  await skipTourWhenItOpens(page);
  return page;
}

/**
 * Picks `option` from the Mantine select (or combobox) `box`. Waits on state, not time: the list is
 * opened only when it is closed (a second click would close it), so a retry never undoes progress
 * however slow the machine; it is retried because options load late, and an overlay closing (the
 * tour being skipped) also closes the list. The box is centred first, so the list opens where it
 * has room and does not move while the option is clicked. A try passes only once the box holds a value.
 */
export async function pickOption(box: Locator, option: string | RegExp, opts: { exact?: boolean } = {}) {
  const page = box.page();
  await box.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await expect(async () => {
    if ((await box.getAttribute('data-expanded')) === null) await box.click();
    await page.getByRole('option', { name: option, exact: opts.exact }).first().click({ timeout: 3_000 });
    // The pick is checked, not assumed: on a busy machine a list that re-rendered under the click
    // can swallow it and leave the box empty. A multi-select shows its picks as pills instead.
    const multi = await box.evaluate((e) => e.classList.contains('mantine-MultiSelect-inputField'));
    if (!multi) await expect(box).not.toHaveValue('', { timeout: 3_000 });
  }).toPass();
}

/** Picks `option` in the Mantine select labelled `label`. */
export async function choose(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  opts: { exactLabel?: boolean; exactOption?: boolean } = {},
) {
  const box = page.getByRole('textbox', { name: label, exact: opts.exactLabel }).first();
  await pickOption(box, option, { exact: opts.exactOption });
}

/**
 * Reloads `page` until `wanted` shows (a job, a rail or a batch changes the record behind the page).
 * Each try waits for `loaded` (a part of the page drawn from the same answer) however long the
 * machine takes, then looks for `wanted` at once: a try never fails because a page drew slowly.
 */
export async function reloadUntil(page: Page, loaded: Locator, wanted: Locator) {
  await expect(async () => {
    await page.reload();
    await expect(loaded.first()).toBeVisible();
    expect(await wanted.first().isVisible()).toBe(true);
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

/**
 * Registers `who` through the pages, confirms the address from the dev mailbox and creates a
 * business account: the new owner is signed in, on the KYB setup, the first-run tour skipped
 * whenever it shows up.
 */
export async function signUpNewCompany(
  page: Page,
  who: { firstName: string; lastName: string; email: string; password: string; company: string },
) {
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Work email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm-email$/);
  await page.goto('/dev/mailbox');
  await page.getByLabel('Recipient email').fill(who.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByTestId('mailbox-item')
    .filter({ hasText: /Confirm your email address/ })
    .first()
    .click();
  await page.getByTestId('mail-link-0').click();
  await expect(page.getByTestId('email-confirmed')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await page.getByLabel('Account name').fill(who.company);
  await page.getByRole('radio', { name: /^Business/ }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/account\/setup\/info$/);
  // Skipped now, on /dashboard, so it cannot open over a later click that navigates away (a
  // handler waiting for Skip tour on the next page would wait forever).
  await skipFirstRunTour(page);
}
