// Bulk disbursements, clicked the way users would (issue 23 §4, §5): the owner uploads a 50-row CSV
// with 3 bad rows, sees them with their row numbers, fixes them in place and submits; a second person
// approves the batch as a whole and the sandbox rails pay every row. Screens land in e2e/artifacts/screens/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { DEMO_OWNER, setDemoRole } from './demo-state';
import { nuban, pickOption, promoteSecondPerson, SECOND, shot, signedIn } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const serial = (i: number) => String(300_000_000 + Math.floor(Math.random() * 500_000_000) + i);

test.afterAll(async ({ request }) => {
  await setDemoRole(request, SECOND.email, 'accountant');
});

/** 50 rows; rows 7 (bad check digit), 23 (too short) and 41 (unknown bank) fail validation. */
function bulkFile(): string {
  const lines = ['accountNumber,bankCode,amount,narration'];
  for (let i = 1; i <= 50; i++) {
    const amount = (500 + i * 10).toFixed(2);
    if (i === 7) lines.push(`0123456780,058,${amount},Row ${i} ${run}`);
    else if (i === 23) lines.push(`12345,058,${amount},Row ${i} ${run}`);
    else if (i === 41) lines.push(`${nuban(serial(i))},999,${amount},Row ${i} ${run}`);
    else lines.push(`${nuban(serial(i))},058,${amount},Row ${i} ${run}`);
  }
  const file = path.join(os.tmpdir(), `bulk-${run}.csv`);
  fs.writeFileSync(file, lines.join('\r\n'));
  return file;
}

test('a 50-row bulk file with 3 bad rows → fix → approve → paid', async ({ browser, request }) => {
  await promoteSecondPerson(request);
  const owner = await signedIn(browser, DEMO_OWNER);
  const name = `Vendors ${run}`;
  let batchUrl = '';

  await test.step('Make Payment → Mass Payout opens the upload', async () => {
    await owner.goto('/disbursements');
    await expect(owner.getByRole('heading', { name: 'Bulk disbursements', level: 2 })).toBeVisible();
    await shot(owner, 'disbursements-01-list');
    await owner.goto('/disbursements/new');
    await expect(owner.getByRole('heading', { name: 'New bulk payment' })).toBeVisible();
  });

  await test.step('upload the CSV: 3 rows fail with their row numbers', async () => {
    await owner.getByLabel('Name').fill(name);
    await owner.locator('input[type="file"]').setInputFiles(bulkFile());
    await shot(owner, 'disbursements-02-upload');
    await owner.getByRole('button', { name: 'Upload and validate' }).click();
    await expect(owner).toHaveURL(/\/disbursements\/new\/error\?id=/);
    await expect(owner.getByTestId('invalid-count')).toHaveText('3');
    for (const row of [7, 23, 41]) await expect(owner.getByTestId(`failed-row-${row}`)).toBeVisible();
    await expect(owner.getByText('Invalid account number for this bank')).toBeVisible();
    await expect(owner.getByText('Account number must be 10 digits')).toBeVisible();
    await expect(owner.getByText('Unknown bank')).toBeVisible();
    await shot(owner, 'disbursements-03-failed-rows');
  });

  await test.step('fix the three rows in place and submit', async () => {
    for (const row of [7, 23, 41]) {
      const tr = owner.getByTestId(`failed-row-${row}`);
      await tr.getByLabel(`Account number of row ${row}`).fill(nuban(serial(row + 100)));
      if (row === 41) {
        await pickOption(tr.getByLabel(`Bank of row ${row}`), /Guaranty Trust Bank/);
      }
      await tr.getByRole('button', { name: 'Save' }).click();
      await expect(owner.getByTestId(`failed-row-${row}`)).toHaveCount(0);
    }
    await expect(owner.getByTestId('invalid-count')).toHaveText('0');
    await shot(owner, 'disbursements-04-fixed');
    await owner.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(owner.getByText('Pending approval').first()).toBeVisible();
    // four eyes: the maker is not offered Approve
    await expect(owner.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    await owner.getByRole('link', { name: 'Open bulk payment' }).click();
    await expect(owner).toHaveURL(/\/disbursements\/[0-9a-f-]{36}$/);
    batchUrl = new URL(owner.url()).pathname;
    await shot(owner, 'disbursements-05-pending');
  });

  await test.step('a second person approves the batch as a whole; every row is paid', async () => {
    const approver = await signedIn(browser, SECOND);
    await approver.goto('/disbursements/pending');
    await approver.getByText(name).click();
    await expect(approver).toHaveURL(new RegExp(`${batchUrl}$`));
    await approver.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = approver.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Vendor list checked');
    await dialog.getByRole('button', { name: /Approve/ }).click();
    await expect(dialog).toBeHidden();
    await expect(approver.getByTestId('paid-count')).toHaveText('50');
    await expect(approver.getByText('Paid', { exact: true }).first()).toBeVisible();
    await shot(approver, 'disbursements-06-paid');
  });

  await test.step('the owner sees it under Active and downloads the report', async () => {
    await owner.goto('/disbursements/active');
    await expect(owner.getByText(name)).toBeVisible();
    await shot(owner, 'disbursements-07-active');
    await owner.goto(batchUrl);
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'Download report' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file!, 'utf8');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(51);
    expect(csv).toContain(',paid,');
  });
});
