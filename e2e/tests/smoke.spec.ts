import { expect, test } from './fixtures';

test('the app is served with the API behind it', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('body')).toContainText('Owo');
  const health = await request.get('/api/health');
  expect(health.ok()).toBeTruthy();
});
