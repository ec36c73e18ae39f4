// Payables, clicked the way users would (issue 23): the owner adds a vendor (its account resolved
// by name), makes a direct payout (type dialog, details, review with the fee), edits it, a second person
// approves it and the sandbox rails pay it; then the owner changes the vendor's bank account and
// the change waits for the second person's approval. Screens land in e2e/artifacts/screens/.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setDemoRole } from './demo-state';
import { choose, nuban, OWNER, promoteSecondPerson, reloadUntil, SECOND, shot, signedIn } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const serial = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));

test.afterAll(async ({ request }) => {
  await setDemoRole(request, SECOND.email, 'accountant');
});

async function approveHere(page: Page, reason: string) {
  await page.getByRole('button', { name: 'Approve', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: /Approve/ }).click();
  await expect(dialog).toBeHidden();
}

test('vendor → direct payout → approved by a second person → paid; a bank change waits for approval', async ({
  browser,
  request,
}) => {
  await promoteSecondPerson(request);
  const owner = await signedIn(browser, OWNER);
  const vendorName = `Ikeja Diesel ${run}`;
  const account = nuban(serial());

  await test.step('add a vendor; the account name is resolved', async () => {
    await owner.goto('/vendors');
    await expect(owner.getByRole('heading', { name: 'Vendors', level: 2 })).toBeVisible();
    await owner.getByRole('button', { name: 'Add vendor' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Name').fill(vendorName);
    await dialog.getByLabel('Email').fill(`accounts.${run}@ikejadiesel.ng`);
    await dialog.getByLabel('Phone').fill('08031234567');
    await choose(owner, 'Bank', 'Guaranty Trust Bank');
    await dialog.getByLabel('Account number').fill(account);
    await expect(dialog.getByTestId('resolved-name')).toBeVisible();
    await shot(owner, 'payables-01-add-vendor');
    await dialog.getByRole('button', { name: 'Add vendor' }).click();
    await expect(owner).toHaveURL(/\/vendors\/[0-9a-f-]{36}$/);
    await expect(owner.getByRole('heading', { name: vendorName, level: 2 })).toBeVisible();
    await shot(owner, 'payables-02-vendor');
  });

  let payoutUrl = '';
  await test.step('direct payout: type dialog, details, review with the fee', async () => {
    await owner.getByRole('button', { name: 'Pay vendor' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Select payout type' });
    await expect(dialog).toBeVisible();
    await shot(owner, 'payables-03-payout-type');
    await dialog.getByRole('radio', { name: /^Standard/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('textbox', { name: 'Vendor' })).toHaveValue(new RegExp(vendorName));
    await owner.getByRole('button', { name: 'Continue' }).click();
    await expect(owner).toHaveURL(/\/payment-details$/);
    await owner.getByLabel('Amount (₦)').fill('15000');
    await owner.getByLabel('Narration').fill('Diesel for the Ikeja depot');
    await shot(owner, 'payables-04-payment-details');
    await owner.getByRole('button', { name: 'Continue' }).click();
    await expect(owner).toHaveURL(/\/payment-review$/);
    await expect(owner.getByText('₦15,000.00')).toBeVisible();
    await shot(owner, 'payables-05-payment-review');
    await owner.getByRole('button', { name: 'Send for approval' }).click();
    await expect(owner).toHaveURL(/\/payouts\/[0-9a-f-]{36}$/);
    await expect(owner.getByText('pending', { exact: true }).first()).toBeVisible();
    // The maker is never offered Approve (four eyes).
    await expect(owner.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    payoutUrl = new URL(owner.url()).pathname;
    await shot(owner, 'payables-06-payout-pending');
  });

  await test.step('edit the pending payout: prefilled, reviewed, back to approval', async () => {
    await owner.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(owner).toHaveURL(/\/payouts\/[0-9a-f-]{36}\/edit$/);
    await expect(owner.getByLabel('Amount (NGN)')).toHaveValue('15000.00');
    await expect(owner.getByLabel('Narration')).toHaveValue('Diesel for the Ikeja depot');
    await owner.getByLabel('Amount (NGN)').fill('16000');
    await shot(owner, 'payables-06a-payout-edit');
    await owner.getByRole('button', { name: 'Continue' }).click();
    await expect(owner).toHaveURL(/\/edit\/review$/);
    await expect(owner.getByText('₦16,000.00')).toBeVisible();
    await shot(owner, 'payables-06b-payout-edit-review');
    await owner.getByRole('button', { name: 'Submit' }).click();
    await expect(owner.getByText('Payout updated and sent for approval again').first()).toBeVisible();
    await expect(owner).toHaveURL(new RegExp(`${payoutUrl}$`));
    await expect(owner.getByRole('heading', { name: '₦16,000.00' })).toBeVisible();
    await expect(owner.getByText('pending', { exact: true }).first()).toBeVisible();
  });

  const second = await signedIn(browser, SECOND);
  await test.step('a second person approves; the sandbox rails pay it', async () => {
    await second.goto(payoutUrl);
    await approveHere(second, 'Invoice checked against the delivery note');
    await reloadUntil(
      second,
      second.getByRole('heading', { name: /^₦[\d,.]+/ }),
      second.getByText('completed', { exact: true }),
    );
    await shot(second, 'payables-07-payout-completed');
  });

  await test.step('a completed payout offers no Edit', async () => {
    await owner.goto(payoutUrl);
    await expect(owner.getByText('completed', { exact: true }).first()).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  });

  await test.step('the payouts list and its tabs', async () => {
    await owner.goto('/payouts/completed');
    await expect(owner.locator('[data-tour="payouts-tab-completed"]')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(owner.getByRole('cell', { name: vendorName }).first()).toBeVisible();
    await shot(owner, 'payables-08-payouts-completed');
  });

  await test.step('a bank change needs the second person', async () => {
    await owner.goto(payoutUrl);
    const vendorId = await owner.evaluate(
      async (p) => {
        const r = await fetch(`/api${p}`, { credentials: 'include' });
        return (await r.json()).data.payee.id as string;
      },
      payoutUrl.replace('/payouts/', '/payouts/'),
    );
    await owner.goto(`/vendors/${vendorId}`);
    await owner.getByRole('button', { name: 'Edit' }).click();
    const dialog = owner.getByRole('dialog');
    const newAccount = nuban(serial());
    await dialog.getByLabel('Account number').fill(newAccount);
    await expect(dialog.getByText(/must be approved by another team member/)).toBeVisible();
    // Save once the new account's name shows, as a user would: the button is disabled while it resolves.
    await expect(dialog.getByTestId('resolved-name')).toBeVisible();
    await shot(owner, 'payables-09-bank-change-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(owner.getByTestId('pending-bank-change')).toContainText(newAccount);
    await expect(owner.getByText(account, { exact: true })).toBeVisible(); // still the old account
    await shot(owner, 'payables-10-bank-change-pending');

    await second.goto(`/vendors/${vendorId}`);
    await approveHere(second, 'Confirmed by phone with the vendor');
    await expect(second.getByTestId('pending-bank-change')).toHaveCount(0);
    await expect(second.getByText(newAccount, { exact: true })).toBeVisible();
    await shot(second, 'payables-11-bank-change-approved');
  });
});

/** A minimal valid one-page PDF (the vendor's bill). */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('request a bill → the vendor fills send-bill → approve → paid', async ({ browser, request }) => {
  await promoteSecondPerson(request);
  const owner = await signedIn(browser, OWNER);
  const vendorEmail = `billing.${run}@lekkicleaning.ng`;

  await test.step('request the bill from the payouts bills list', async () => {
    await owner.goto('/payouts/quotes?request=bill');
    const dialog = owner.getByRole('dialog', { name: 'Request a bill from a vendor' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Vendor email').fill(vendorEmail);
    await dialog.getByLabel('Note (optional)').fill('Invoice for March cleaning, please');
    await shot(owner, 'payables-20-request-bill');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('cell', { name: vendorEmail })).toBeVisible();
    await shot(owner, 'payables-21-bills-list');
  });

  let link = '';
  await test.step('the mail carries the send-bill link', async () => {
    await owner.goto('/dev/mailbox');
    await owner.getByLabel('Recipient email').fill(vendorEmail);
    await owner.getByRole('button', { name: 'Search' }).click();
    await owner.getByTestId('mailbox-item').first().click();
    link = (await owner.getByTestId('mail-link-0').getAttribute('href')) ?? '';
    expect(link).toMatch(/\/send-bill\/welcome\/[A-Za-z0-9_-]{43}$/);
  });
  // The link carries its own token (issue 34 §3), never the bill's reference: staff read that from the list.
  const listed = await owner.request.get('/api/payout/quotes');
  expect(listed.ok()).toBe(true);
  const ref = ((await listed.json()).data as { email: string; reference: string }[]).find(
    (b) => b.email === vendorEmail,
  )!.reference;
  expect(link.split('/').pop()).not.toBe(ref);

  const vendorContext = await browser.newContext();
  const vendor = await vendorContext.newPage();
  await test.step('the vendor (not signed in) sends the bill', async () => {
    await vendor.goto(new URL(link).pathname);
    await expect(vendor.getByRole('heading', { name: /requests a bill/ })).toBeVisible();
    await shot(vendor, 'payables-22-send-bill-welcome');
    await vendor.getByRole('button', { name: 'Get started' }).click();
    await vendor.getByLabel('Amount (₦)').fill('40000');
    await vendor.getByLabel('Description').fill('Office cleaning, March');
    await vendor.getByLabel('Invoice number').fill('INV-0042');
    await vendor.getByLabel('Due date').pressSequentially('31122026');
    await choose(vendor, 'Bank', 'Guaranty Trust Bank');
    await vendor.getByLabel('Account number').fill(nuban(serial()));
    await vendor.locator('input[type="file"]').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf(),
    });
    await shot(vendor, 'payables-23-send-bill-details');
    await vendor.getByRole('button', { name: 'Continue' }).click();
    await expect(vendor).toHaveURL(/\/send-bill\/review\//);
    await shot(vendor, 'payables-24-send-bill-review');
    await vendor.getByRole('button', { name: 'Done' }).click();
    await expect(vendor.getByRole('heading', { name: 'Payment Requested' })).toBeVisible();
    await shot(vendor, 'payables-25-send-bill-success');
    // Single use: the link now says so.
    await vendor.goto(new URL(link).pathname);
    await expect(vendor.getByText('This bill link has already been used')).toBeVisible();
  });

  let payoutUrl = '';
  await test.step('the company sends the bill for payment', async () => {
    await owner.goto(`/bills/${ref}`);
    await expect(owner.getByText('INV-0042')).toBeVisible();
    await owner.getByRole('button', { name: 'Review and pay' }).click();
    await expect(owner).toHaveURL(new RegExp(`/bills/${ref}/review$`));
    await choose(owner, 'Pay from', 'NGN');
    await shot(owner, 'payables-26-bill');
    await owner.getByRole('button', { name: 'Send for approval' }).click();
    await expect(owner).toHaveURL(/\/payouts\/[0-9a-f-]{36}$/);
    payoutUrl = new URL(owner.url()).pathname;
  });

  const second = await signedIn(browser, SECOND);
  await test.step('a second person approves; paid', async () => {
    await second.goto(payoutUrl);
    await approveHere(second, 'Bill matches the work done');
    await reloadUntil(
      second,
      second.getByRole('heading', { name: /^₦[\d,.]+/ }),
      second.getByText('completed', { exact: true }),
    );
    await shot(second, 'payables-27-bill-paid');
  });
});
