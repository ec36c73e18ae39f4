// Issue 39 in the browser, as the demo owner: the cash forecast's chart, summary and weeks, and the
// expense form's "Scan a receipt" fills the form from a photo read on Owo's own servers (OCR).
// Screens land in e2e/artifacts/screens/capture-*.png and forecast-*.png.
import path from 'node:path';
import { expect, test } from './fixtures';
import { shot, signedIn } from './ui-support';

test('cash forecast: the chart, the summary and thirteen weeks', async ({ browser }) => {
  const page = await signedIn(browser);
  await page.goto('/insights/forecast');
  await expect(page.getByRole('heading', { name: 'Cash Forecast' }).first()).toBeVisible();
  await expect(page.getByTestId('forecast-chart')).toBeVisible();
  await expect(page.getByTestId('forecast-summary')).toBeVisible();
  const weeks = page.locator('[data-testid^="week-"]');
  await expect(weeks).toHaveCount(13);
  await shot(page, 'forecast-01-weeks');
});

test('expense form: Scan a receipt fills the amount from the photo; nothing is sent', async ({ browser }) => {
  const page = await signedIn(browser);
  await page.goto('/expense/new-payment');
  await expect(page.getByRole('button', { name: 'Scan a receipt' })).toBeVisible();
  const file = path.resolve(test.info().config.rootDir, '../../bench/capture-set/main/02-clean.png');
  await page.locator('input[type="file"][accept="image/jpeg,image/png,application/pdf"]').setInputFiles(file);
  await expect(page.getByText(/We filled \d+ fields? from your document/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Amount/ }).first()).toHaveValue(/65,?479\.33/);
  await shot(page, 'capture-01-expense-scanned');
});
