// GET /api/payrolls/payslip/pdf (issue 37): a paid payslip as a PDF for staff, through the employee
// portal's renderer; guarded like the JSON payslip (payrolls:get), masked like it, tenant-scoped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberWithRole,
  ownerWithAccount,
  setKybTier,
  type TestApp,
  createTestApp,
  waitFor,
} from '../../../test/helpers';
import { startJobs } from '../../platform/jobs';
import { fundedOwner, ordinaryAccount } from '../funding/test-support';

let t: TestApp;
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp();
  stop = await startJobs(t.app.deps);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

type Who = { token: string };
const pdfUrl = (id: string) => `${t.baseUrl}/api/payrolls/payslip/pdf?id=${encodeURIComponent(id)}`;
const fetchSlip = (who: Who, accountId: string, id: string) =>
  fetch(pdfUrl(id), { headers: { authorization: `Bearer ${who.token}`, 'x-account-id': accountId } });

/** The PDF's text (unpdf), after checking the headers and the %PDF- magic. */
async function slipText(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('cache-control')).toContain('no-store');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}
/** ₦1,234.50 as the money PDFs print it. */
const naira = (minor: number) =>
  `₦${Math.trunc(minor / 100).toLocaleString('en-NG')}.${String(minor % 100).padStart(2, '0')}`;

const employee = (name: string) => ({
  name,
  email: `${name.split(' ')[0].toLowerCase()}.${Date.now()}@example.ng`,
  salaryAmount: '250000',
  bankCode: '058',
  accountNumber: ordinaryAccount(),
});

/** A company with a paid one-employee payroll and a draft one; its admin and finance manager. */
async function paidPayroll() {
  const o = await fundedOwner(t, 10_000_000_00);
  await setKybTier(t, o.account.id, 3);
  const admin = await memberWithRole(t, o.account.id, 'admin');
  const added = await o.api.post('/api/payrolls/employees/add', {
    employees: [employee('Chiamaka Okafor-Bello')],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const ids = added.body.data.map((e: { id: string }) => e.id);
  const body = { name: 'November salaries', type: 'once', mode: 'instant', walletId: o.wallet.id };
  const p = (await o.api.post('/api/payrolls', { ...body, employees: ids })).body.data;
  const draft = (await o.api.post('/api/payrolls', { ...body, employees: ids })).body.data;
  const item = (await o.api.post(`/api/payrolls/${p.id}/approve`)).body.data
    .approvalWorkflowPendingApprovalItem;
  const decided = await admin.api.post(`/api/approval-workflows/pending-approvals/approve/${item.id}`, {
    approvalStatus: 'approved',
    comments: 'Checked',
  });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  await waitFor(
    'paid',
    async () => (await o.api.get(`/api/payrolls/${p.id}`)).body.data.status === 'completed',
  );
  const slip = (await o.api.get(`/api/payrolls/payslip?payrollId=${p.id}`)).body.data[0];
  const draftRow = (await o.api.get(`/api/payrolls/${draft.id}/employees`)).body.data[0];
  return { o, p, slip, draftRow };
}

describe('GET /api/payrolls/payslip/pdf', () => {
  it('answers the paid payslip as a PDF attachment; masked, refused, 404 and 400 as the JSON', async () => {
    const { o, p, slip, draftRow } = await paidPayroll();
    expect(slip).toMatchObject({ status: 'paid', salaryVisible: true });

    const res = await fetchSlip(o, o.account.id, slip.id);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="owo-payslip-chiamaka-okafor-bello-${slip.payPeriod}.pdf"`,
    );
    const text = await slipText(res);
    expect(text).toContain('Chiamaka Okafor-Bello');
    expect(text).toContain(p.reference);
    expect(text).toContain('Net pay');
    expect(text).toContain(naira(slip.finalAmountMinor));
    expect(text).toContain(naira(slip.amountMinor));
    expect(text).toMatch(/^PAYE\s/m);
    expect(text).toContain(naira(-slip.salaryBreakdownMinor.PAYE));

    // a role with payrolls:get but without canViewPayrollSensitiveData: the slip, every figure masked
    const fm = await memberWithRole(t, o.account.id, 'finance-manager');
    const masked = await slipText(await fetchSlip(fm, o.account.id, slip.id));
    expect(masked).toContain('Chiamaka Okafor-Bello');
    expect(masked).toContain('******');
    expect(masked).toContain('No permission to view salary details');
    expect(masked).not.toMatch(/^PAYE\s/m); // no breakdown line
    expect(masked).not.toContain(naira(-slip.salaryBreakdownMinor.PAYE).slice(1));
    expect(masked).not.toContain(naira(slip.finalAmountMinor).slice(1));
    expect(masked).not.toMatch(/₦\s*\d/);

    // a role without payrolls:get: 403
    const member = await memberWithRole(t, o.account.id, 'member');
    const refused = await fetchSlip(member, o.account.id, slip.id);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/json');

    // another company's session: 404, as for an unknown id or a row of a run never paid
    const other = await ownerWithAccount(t);
    expect((await fetchSlip(other, other.account.id, slip.id)).status).toBe(404);
    expect((await fetchSlip(o, o.account.id, draftRow.id)).status).toBe(404);
    expect((await fetchSlip(o, o.account.id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    // a malformed id: 400 with the field error
    const bad = await fetchSlip(o, o.account.id, 'not-an-id');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.id).toEqual(['Payslip must be an id']);
    const none = await fetch(`${t.baseUrl}/api/payrolls/payslip/pdf`, {
      headers: { authorization: `Bearer ${o.token}`, 'x-account-id': o.account.id },
    });
    expect(none.status).toBe(400);
    expect((await none.json()).errors.id).toBeTruthy();
  });
});
