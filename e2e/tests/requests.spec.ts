// Fund requests, clicked the way users would (issue 23 §0 "Requests"): a member asks for funds to
// their own account through the request-funds flow, the owner opens it from the notification, picks
// "Approve and pay", and the sandbox rails pay it. Screens land in e2e/artifacts/screens/.
import { expect, test } from './fixtures';
import { setDemoRole } from './demo-state';
import { choose, nuban, OWNER, promoteSecondPerson, reloadUntil, SECOND, shot, signedIn } from './ui-support';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const serial = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));

test.afterAll(async ({ request }) => {
  await setDemoRole(request, SECOND.email, 'accountant');
});

test('a fund request → opened from its notification → Approve and pay → paid', async ({
  browser,
  request,
}) => {
  await promoteSecondPerson(request);
  const member = await signedIn(browser, SECOND);
  const narration = `Site visit fuel ${run}`;

  await test.step('the member requests funds: amount and source, purpose, review', async () => {
    await member.goto('/requests');
    await expect(member.getByRole('heading', { name: 'Requests', level: 2 })).toBeVisible();
    await member.getByRole('button', { name: 'Request funds' }).click();
    const dialog = member.getByRole('dialog');
    await dialog.getByLabel('Amount (NGN)').fill('12500');
    await shot(member, 'requests-01-amount');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await choose(member, 'Purpose', 'Reimbursement');
    await dialog.getByLabel('Narration').fill(narration);
    await choose(member, 'Bank', 'Guaranty Trust Bank');
    await dialog.getByLabel('Account number').fill(nuban(serial()));
    await shot(member, 'requests-02-purpose');
    await dialog.getByRole('button', { name: 'Review', exact: true }).click();
    await expect(dialog.getByText('₦12,500.00')).toBeVisible();
    await shot(member, 'requests-03-review');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await expect(member).toHaveURL(/\/request\/req_/);
    await expect(member.getByText('Pending', { exact: true }).first()).toBeVisible();
    await expect(member.getByRole('button', { name: 'Approve and pay' })).toHaveCount(0); // four eyes
    await shot(member, 'requests-04-detail-pending');
  });

  const owner = await signedIn(browser, OWNER);
  await test.step('the owner opens it from the notification and approves and pays', async () => {
    await owner.goto('/notifications');
    await owner.getByText(narration).first().click();
    const dialog = owner.getByRole('dialog');
    if (await dialog.isVisible().catch(() => false)) {
      const open = dialog.getByRole('button', { name: /View|Open/ });
      if (await open.count()) await open.first().click();
    }
    await expect(owner).toHaveURL(/\/request\/req_/);
    await shot(owner, 'requests-05-approver');
    await owner.getByRole('button', { name: 'Approve and pay' }).click();
    const modal = owner.getByRole('dialog');
    await modal.getByLabel('Comment').fill('Receipts checked');
    await modal.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(modal).toBeHidden();
    await reloadUntil(
      owner,
      owner.getByRole('heading', { name: /^Request / }),
      owner.getByText('Paid', { exact: true }),
    );
    await shot(owner, 'requests-06-paid');
    await owner.goto('/requests');
    await expect(owner.getByRole('cell', { name: narration })).toBeVisible();
    await shot(owner, 'requests-07-list');
  });
});
