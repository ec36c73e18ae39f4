// Customer portal (issue 24 §4): the demo owner issues and approves an invoice to a customer email
// (by API), then the customer signs in at /customer/login with the mailed code, is sent back to the
// invoice they opened, sees the list and the pay details. Step 8 of the issue journey: the same email is
// a customer of a second company too; the list shows one company's invoices at a time (never another
// customer's) and the Company switcher moves between them. Screens: e2e/artifacts/screens/customer-portal-*.png.
import { expect, test } from './fixtures';
import { shotsFor } from './ui-support';

const shot = shotsFor('customer-portal-');

const PASSWORD = 'Portal#2026pass';

test('customer signs in with a mailed code, sees one company’s invoices at a time and switches company', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const email = `buyer.${run}@example.ng`;
  const staff = await browser.newContext();
  const login = await staff.request.post('/api/auth/login', {
    data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
  });
  expect(login.ok()).toBe(true);
  const csrf = async () => (await staff.cookies()).find((c) => c.name === 'owo_csrf')?.value ?? '';
  /**
   * An API call as the demo owner (cookie + CSRF), or, with `bearer`, as company B's own owner:
   * company B belongs to a fresh user so the demo owner's accounts and active company stay as
   * the other specs expect them.
   */
  let bearer: string | null = null;
  const anonRequest = (await browser.newContext()).request;
  const call = async (method: 'post' | 'put' | 'get', url: string, data?: unknown) => {
    const headers: Record<string, string> = bearer
      ? { authorization: `Bearer ${bearer}` }
      : { 'x-csrf-token': await csrf() };
    const r = await (bearer ? anonRequest : staff.request)[method](url, { headers, data });
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
    return (await r.json()).data;
  };
  const policy = () =>
    call('put', '/api/settings/ap-policy', {
      autoApproveBelow: '0',
      fourEyes: false,
      overBudget: 'block',
      kycIncompleteCap: '100000',
    });
  /** Issues and approves a one-time invoice to `to` in a company; waits for its collection account. */
  const issueInvoice = async (
    to: { name: string; email: string },
    product: { name: string; price: string; quantity: number },
  ) => {
    const customer = await call('post', '/api/inflows/customers', to);
    const s1 = await call('post', '/api/inflows/invoice', {
      step: 1,
      payload: { customerId: customer.id, products: [product] },
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
      { approvalStatus: 'approved', comments: 'Checked' },
    );
    await expect
      .poll(
        async () =>
          (await call('get', `/api/inflows/invoice/${s1.id}`)).collectionAccount?.accountNumber ?? '',
      )
      .toMatch(/^\d{10}$/);
    return s1 as { id: string };
  };

  // Company A (the demo company): one invoice to the customer, one to somebody else.
  await policy();
  const companyA = (await call('get', '/api/me/accounts/active')).activeAccount.account as {
    id: string;
    name: string;
  };
  const invA = await issueInvoice(
    { name: `Kemi Stores ${run}`, email },
    { name: 'Cement (bag)', price: '4500', quantity: 10 },
  );
  await issueInvoice(
    { name: `Other Buyer ${run}`, email: `other.${run}@example.ng` },
    { name: 'Sand (tonne)', price: '9900', quantity: 10 },
  );
  // Company B (issue 24 §6 step 8): another company, with its own owner, bills the same email.
  const ownerB = `owner.b.${run}@example.ng`;
  const reg = await anonRequest.post('/api/auth/register', {
    data: { firstName: 'Bisi', lastName: 'Owner', email: ownerB, password: PASSWORD },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  let token = '';
  await expect
    .poll(async () => {
      const box = await (
        await anonRequest.get(`/api/dev/mailbox?to=${encodeURIComponent(ownerB)}&limit=5`)
      ).json();
      const link = (box.data ?? [])
        .flatMap((m: { links?: string[] }) => m.links ?? [])
        .find((l: string) => l.includes('confirm-email?token='));
      token = link ? (new URL(link).searchParams.get('token') ?? '') : '';
      return token;
    })
    .not.toBe('');
  expect((await anonRequest.post('/api/auth/confirm-email', { data: { token } })).ok()).toBe(true);
  const loginB = await anonRequest.post('/api/auth/login', { data: { email: ownerB, password: PASSWORD } });
  expect(loginB.ok(), await loginB.text()).toBe(true);
  bearer = (await loginB.json()).data.accessToken as string;
  const companyB = (await call('post', '/api/accounts', { name: `Zenith Blocks ${run}`, type: 'business' }))
    .account as { id: string; name: string };
  await policy();
  await issueInvoice(
    { name: `Kemi Stores ${run}`, email },
    { name: 'Paint (tin)', price: '3200', quantity: 5 },
  );

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`/customer/invoice/${invA.id}`);
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
  await expect(page).toHaveURL(new RegExp(`/customer/invoice/${invA.id}$`));
  await expect(page.getByTestId('pay-account-number')).toHaveText(/^\d{10}$/);
  await shot(page, '03-invoice');
  await page.getByRole('link', { name: /Your invoices/ }).click();

  // Step 8: one company at a time, only this customer's invoices, and a switch between companies.
  const list = page.getByTestId('customer-invoices');
  const company = page.getByRole('textbox', { name: 'Company' });
  const choose = async (name: string) => {
    await company.click();
    await page.getByRole('option', { name }).click();
    await expect(company).toHaveValue(name);
  };
  await choose(companyA.name);
  await expect(list).toContainText('₦45,000.00');
  await expect(list).not.toContainText('₦16,000.00'); // company B's
  await expect(list).not.toContainText('₦99,000.00'); // another customer's
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await shot(page, '04-list-company-a');

  await choose(companyB.name);
  await expect(list).toContainText('₦16,000.00');
  await expect(list).not.toContainText('₦45,000.00');
  await expect(list).not.toContainText('₦99,000.00');
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await shot(page, '05-list-company-b');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/customer\/login$/);
});
