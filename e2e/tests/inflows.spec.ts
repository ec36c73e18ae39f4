// Receivables journey (issue 24 §6, the part built): the demo owner creates a customer and a 20%
// partner with a cap on screen, makes a 3-installment invoice with the wizard, approves it with the
// shared approval modal, a visitor opens the public pay page, the sandbox bank pays the first
// installment into the invoice's own account, and the invoice shows it paid and the split settled.
// Screens land in e2e/artifacts/screens/inflows-*.png.
import { expect, test } from './fixtures';
import { choose, shotsFor, skipTourWhenItOpens } from './ui-support';

const shot = shotsFor('inflows-');

const ddmmyyyy = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000 + 3_600_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

test('customer -> partner -> 3-installment invoice -> approve -> public pay page -> sandbox deposit -> paid', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await skipTourWhenItOpens(page);
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' },
  });
  expect(login.ok()).toBe(true);
  const csrf = async () => (await ctx.cookies()).find((c) => c.name === 'owo_csrf')?.value ?? '';
  // The demo has one approver (the owner): the account's AP policy lets a maker approve their own.
  const policy = await page.request.put('/api/settings/ap-policy', {
    headers: { 'x-csrf-token': await csrf() },
    data: { autoApproveBelow: '0', fourEyes: false, overBudget: 'block', kycIncompleteCap: '100000' },
  });
  expect(policy.ok()).toBe(true);

  const customer = `Bisi Stores ${run}`;
  await test.step('a customer', async () => {
    await page.goto('/inflows/customers');
    await page.getByRole('button', { name: 'New Customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(customer);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Phone number').fill('0803');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Invalid phone number')).toBeVisible();
    await shot(page, '01-customer-errors');
    await dialog.getByLabel('Email').fill(`bisi.${run}@stores.ng`);
    await dialog.getByLabel('Phone number').fill('08031234567');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Customer created.')).toBeVisible();
    await expect(page.getByRole('cell', { name: customer })).toBeVisible();
    await shot(page, '02-customers');
  });

  const partner = `Kola Haulage ${run}`;
  await test.step('a partner at 20% with a cap', async () => {
    await page.goto('/inflows/partners');
    await page.getByRole('button', { name: 'New Partner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Partner name').fill(partner);
    await choose(page, 'Bank', /Guaranty Trust Bank/, { exactLabel: true });
    await dialog.getByLabel('Account number').fill('1234567896');
    await expect(dialog.getByTestId('resolved-name')).not.toBeEmpty();
    await dialog.getByLabel('Split percentage').fill('20');
    await dialog.getByLabel('Amount cap (NGN, optional)').fill('500');
    await shot(page, '03-partner-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Partner created')).toBeVisible();
    await expect(page.getByRole('cell', { name: partner })).toBeVisible();
  });

  await test.step('a 3-installment invoice through the wizard', async () => {
    await page.goto('/inflows/invoices');
    await page.getByRole('button', { name: 'New Invoice' }).click();
    await expect(page).toHaveURL(/\/inflows\/new-invoice/);
    await choose(page, 'Customer', new RegExp(customer), { exactLabel: true });
    await page.getByLabel('Name').first().fill('Bags of rice (50kg)');
    await page.getByLabel('Price (NGN)').fill('1000');
    await page.getByLabel('Quantity').fill('3');
    await choose(page, 'Mode of partners settlement', 'After every collection', { exactLabel: true });
    await choose(page, 'Partners', new RegExp(partner), { exactLabel: true });
    await page.keyboard.press('Escape');
    await shot(page, '04-wizard-details');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/payment-terms-invoice/);
    await page.getByText('Installments', { exact: true }).click();
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Add term' }).click();
    const names = page.getByLabel('Name');
    const dates = page.getByLabel('Due date');
    for (let i = 0; i < 3; i++) {
      await names.nth(i).fill(['Deposit', 'Second', 'Final'][i]);
      await dates.nth(i).fill(ddmmyyyy(i * 10));
    }
    await shot(page, '05-wizard-terms');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/review-invoice/);
    await expect(page.getByRole('cell', { name: '34%' })).toBeVisible();
    await shot(page, '06-wizard-review');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(page.getByText('Invoice saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/inflows\/invoices$/);
  });

  let payLink = '';
  await test.step('approve with the shared modal; the invoice gets its own account', async () => {
    await page.getByRole('cell', { name: customer }).first().click();
    await expect(page).toHaveURL(/\/inflows\/invoices\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Order confirmed by phone');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Approve/ })
      .click();
    await expect(page.getByText('Invoice approved successfully')).toBeVisible();
    const link = page.getByRole('link', { name: 'Open the pay page' });
    await expect(link).toBeVisible();
    payLink = (await link.getAttribute('href'))!;
    await shot(page, '07-invoice-approved');
  });

  await test.step('a visitor opens the pay page; the sandbox bank pays the first installment', async () => {
    const visitor = await browser.newContext();
    const pay = await visitor.newPage();
    await pay.goto(new URL(payLink).pathname);
    await expect(pay.getByRole('heading', { name: 'Pay invoice' })).toBeVisible();
    await expect(pay.getByTestId('pay-company')).toHaveText('Adaeze Foods Ltd');
    await expect(pay.getByText(/^Invoice inv-/)).toBeVisible();
    await expect(pay.getByRole('button', { name: 'Copy account number' })).toBeVisible();
    // The customer was mailed the invoice with this same link once it could be paid.
    await expect
      .poll(async () => {
        const box = await (
          await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(`bisi.${run}@stores.ng`)}&limit=5`)
        ).json();
        return (box.data as { subject: string; text: string }[]).some(
          (m) => m.subject.startsWith('Invoice ') && m.text.includes(new URL(payLink).pathname),
        );
      })
      .toBe(true);
    await expect(pay.getByTestId('amount-due')).toHaveText(/1,020\.00/);
    const accountNumber = (await pay.getByTestId('pay-account-number').textContent())!.trim();
    await shot(pay, '08-pay-page');
    await pay.setViewportSize({ width: 390, height: 844 });
    await shot(pay, '08-pay-page-phone');
    await pay.setViewportSize({ width: 1280, height: 800 });
    const dep = await page.request.post('/api/sandbox/deposits', {
      headers: { 'x-csrf-token': await csrf() },
      data: { accountNumber, amount: '1020', senderName: 'BISI STORES' },
    });
    expect(dep.ok()).toBe(true);
    await expect(pay.getByTestId('amount-due')).toHaveText(/990\.00/);
    await shot(pay, '09-pay-page-after-first');
    await visitor.close();
  });

  await test.step('the invoice shows the installment paid and the split settled', async () => {
    await page.reload();
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'Deposit' }).getByText('Paid')).toBeVisible();
    await expect(page.getByText('Partly paid').first()).toBeVisible();
    await expect(rows.filter({ hasText: partner }).getByText('Paid').first()).toBeVisible();
    await shot(page, '10-invoice-partly-paid');
    await page.goto('/inflows');
    await expect(page.getByRole('cell', { name: 'SETTLEMENT' }).first()).toBeVisible();
    await shot(page, '11-transactions');
  });

  await test.step('overpay the rest and refund the overage', async () => {
    await page.goBack();
    const accountNumber = (await page
      .getByText(/^\d{10} · /)
      .first()
      .textContent())!.slice(0, 10);
    const dep = await page.request.post('/api/sandbox/deposits', {
      headers: { 'x-csrf-token': await csrf() },
      data: { accountNumber, amount: '2000', senderName: 'BISI STORES' },
    });
    expect(dep.ok()).toBe(true);
    const refundBtn = page.getByRole('button', { name: 'Refund', exact: true });
    await expect(refundBtn).toBeVisible();
    await expect(page.getByRole('cell', { name: '₦20.00' })).toBeVisible();
    await refundBtn.click();
    const dialog = page.getByRole('dialog');
    await choose(page, 'Bank', /Guaranty Trust Bank/, { exactLabel: true });
    await dialog.getByLabel('Account number').fill('2468135798');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText('Refund successful')).toBeVisible();
    await expect(page.getByText('Completed').first()).toBeVisible();
    await shot(page, '12-invoice-completed-refunded');
  });
});
