// Issue 21 §4's journey, clicked the way users would: a maker creates an expense with a product
// line and a PDF receipt; approver one approves, approver two rejects; the maker edits and
// resolves; both approve; the sandbox pays; the wallet and the transaction list show it; the trail
// shows "verified". The company, its two approvers (invited, joined from the invitation mail), the
// workflow, a product and the wallet's funds are set up through the API. Screens land in
// e2e/artifacts/screens/expense-*.png.
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { choose, signedIn, shotsFor } from './ui-support';

const shot = shotsFor('expense-');

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = 'Expense#2026pass';
const people = {
  maker: { firstName: 'Ngozi', lastName: 'Eze', email: `ngozi.${run}@expense-e2e.ng` },
  one: { firstName: 'Bola', lastName: 'Ade', email: `bola.${run}@expense-e2e.ng` },
  two: { firstName: 'Kemi', lastName: 'Oni', email: `kemi.${run}@expense-e2e.ng` },
};

/** A valid NUBAN at GTBank (058) that the sandbox pays (contract nuban.ts, 2020 form). */
function nuban(serial: string) {
  const digits = `000058${serial}`;
  const w = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += Number(digits[i]) * w[i];
  const check = (10 - (sum % 10)) % 10;
  return `${serial}${check}`;
}

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

// ---- API set-up (bearer calls, as a script would) ----
const base = () => test.info().project.use.baseURL!;
type Api = (method: string, p: string, body?: unknown) => Promise<any>;
function apiOf(token: string | null, accountId?: string): Api {
  return async (method, p, body) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (accountId) headers['x-account-id'] = accountId;
    const res = await fetch(`${base()}/api${p}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}
const anon = apiOf(null);

async function lastMailLink(to: string, contains: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const box = await anon('GET', `/dev/mailbox?to=${encodeURIComponent(to)}&limit=20`);
    for (const m of box.data ?? []) {
      const link = (m.links ?? []).find((l: string) => l.includes(contains));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with ${contains}`);
}

async function signUp(p: { firstName: string; lastName: string; email: string }, code?: string) {
  await anon('POST', '/auth/register', { ...p, password: PASSWORD, ...(code ? { code } : {}) });
  if (!code) {
    // An invited user's address is confirmed by the invitation itself.
    const link = await lastMailLink(p.email, 'confirm-email?token=');
    await anon('POST', '/auth/confirm-email', { token: new URL(link).searchParams.get('token') });
  }
  const login = await anon('POST', '/auth/login', { email: p.email, password: PASSWORD });
  return login.data.accessToken as string;
}

const signIn = (browser: Browser, email: string) =>
  signedIn(browser, { email, password: PASSWORD }, { width: 1280, height: 900 });

async function decide(
  page: Page,
  expenseId: string,
  action: 'Approve' | 'Reject' | 'Resolve',
  reason: string,
) {
  await page.goto(`/expense/${expenseId}`);
  await page.getByRole('button', { name: action }).click();
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('dialog').getByRole('button', { name: action }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('expense: product line + PDF receipt, approve, reject, edit, resolve, approve twice, paid, trail verified', async ({
  browser,
}) => {
  const payee = nuban(String(100_000_000 + Math.floor(Math.random() * 800_000_000)));
  let accountId = '';
  let expenseId = '';
  let ownerApi: Api;

  await test.step('set up the company, its approvers, a workflow, a product and funds (API)', async () => {
    const token = await signUp(people.maker);
    const acc = await apiOf(token)('POST', '/accounts', { name: `Expense Foods ${run}`, type: 'business' });
    accountId = acc.data.accountId;
    ownerApi = apiOf(token, accountId);
    const ids: Record<string, string> = {};
    for (const who of ['one', 'two'] as const) {
      await ownerApi('POST', '/invitations', { email: people[who].email, role: 'finance-manager' });
      const link = await lastMailLink(people[who].email, '/auth/invite?code=');
      const t = await signUp(people[who], new URL(link).searchParams.get('code')!);
      const me = await apiOf(t)('GET', '/me/settings/profile');
      ids[who] = me.data.profile.id;
    }
    await ownerApi('POST', '/approval-workflows', {
      name: 'Two signatories',
      type: 'expense',
      levels: [
        { approverIds: [ids.one], rule: 'any' },
        { approverIds: [ids.two], rule: 'any' },
      ],
    });
    await ownerApi('POST', '/products-and-services', { name: `Diesel litre ${run}`, amount: '1200' });
    const wallets = await ownerApi('GET', '/wallet');
    const ngn = wallets.data.find((w: { currency: string }) => w.currency === 'NGN');
    const fa = await ownerApi('GET', `/wallet/${ngn.id}/funding-account`);
    await ownerApi('POST', '/sandbox/deposits', { accountNumber: fa.data.accountNumber, amount: '500000' });
    await expect
      .poll(async () => (await ownerApi('GET', '/wallet')).data[0].balanceMinor ?? 0)
      .toBeGreaterThan(0);
  });

  const maker = await signIn(browser, people.maker.email);
  await test.step('the maker creates the expense with a product line and a PDF receipt', async () => {
    await maker.goto('/expense/new-payment');
    await expect(maker.getByRole('heading', { name: 'New Expense' })).toBeVisible();
    await maker.getByRole('button', { name: 'Add product line' }).click();
    await choose(maker, 'Product', new RegExp(`Diesel litre ${run}`));
    await maker.getByLabel('Quantity').fill('10');
    await expect(maker.getByTestId('line-total')).toHaveText('₦12,000.00');
    await expect(maker.getByLabel('Amount')).toHaveValue('12000.00');
    await choose(maker, 'Bank', /Guaranty Trust Bank/);
    await maker.getByLabel('Account number').fill(payee);
    await maker.getByLabel('Description').fill('Diesel for the Ikeja generator');
    await choose(maker, 'Approver', /Bola Ade/);
    await maker.locator('input[type="file"][accept="image/*,application/pdf"]').setInputFiles({
      name: 'diesel-receipt.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf(),
    });
    await expect(maker.getByTestId('attached-receipts').getByRole('link', { name: 'Receipt' })).toBeVisible();
    await expect(maker.getByText(/Fee ₦[\d,.]+ · Total ₦12,0[\d,.]+/)).toBeVisible();
    await shot(maker, 'new-payment');
    await expect(maker.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await maker.getByRole('button', { name: 'Continue' }).click();
    await expect(maker.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
    await expect(maker.getByTestId('review-fee')).toBeVisible();
    await shot(maker, 'review');
    await maker.getByRole('button', { name: 'Submit' }).click();
    const modal = maker.getByRole('dialog');
    await expect(modal.getByText('Approval status:')).toBeVisible();
    await expect(modal.getByText('pending', { exact: true })).toBeVisible();
    await expect(modal.getByText(/Bola Ade.*level 1 of 2/)).toBeVisible();
    await shot(maker, 'submitted');
    await modal.getByRole('button', { name: 'View expense' }).click();
    await expect(maker).toHaveURL(/\/expense\/[0-9a-f-]{36}$/);
    expenseId = maker.url().split('/').pop()!;
  });

  const one = await signIn(browser, people.one.email);
  const two = await signIn(browser, people.two.email);
  await test.step('approver one approves, approver two rejects', async () => {
    await decide(one, expenseId, 'Approve', 'Receipt matches the litres');
    await decide(two, expenseId, 'Reject', 'Use the new diesel vendor account');
    await two.reload();
    await expect(two.getByText('rejected').first()).toBeVisible();
    await shot(two, 'rejected');
  });

  await test.step('the maker edits and resolves', async () => {
    await maker.goto(`/expense/${expenseId}/edit`);
    await expect(maker.getByRole('heading', { name: 'Edit expense' })).toBeVisible();
    await maker.getByLabel('Description').fill('Diesel for the Ikeja generator (new vendor)');
    await expect(maker.getByRole('button', { name: 'Continue' })).toBeEnabled();
    await maker.getByRole('button', { name: 'Continue' }).click();
    await maker.getByRole('button', { name: 'Submit' }).click();
    await maker.getByRole('dialog').getByRole('button', { name: 'View expense' }).click();
    await decide(maker, expenseId, 'Resolve', 'Vendor account corrected');
    await expect(maker.getByText('pending').first()).toBeVisible();
  });

  await test.step('both approve; the sandbox pays', async () => {
    await decide(one, expenseId, 'Approve', 'Checked again');
    await decide(two, expenseId, 'Approve', 'Vendor account is right now');
    await expect
      .poll(async () => (await ownerApi('GET', `/expense/${expenseId}`)).data.status)
      .toBe('completed');
    await maker.goto(`/expense/${expenseId}`);
    await expect(maker.getByText('completed').first()).toBeVisible();
    await expect(maker.getByText('trail verified').first()).toBeVisible();
    await shot(maker, 'completed');
    await maker.getByRole('button', { name: /trail/i }).first().click();
    await expect(maker.getByRole('dialog').getByText('trail verified')).toBeVisible();
    await shot(maker, 'trail');
    await maker.keyboard.press('Escape');
  });

  await test.step('the wallet and the transaction list show it', async () => {
    const w = (await ownerApi('GET', '/wallet')).data.find((x: { currency: string }) => x.currency === 'NGN');
    expect(w.balanceMinor).toBeLessThan(50_000_000 - 1_200_000 + 1);
    // 500,000 deposited - 12,000 paid - the fee the quote showed before submit.
    expect(w.balanceMinor).toBe(
      50_000_000 - 1_200_000 - (await ownerApi('GET', `/expense/${expenseId}`)).data.feeMinor,
    );
    await maker.goto('/dashboard');
    await expect(
      maker
        .getByText(
          new RegExp(
            `${(w.balanceMinor / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 }).replace('.', '\\.')}`,
          ),
        )
        .first(),
    ).toBeVisible();
    await shot(maker, 'wallet');
    await maker.goto('/transactions');
    await expect(maker.getByText(/Diesel for the Ikeja generator/).first()).toBeVisible();
    await shot(maker, 'transactions');
    await maker.goto('/expenses/completed');
    await expect(maker.getByText('Diesel for the Ikeja generator (new vendor)')).toBeVisible();
    await shot(maker, 'list-completed');
  });
});
