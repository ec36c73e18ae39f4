// Customer portal (issue 24 §4): the demo owner issues and approves an invoice to a customer email
// (by API), then the customer signs in at /customer/login with the mailed code, is sent back to the
// invoice they opened, sees the list and the pay details. Screens: e2e/artifacts/screens/customer-portal-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

async function shot(page: Page, name: string) {
  const dir = path.resolve(test.info().config.rootDir, '../artifacts/screens');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `customer-portal-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

test('customer signs in with a mailed code and sees their invoice and where to pay', async ({ browser }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const email = `buyer.${run}@example.ng`;
  const staff = await browser.newContext();
  const login = await staff.request.post('/api/auth/login', {
    data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
  });
  expect(login.ok()).toBe(true);
  const csrf = async () => (await staff.cookies()).find((c) => c.name === 'owo_csrf')?.value ?? '';
  const call = async (method: 'post' | 'put' | 'get', url: string, data?: unknown) => {
    const r = await staff.request[method](url, { headers: { 'x-csrf-token': await csrf() }, data });
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
    return (await r.json()).data;
  };
  await call('put', '/api/settings/ap-policy', {
    autoApproveBelow: '0',
    fourEyes: false,
    overBudget: 'block',
    kycIncompleteCap: '100000',
  });
  const customer = await call('post', '/api/inflows/customers', { name: `Kemi Stores ${run}`, email });
  const s1 = await call('post', '/api/inflows/invoice', {
    step: 1,
    payload: { customerId: customer.id, products: [{ name: 'Cement (bag)', price: '4500', quantity: 10 }] },
  });
  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await call('post', '/api/inflows/invoice', {
    step: 2,
    payload: { invoiceId: s1.id, paymentOption: 'one-time', terms: [{ name: 'Full', dueDate: due }] },
  });
  const s3 = await call('post', '/api/inflows/invoice', { step: 3, payload: { invoiceId: s1.id } });
  await call(
    'post',
    `/api/approval-workflows/pending-approvals/approve/${s3.approvalWorkflowPendingApprovalItem.id}`,
    {
      approvalStatus: 'approved',
      comments: 'Checked',
    },
  );
  await expect
    .poll(
      async () => (await call('get', `/api/inflows/invoice/${s1.id}`)).collectionAccount?.accountNumber ?? '',
      {
        timeout: 30_000,
      },
    )
    .toMatch(/^\d{10}$/);

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`/customer/invoice/${s1.id}`);
  await expect(page).toHaveURL(/\/customer\/login$/);
  await page.getByLabel('Email address').fill(email);
  await shot(page, '01-login');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('customer-code-sent')).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const box = await (
        await ctx.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=5`)
      ).json();
      code = /: (\d{6})\n/.exec(box.data?.[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await shot(page, '02-code');
  await page.locator('input').first().click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(new RegExp(`/customer/invoice/${s1.id}$`));
  await expect(page.getByTestId('pay-account-number')).toHaveText(/^\d{10}$/);
  await shot(page, '03-invoice');
  await page.getByRole('link', { name: /Your invoices/ }).click();
  await expect(page.getByTestId('customer-invoices')).toContainText('₦45,000.00');
  await shot(page, '04-list');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer\/login$/);
});
