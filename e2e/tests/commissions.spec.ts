// Agent commissions journey (issue 24 §6 steps 6–7): the owner sets the default commission in the
// Teams Agents tab; the demo agent's invoice is approved and overpaid; the commission matures;
// the daily batch appears, is approved with the shared approval modal and paid; the overage refund
// claws back the commission on it; the agent's Earnings Insight shows the four totals.
// Screens land in e2e/artifacts/screens/commissions-*.png.
import { type BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { reloadUntil, shotsFor, skipTourWhenItOpens } from './ui-support';

const shot = shotsFor('commissions-');

async function signedIn(ctx: BrowserContext, email: string, password: string) {
  const page = await ctx.newPage();
  await skipTourWhenItOpens(page);
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const csrf = async () => (await ctx.cookies()).find((c) => c.name === 'owo_csrf')?.value ?? '';
  const call = async (method: 'get' | 'post' | 'put', url: string, data?: unknown) => {
    const res = await page.request[method](url, { headers: { 'x-csrf-token': await csrf() }, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: any }).data;
  };
  return { page, call };
}

test('commission settings -> agent invoice paid -> matured -> batch approved and paid -> refund claws back -> Earnings Insight', async ({
  browser,
}) => {
  const run = Date.now().toString(36);
  const ownerCtx = await browser.newContext();
  const owner = await signedIn(ownerCtx, 'owner@demo.owo.ng', 'Demo-Owner-2026');
  const agentCtx = await browser.newContext();
  const agent = await signedIn(agentCtx, 'agent@demo.owo.ng', 'Demo-Agent-2026');
  // The demo has one approver (the owner).
  await owner.call('put', '/api/settings/ap-policy', {
    autoApproveBelow: '0',
    fourEyes: false,
    overBudget: 'block',
    kycIncompleteCap: '100000',
  });
  const page = owner.page;

  await test.step('the default commission, in the Teams Agents tab', async () => {
    await page.goto('/teams?tab=agents');
    await expect(page.getByText('agent@demo.owo.ng')).toBeVisible();
    await page.getByRole('button', { name: 'Default commission' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Default commission (%)').fill('');
    await dialog.getByLabel('Commission earning threshold (₦, optional)').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Default commission must be greater than 0')).toBeVisible();
    await expect(
      dialog.getByText('Commission earning threshold must be greater than NGN10 if provided'),
    ).toBeVisible();
    await shot(page, '01-settings-errors');
    await dialog.getByLabel('Default commission (%)').fill('10');
    await dialog.getByLabel('Commission earning threshold (₦, optional)').fill('');
    await expect(dialog.getByText('Enabled')).toBeVisible();
    await shot(page, '02-settings-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Commission settings saved successfully!')).toBeVisible();
  });

  let invoiceId = '';
  let accountNumber = '';
  await test.step('the agent invoices ₦2,000; the owner approves; the customer pays ₦2,500', async () => {
    const customer = await agent.call('post', '/api/inflows/customers', {
      name: `Obi Traders ${run}`,
      email: `obi.${run}@traders.ng`,
    });
    const s1 = await agent.call('post', '/api/inflows/invoice', {
      step: 1,
      payload: {
        customerId: customer.id,
        products: [{ name: 'Palm oil (25l)', price: '2000', quantity: 1 }],
      },
    });
    invoiceId = s1.id;
    await agent.call('post', '/api/inflows/invoice', {
      step: 2,
      payload: { invoiceId, paymentOption: 'one-time' },
    });
    const s3 = await agent.call('post', '/api/inflows/invoice', { step: 3, payload: { invoiceId } });
    await owner.call(
      'post',
      `/api/approval-workflows/pending-approvals/approve/${s3.approvalWorkflowPendingApprovalItem.id}`,
      {
        approvalStatus: 'approved',
        comments: 'Order confirmed',
      },
    );
    await expect(async () => {
      const inv = await owner.call('get', `/api/inflows/invoice/${invoiceId}`);
      expect(inv.collectionAccount).toBeTruthy();
      accountNumber = inv.collectionAccount.accountNumber;
    }).toPass();
    await owner.call('post', '/api/sandbox/deposits', {
      accountNumber,
      amount: '2500',
      senderName: 'OBI TRADERS',
    });
  });

  await test.step('the agent sees the commission matured', async () => {
    // It matures with the payment that completes the invoice; the daily batch may take it at once.
    await expect(async () => {
      const list = await agent.call('get', '/api/agents/self/commissions');
      expect(['matured', 'pending']).toContain(list[0]?.approvalStatus);
    }).toPass();
    await agent.page.goto('/commissions');
    const row = agent.page.getByRole('row').filter({ hasText: '₦250.00' });
    await expect(row.getByText('10%')).toBeVisible();
    await expect(row.getByText(/Matured|Pending/).first()).toBeVisible();
    await shot(agent.page, '03-agent-matured');
  });

  await test.step('the daily batch is approved with the shared modal and paid', async () => {
    await page.goto('/commissions/disbursement');
    const row = page.getByRole('row').filter({ hasText: 'Chioma Eze' }).filter({ hasText: '₦250.00' });
    await reloadUntil(page, page.getByRole('table').or(page.getByTestId('list-empty')), row);
    await shot(page, '04-batches');
    await row.click();
    await expect(page).toHaveURL(/\/commissions\/disbursement\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Summary')).toBeVisible();
    await shot(page, '05-batch-pending');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByLabel('Reason').fill('Commissions checked');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Approve/ })
      .click();
    await expect(page.getByText('Commission approved successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'CHIOMA EZE' }).getByText('Paid')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Paid').first()).toBeVisible();
    await shot(page, '06-batch-paid');
  });

  await test.step('refunding the overage claws back its commission', async () => {
    const inv = await owner.call('get', `/api/inflows/invoice/${invoiceId}`);
    await owner.call(
      'post',
      `/api/inflows/invoice/${invoiceId}/refunds/${inv.invoiceCollectionRefunds[0].id}/init`,
      {
        refundAccountDetails: { bankCode: '058', accountNumber: '2468135798' },
      },
    );
    await agent.page.goto('/commissions');
    const claw = agent.page.getByRole('row').filter({ hasText: 'clawback' });
    await expect(
      claw.getByText('-₦50.00').or(claw.getByText('₦-50.00')).or(claw.getByText('−₦50.00')),
    ).toBeVisible();
    await shot(agent.page, '07-agent-clawback');
  });

  await test.step('Earnings Insight shows the four totals', async () => {
    await agent.page.goto('/agent-insight');
    await expect(agent.page.getByRole('heading', { name: 'Earnings Insight' }).first()).toBeVisible();
    await expect(agent.page.getByTestId('insight-totalEarned')).toContainText('₦200.00');
    await expect(agent.page.getByTestId('insight-totalPaid')).toContainText('₦250.00');
    await expect(agent.page.getByTestId('insight-totalAwaitingApproval')).toContainText('50.00');
    await expect(agent.page.getByTestId('insight-totalAwaitingMaturity')).toContainText('₦0.00');
    await shot(agent.page, '08-earnings-insight');
  });
  await ownerCtx.close();
  await agentCtx.close();
});
