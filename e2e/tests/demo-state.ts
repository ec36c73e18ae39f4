// Each Playwright worker has its own app and demo company (e2e/run.mjs); the specs a worker runs
// share it, and some change its state (the AP policy, a member's role). Each spec states the state
// it relies on through these helpers, at its start, instead of depending on which specs ran before
// it on the same worker. Calls go through the API as the demo owner (Bearer:
// no CSRF cookie needed).
import { expect, type APIRequestContext } from '@playwright/test';

export const DEMO_OWNER = { email: 'owner@demo.owo.ng', password: 'Demo-Owner-2026' };

export async function ownerHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: DEMO_OWNER });
  expect(login.ok(), await login.text()).toBe(true);
  const body = (await login.json()) as { data: { accessToken: string } };
  return { authorization: `Bearer ${body.data.accessToken}` };
}

type ApPolicyPatch = Partial<{
  autoApproveBelow: string;
  fourEyes: boolean;
  overBudget: 'block' | 'warn';
  receiptsRequiredAbove: string | null;
  kycIncompleteCap: string;
}>;

/** Sets the named AP-policy fields of the demo company, keeping the others as they are. */
export async function setDemoApPolicy(request: APIRequestContext, patch: ApPolicyPatch) {
  const headers = await ownerHeaders(request);
  const policy = await request.get('/api/settings/ap-policy', { headers });
  const current = ((await policy.json()) as { data: Required<ApPolicyPatch> }).data;
  const res = await request.put('/api/settings/ap-policy', {
    headers,
    data: {
      autoApproveBelow: current.autoApproveBelow,
      fourEyes: current.fourEyes,
      overBudget: current.overBudget,
      receiptsRequiredAbove: current.receiptsRequiredAbove,
      kycIncompleteCap: current.kycIncompleteCap,
      ...patch,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Gives a demo member (by email) a role, e.g. 'admin' or back to 'accountant'. */
export async function setDemoRole(request: APIRequestContext, email: string, role: string) {
  const headers = await ownerHeaders(request);
  const members = await request.get('/api/account_access?where=members&limit=100', { headers });
  const list = ((await members.json()) as { data: { id: string; user: { email: string } }[] }).data;
  const m = list.find((x) => x.user.email === email);
  expect(m, `demo member ${email}`).toBeTruthy();
  const res = await request.patch(`/api/account_access/${m!.id}`, { headers, data: { role } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Disconnects the demo company's accounting software (if any), so a spec starts unconnected. */
export async function disconnectDemoBooks(request: APIRequestContext) {
  const headers = await ownerHeaders(request);
  const res = await request.delete('/api/accounting', { headers });
  expect([200, 409], await res.text()).toContain(res.status());
}

/** Makes sure the demo company has a payout category with this name. */
export async function ensureDemoCategory(request: APIRequestContext, name: string) {
  const headers = await ownerHeaders(request);
  const list = await request.get('/api/payout/category', { headers });
  const cats = ((await list.json()) as { data: { name: string }[] }).data;
  if (cats.some((c) => c.name === name)) return;
  const res = await request.post('/api/payout/category', { headers, data: { name } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Sets a demo member's own spend limit (naira), e.g. so the owner submits without naming an approver. */
export async function setDemoSpendLimit(request: APIRequestContext, email: string, amount: number) {
  const headers = await ownerHeaders(request);
  const members = await request.get('/api/account_access?where=members&limit=100', { headers });
  const list = ((await members.json()) as { data: { id: string; user: { email: string } }[] }).data;
  const m = list.find((x) => x.user.email === email);
  expect(m, `demo member ${email}`).toBeTruthy();
  const res = await request.post(`/api/account_access/${m!.id}/expense-limit`, { headers, data: { amount } });
  expect(res.ok(), await res.text()).toBe(true);
}
