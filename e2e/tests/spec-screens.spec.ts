// Issue 37: the spec screens that fell through to "Coming soon" or a 404, opened with real data on
// a laptop and on a phone (390×844), each with its main action clicked: a bill's review and payment
// on a date, the scheduled bill moved, the payout review approved by a second person, the direct
// payout's asset step, the asset payout details and the employee portal's add-bank page.
// Screens land in e2e/artifacts/screens/spec-screens-*.png.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setDemoRole } from './demo-state';
import { choose, nuban, OWNER, pickOption, promoteSecondPerson, SECOND, shot, signedIn } from './ui-support';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const serial = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));
const run = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
/** DD/MM/YYYY typed into a date field (digits only), `days` from today. */
const typedDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${p(d.getDate())}${p(d.getMonth() + 1)}${d.getFullYear()}`,
    shown: `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()}`,
  };
};

test.afterAll(async ({ request }) => {
  await setDemoRole(request, SECOND.email, 'accountant');
});

/** The owner's API with a bearer token, for seeding. */
async function ownerApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: OWNER });
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const call = async (
    method: 'get' | 'post',
    url: string,
    data?: unknown,
    extra: Record<string, string> = {},
  ) => {
    const res = await request[method](url, { headers: { ...headers, ...extra }, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return (await res.json()).data;
  };
  return call;
}

async function mailLink(request: APIRequestContext, to: string, part: string) {
  let link = '';
  await expect(async () => {
    const box = await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=5`)).json();
    link =
      (box.data ?? [])
        .flatMap((m: { links?: string[] }) => m.links ?? [])
        .find((l: string) => l.includes(part)) ?? '';
    expect(link).toBeTruthy();
  }).toPass();
  return link;
}

/** A vendor, an asset, an asset payout waiting for approval, and a bill the vendor has sent. */
async function seed(request: APIRequestContext, tag: string) {
  const api = await ownerApi(request);
  const payee = await api('post', '/api/payee', {
    name: `Lekki Cleaning ${tag}`,
    email: `accounts.${tag}@lekkicleaning.ng`,
    phone: '08031234567',
    billingAddress: '3 Admiralty Way, Lekki',
    bankCode: '058',
    accountNumber: nuban(serial()),
  });
  const asset = await api('post', '/api/payout-asset', {
    type: 'Generator',
    brand: 'Mikano',
    modelNo: 'MK-20',
    serialNo: `SN-${tag}`,
    location: 'Ikeja office',
  });
  const wallet = (await api('get', '/api/wallet')).find((w: { currency: string }) => w.currency === 'NGN');
  const payout = await api(
    'post',
    '/api/payouts',
    {
      payoutOption: 'asset',
      walletId: wallet.id,
      payeeId: payee.id,
      amount: '25000',
      currency: 'NGN',
      narration: `Generator service ${tag}`,
      assets: [{ id: asset.id }],
    },
    { 'idempotency-key': `spec-${tag}` },
  );
  const email = `billing.${tag}@lekkicleaning.ng`;
  const bill = await api('post', '/api/payout/quote/request', { email });
  const token = (await mailLink(request, email, '/send-bill/welcome/')).split('/').pop()!;
  const sent = await request.put(`/api/verify/payout/quote/${token}`, {
    multipart: {
      amount: '40000',
      description: 'Office cleaning, March',
      invoiceNumber: `INV-${tag}`,
      dueDate: '2026-12-31',
      bankCode: '058',
      accountNumber: nuban(serial()),
      file: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return { payee, asset, payout, billRef: bill.reference as string };
}

async function billReviewAndSchedule(owner: Page, ref: string, tag: string, vp: string) {
  await owner.goto(`/bills/${ref}`);
  await owner.getByRole('button', { name: 'Review and pay' }).click();
  await expect(owner).toHaveURL(new RegExp(`/bills/${ref}/review$`));
  await expect(owner.getByRole('heading', { name: 'Review bill' })).toBeVisible();
  await expect(owner.getByText(`INV-${tag}`).first()).toBeVisible();
  await choose(owner, 'Pay from', 'NGN');
  const on = typedDate(5);
  await owner.getByRole('textbox', { name: 'Pay on (optional)' }).pressSequentially(on.typed);
  await shot(owner, `spec-screens-${vp}-01-bill-review`);
  await owner.getByRole('button', { name: 'Schedule payment' }).click();
  await expect(owner).toHaveURL(new RegExp(`/bills/scheduled/${ref}$`));
  await expect(owner.getByText(`Pays on ${on.shown}`)).toBeVisible();
  const later = typedDate(8);
  await owner.getByRole('textbox', { name: 'New date' }).pressSequentially(later.typed);
  await owner.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(owner.getByText(`Pays on ${later.shown}`)).toBeVisible();
  await shot(owner, `spec-screens-${vp}-02-bill-scheduled`);
}

async function assetStep(owner: Page, vendor: string, serialNo: string, vp: string) {
  await owner.goto('/payout/direct');
  const dialog = owner.getByRole('dialog', { name: 'Select payout type' });
  await dialog.getByRole('radio', { name: /^Asset/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await choose(owner, 'Vendor', new RegExp(vendor));
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner).toHaveURL(/\/payouts\/direct\/assets-selection$/);
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner.getByText('Please select at least one asset')).toBeVisible();
  await pickOption(owner.getByRole('textbox', { name: 'Assets' }), new RegExp(serialNo));
  await owner.keyboard.press('Escape');
  await shot(owner, `spec-screens-${vp}-03-assets-selection`);
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner).toHaveURL(/\/payment-details$/);
  await expect(owner.getByText(vendor)).toBeVisible();
}

async function assetPayouts(owner: Page, assetId: string, narration: string, payoutId: string, vp: string) {
  await owner.goto(`/assets/payout/details?assetId=${assetId}`);
  await expect(owner.getByRole('heading', { name: 'Asset payout details' })).toBeVisible();
  await expect(owner.getByText(narration)).toBeVisible();
  await shot(owner, `spec-screens-${vp}-04-asset-payout-details`);
  await owner.getByText(narration).click();
  await expect(owner).toHaveURL(new RegExp(`/payouts/${payoutId}$`));
}

async function payoutReview(second: Page, payoutId: string, vp: string) {
  await second.goto(`/payouts/review/${payoutId}`);
  await expect(second.getByRole('heading', { name: /Review payout · ₦25,000\.00/ })).toBeVisible();
  await expect(second.getByText('Approval history')).toBeVisible();
  await shot(second, `spec-screens-${vp}-05-payout-review`);
  await second.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = second.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Generator serviced');
  await dialog.getByRole('button', { name: /Approve/ }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByRole('button', { name: 'Approve', exact: true })).toBeHidden();
}

async function employeeAddBank(
  browser: Browser,
  request: APIRequestContext,
  tag: string,
  vp: { name: string; width: number; height: number },
) {
  const api = await ownerApi(request);
  const email = `tolu.${tag}@portal-e2e.ng`;
  await api('post', '/api/payrolls/employees/add', {
    employees: [
      {
        name: `Tolu Ade ${tag}`,
        email,
        salaryAmount: '150000',
        bankCode: '058',
        accountNumber: nuban(serial()),
      },
    ],
  });
  const link = new URL(await mailLink(request, email, '/employee-portal/join?token='));
  const page = await (await browser.newContext({ viewport: vp })).newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('Password', { exact: true }).fill('Salary#2026');
  await page.getByLabel('Confirm password').fill('Salary#2026');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/employee-portal\/payslip$/);
  await page.goto('/employee-portal/add-bank');
  await expect(page.getByRole('heading', { name: 'Add bank account' })).toBeVisible();
  await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Guaranty Trust Bank' });
  await page.getByLabel('Account number').fill(nuban(serial()));
  await expect(page.getByTestId('resolved-name')).not.toBeEmpty();
  await shot(page, `spec-screens-${vp.name}-06-employee-add-bank`);
  await page.getByRole('button', { name: 'Send to HR for approval' }).click();
  await expect(page.getByText('Awaiting HR approval')).toBeVisible();
}

for (const vp of VIEWPORTS) {
  test(`the issue 37 spec screens with real data (${vp.name})`, async ({ browser, request }) => {
    await promoteSecondPerson(request);
    const tag = run();
    const data = await seed(request, tag);
    const owner = await signedIn(browser, OWNER, vp);
    await test.step('bill review → scheduled bill → moved', () =>
      billReviewAndSchedule(owner, data.billRef, tag, vp.name));
    await test.step('direct payout asset step', () =>
      assetStep(owner, data.payee.name, `SN-${tag}`, vp.name));
    await test.step('asset payout details', () =>
      assetPayouts(owner, data.asset.id, `Generator service ${tag}`, data.payout.id, vp.name));
    const second = await signedIn(browser, SECOND, vp);
    await test.step('payout review approved by a second person', () =>
      payoutReview(second, data.payout.id, vp.name));
    await test.step('employee add-bank', () => employeeAddBank(browser, request, tag, vp));
  });
}
