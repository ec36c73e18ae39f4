// Vendors, clicked the way users would (issue 23 §1): the owner invites a vendor, the vendor
// self-onboards on the public pages (no sign-in; the link then answers "already used"), the owner
// changes the vendor's bank and the change waits for a second person's approval. Then a vendor file
// import: a row with errors, fixed, summary, confirm. Screens land in e2e/artifacts/screens/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { setDemoApPolicy, setDemoRole } from './demo-state';
import { choose, nuban, OWNER, SECOND, shot, signedIn } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const serial = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));

test.afterAll(async ({ request }) => {
  await setDemoRole(request, SECOND.email, 'accountant');
});

test('invite a vendor → self-onboard on the public pages → change their bank → the change needs approval', async ({
  browser,
  request,
}) => {
  await setDemoApPolicy(request, { fourEyes: true });
  await setDemoRole(request, SECOND.email, 'admin');
  const owner = await signedIn(browser, OWNER);
  const vendorEmail = `accounts.${run}@onitshasteel.ng`;
  const vendorName = `Onitsha Steel ${run}`;

  await test.step('the owner invites the vendor', async () => {
    await owner.goto('/vendors');
    await owner.getByRole('button', { name: 'Invite vendor' }).click();
    await expect(owner).toHaveURL(/\/vendors\/invite$/);
    await owner.getByLabel('Vendor email').fill(vendorEmail);
    await owner.getByLabel('Vendor name (optional)').fill(vendorName);
    await shot(owner, 'vendors-01-invite');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner).toHaveURL(/\/vendors\/invite\/success$/);
    await expect(owner.getByText(vendorEmail)).toBeVisible();
    await shot(owner, 'vendors-02-invite-success');
  });

  let link = '';
  await test.step('the mail carries the onboarding link', async () => {
    await owner.goto('/dev/mailbox');
    await owner.getByLabel('Recipient email').fill(vendorEmail);
    await owner.getByRole('button', { name: 'Search' }).click();
    await owner.getByTestId('mailbox-item').first().click();
    link = (await owner.getByTestId('mail-link-0').getAttribute('href')) ?? '';
    expect(link).toMatch(/\/vendor-onboarding\/invitation\/[A-Za-z0-9_-]{43}$/);
  });

  const vendorContext = await browser.newContext();
  const vendor = await vendorContext.newPage();
  const account = nuban(serial());
  await test.step('the vendor onboards without signing in', async () => {
    await vendor.goto(new URL(link).pathname);
    await expect(vendor.getByRole('heading', { name: /invites you to get paid/ })).toBeVisible();
    await shot(vendor, 'vendors-03-onboarding-invitation');
    await vendor.getByRole('button', { name: 'Get started' }).click();
    await expect(vendor).toHaveURL(/\/add-personal-details\//);
    await expect(vendor.getByLabel('Email')).toHaveValue(vendorEmail);
    await vendor.getByLabel('Business or full name').fill(vendorName);
    await vendor.getByLabel('Phone').fill('08035551234');
    await vendor.getByLabel('Billing address').fill('14 New Market Road, Onitsha');
    await shot(vendor, 'vendors-04-personal-details');
    await vendor.getByRole('button', { name: 'Continue' }).click();
    await expect(vendor).toHaveURL(/\/add-bank-details\//);
    await choose(vendor, 'Bank', 'Guaranty Trust Bank');
    await vendor.getByLabel('Account number').fill(`${account.slice(0, 9)}${(Number(account[9]) + 1) % 10}`);
    await vendor.getByRole('button', { name: 'Submit' }).click();
    await expect(vendor.getByText(/could not verify|must be 10 digits|not valid/i).first()).toBeVisible();
    await shot(vendor, 'vendors-05-bank-details-nuban-error');
    await vendor.getByLabel('Account number').fill(account);
    await vendor.getByRole('button', { name: 'Submit' }).click();
    await expect(vendor).toHaveURL(/\/success\//);
    await expect(vendor.getByRole('heading', { name: 'You are all set' })).toBeVisible();
    await shot(vendor, 'vendors-06-onboarding-success');
    // The link is single use: opening it again shows a clear page.
    await vendor.goto(new URL(link).pathname);
    await expect(vendor.getByTestId('link-problem')).toContainText('already been used');
    await shot(vendor, 'vendors-07-link-used');
    await vendor.goto('/add-personal-details/00000000000000000000000000000000');
    await expect(vendor.getByTestId('link-problem')).toContainText('not valid');
  });

  let vendorUrl = '';
  await test.step('the vendor is in the list with its resolved account', async () => {
    await owner.goto(`/vendors?search=${encodeURIComponent(vendorName)}`);
    await owner.getByRole('cell', { name: vendorName }).click();
    await expect(owner).toHaveURL(/\/vendors\/[0-9a-f-]{36}$/);
    await expect(owner.getByText(account, { exact: true })).toBeVisible();
    vendorUrl = new URL(owner.url()).pathname;
    await shot(owner, 'vendors-08-vendor');
  });

  const newAccount = nuban(serial());
  await test.step('the owner changes the bank: it waits for someone else', async () => {
    await owner.getByRole('button', { name: 'Edit' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Account number').fill(newAccount);
    await expect(dialog.getByText(/must be approved by another team member/)).toBeVisible();
    // Save once the new account's name shows, as a user would: the button is disabled while it resolves.
    await expect(dialog.getByTestId('resolved-name')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(owner.getByTestId('pending-bank-change')).toContainText(newAccount);
    await expect(owner.getByText(account, { exact: true })).toBeVisible();
    // The maker is never offered Approve.
    await expect(owner.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await shot(owner, 'vendors-09-bank-change-pending');
  });

  await test.step('a second person approves the change', async () => {
    const second = await signedIn(browser, SECOND);
    await second.goto(vendorUrl);
    await expect(second.getByTestId('pending-bank-change')).toBeVisible();
    await shot(second, 'vendors-10-second-person-sees-change');
    await second.getByRole('button', { name: 'Approve', exact: true }).first().click();
    const dialog = second.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Confirmed by phone with the vendor');
    await dialog.getByRole('button', { name: /Approve/ }).click();
    await expect(second.getByTestId('pending-bank-change')).toHaveCount(0);
    await expect(second.getByText(newAccount, { exact: true })).toBeVisible();
    await shot(second, 'vendors-11-bank-change-approved');
  });
});

test('vendor import: errors by row → fixed file → summary → confirm', async ({ browser }) => {
  const owner = await signedIn(browser, OWNER);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-vendors-'));
  const header = 'name,email,phone,billingAddress,bankCode,accountNumber';
  const a = nuban(serial());
  const b = nuban(serial());
  const rows = [
    `Kaduna Textiles ${run},kt.${run}@x.ng,0803,"1 Ahmadu Bello Way, Kaduna",058,${a}`,
    `Jos Potatoes ${run},not-an-email,,,058,${b}`,
    `Dup ${run},dup.${run}@x.ng,,,058,${a}`,
  ];
  const bad = path.join(dir, 'vendors.csv');
  fs.writeFileSync(bad, [header, ...rows].join('\n'));

  await owner.goto('/vendors');
  await owner.getByRole('button', { name: 'Import vendors' }).click();
  await expect(owner).toHaveURL(/\/vendors\/import-vendors$/);
  await owner.locator('input[type="file"]').setInputFiles(bad);
  await shot(owner, 'vendors-20-import-upload');
  await owner.getByRole('button', { name: 'Upload and check' }).click();
  await expect(owner).toHaveURL(/\/vendors\/import\/error\?batch=/);
  const errors = owner.getByTestId('import-errors');
  await expect(errors).toContainText('Enter a valid email address');
  await expect(errors).toContainText('Duplicate bank account in this file (row 2)');
  await shot(owner, 'vendors-21-import-errors');

  const fixed = path.join(dir, 'vendors-fixed.csv');
  fs.writeFileSync(fixed, [header, rows[0], rows[1].replace('not-an-email', `jp.${run}@x.ng`)].join('\n'));
  await owner.getByRole('button', { name: 'Upload again' }).click();
  await owner.locator('input[type="file"]').setInputFiles(fixed);
  await owner.getByRole('button', { name: 'Upload and check' }).click();
  await expect(owner).toHaveURL(/\/vendors\/import-vendors\/summary\?batch=/);
  await expect(owner.getByTestId('import-summary')).toContainText(`Kaduna Textiles ${run}`);
  await shot(owner, 'vendors-22-import-summary');
  await owner.getByRole('button', { name: /Confirm and import 2 vendors/ }).click();
  await expect(owner).toHaveURL(/\/vendors$/);
  await owner.goto(`/vendors?search=${run}`);
  await expect(owner.getByRole('cell', { name: `Jos Potatoes ${run}` })).toBeVisible();
  await shot(owner, 'vendors-23-imported');
});

test('bills: import a file → summary → confirm; the bill inbox address; the bill tiers dialog', async ({
  browser,
}) => {
  const owner = await signedIn(browser, OWNER);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-bills-'));
  const file = path.join(dir, 'bills.csv');
  const acct = nuban(serial());
  fs.writeFileSync(
    file,
    [
      'vendorName,vendorEmail,bankCode,accountNumber,amount,invoiceNumber,description,dueDate',
      `Aba Leather ${run},sales.${run}@abaleather.ng,058,${acct},"85,000",AL-${run}-1,Leather seat covers,15/12/2026`,
      `Aba Leather ${run},sales.${run}@abaleather.ng,058,${acct},12500.50,AL-${run}-2,Delivery,`,
    ].join('\n'),
  );
  await owner.goto('/payouts/bills');
  await owner.getByRole('button', { name: 'Import bills' }).click();
  await expect(owner).toHaveURL(/\/bills\/import$/);
  await owner.locator('input[type="file"]').setInputFiles(file);
  await owner.getByRole('button', { name: 'Upload and check' }).click();
  await expect(owner).toHaveURL(/\/bills\/import\/summary\?batch=/);
  await expect(owner.getByTestId('import-summary')).toContainText(`AL-${run}-1`);
  await shot(owner, 'vendors-30-bill-import-summary');
  await owner.getByRole('button', { name: /Confirm and import 2 bills/ }).click();
  await expect(owner).toHaveURL(/\/payouts\/bills$/);
  await expect(owner.getByRole('cell', { name: `AL-${run}-1` })).toBeVisible();
  await shot(owner, 'vendors-31-bills-imported');

  await owner.getByRole('button', { name: 'Bill inbox email' }).click();
  await expect(owner.getByTestId('bill-inbox-email')).toHaveValue(/^bills-[0-9a-f]{20}@/);
  await shot(owner, 'vendors-32-bill-inbox-dialog');
  await owner.keyboard.press('Escape');

  await owner.getByRole('button', { name: 'Bill tiers' }).click();
  await expect(owner.getByTestId('not-kyb')).toContainText('not your KYB tiers');
  await owner.getByRole('button', { name: 'Edit' }).first().click();
  await shot(owner, 'vendors-33-bill-tiers-dialog');
});
