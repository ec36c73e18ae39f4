// Issue 37: staff open an employee's payslip from a paid run: the branded sheet fed from
// GET /payrolls/payslip, its net pay the run's figure; masked (no figure at all) without the salary right.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import type { PayrollDetail, PayrollRow, Payslip } from '@owo/contract/payroll-runs';
import { accountEntry, listOk, ok, renderApp, type Handler } from '../../app/test-utils';

const P = '11111111-1111-4111-8111-111111111111';
const ROW = '22222222-2222-4222-8222-222222222222';
const NET = 31_474_000;
const BREAKDOWN = { Salary: 35_000_000, PAYE: -2_326_000, 'Pension (employee)': -1_200_000 };

const run = (visible: boolean) =>
  ({
    id: P,
    reference: 'pyr_dec',
    name: 'December salaries',
    description: null,
    type: 'once',
    mode: 'instant',
    status: 'completed',
    walletId: 'w1',
    employeeCount: 1,
    paidCount: 1,
    failedCount: 0,
    salaryVisible: visible,
    approvalWorkflowPendingApprovalItem: null,
    maker: { id: 'u1', name: 'Ada Obi' },
    createdAt: '2026-12-01T10:00:00Z',
    updatedAt: '2026-12-01T10:00:00Z',
  }) as PayrollDetail;

const row = (visible: boolean) =>
  ({
    id: ROW,
    employeeId: 'e1',
    name: 'Chidi Okeke',
    email: 'chidi@acme.ng',
    status: 'paid',
    attempt: 1,
    failureReason: null,
    transactionId: 't1',
    bankDetails: { bankName: 'GTBank', accountName: 'CHIDI OKEKE', accountNumber: '******7890' },
    salaryVisible: visible,
    salaryAmount: visible ? '350000.00' : null,
    salaryAmountMinor: visible ? BREAKDOWN.Salary : null,
    finalAmount: visible ? '314740.00' : null,
    finalAmountMinor: visible ? NET : null,
    salaryBreakdown: null,
    salaryBreakdownMinor: visible ? BREAKDOWN : null,
    employerCosts: null,
  }) as PayrollRow;

const slip = (visible: boolean): Payslip => ({
  id: ROW,
  payrollId: P,
  payrollName: 'December salaries',
  createdAt: '2026-12-01T10:00:00Z',
  companyName: 'Acme Trading Ltd',
  status: 'paid',
  payPeriod: '2026-12',
  payrollEmployee: { id: 'e1', name: 'Chidi Okeke', email: 'chidi@acme.ng' },
  bankDetails: { bankName: 'GTBank', accountName: 'CHIDI OKEKE', accountNumber: '******7890' },
  salaryVisible: visible,
  amount: visible ? '350000.00' : null,
  amountMinor: visible ? BREAKDOWN.Salary : null,
  finalAmount: visible ? '314740.00' : null,
  finalAmountMinor: visible ? NET : null,
  salaryBreakdown: null,
  salaryBreakdownMinor: visible ? BREAKDOWN : null,
});

/** The run, its rows and its payslips, as the server answers a role with or without the flag. */
const routes = (visible: boolean): Record<string, Handler> => ({
  [`GET /api/payrolls/${P}`]: ok(run(visible)),
  [`GET /api/payrolls/${P}/employees`]: listOk([row(visible)]),
  'GET /api/payrolls/payslip': (url) => listOk(url.searchParams.get('id') === ROW ? [slip(visible)] : []),
});

describe('/payroll/:ref/payslip/:id: the staff payslip', () => {
  it("opens from the paid run: the branded sheet, the run's net pay, the company's mark", async () => {
    const { api, router } = renderApp(`/payroll/${P}/details`, {
      session: { resources: { payrolls: ['get'] } },
      routes: routes(true),
    });
    // the run's row shows the net pay the payslip must repeat
    expect(await screen.findByText('₦314,740.00')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('link', { name: "Open Chidi Okeke's payslip" }));
    const sheet = await screen.findByTestId('payslip');
    expect(router.state.location.pathname).toBe(`/payroll/${P}/payslip/${ROW}`);
    const call = api.calls.find((c) => c.path === '/api/payrolls/payslip')!;
    expect(Object.fromEntries(call.url.searchParams)).toMatchObject({ payrollId: P, id: ROW });
    expect(screen.getByRole('heading', { name: 'Payslip: Chidi Okeke' })).toBeInTheDocument();
    // the run's figure for this employee, formatted as the run shows it
    expect(within(sheet).getByTestId('net-pay')).toHaveTextContent('₦314,740.00');
    expect(within(sheet).getByText('AT')).toBeInTheDocument();
    expect(within(sheet).getByText('PAYE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print payslip' })).toBeInTheDocument();
  });

  it('downloads the PDF the server renders for this payslip', async () => {
    const createUrl = vi.fn(() => 'blob:x');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const { api } = renderApp(`/payroll/${P}/payslip/${ROW}`, {
      session: { resources: { payrolls: ['get'] } },
      routes: { ...routes(true), 'GET /api/payrolls/payslip/pdf': { body: '%PDF-1.3' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalledTimes(1));
    const call = api.calls.find((c) => c.path === '/api/payrolls/payslip/pdf')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ id: ROW });
  });

  it('shows no figure to a role without the salary right (the server masks the slip)', async () => {
    renderApp(`/payroll/${P}/payslip/${ROW}`, {
      session: { accounts: [accountEntry({ role: 'finance-manager' })], resources: { payrolls: ['get'] } },
      routes: routes(false),
    });
    expect(await screen.findByTestId('payslip-masked')).toHaveTextContent(PAYROLL_MSG.noPermission);
    expect(screen.queryByTestId('payslip')).toBeNull();
    expect(screen.queryByTestId('net-pay')).toBeNull();
    expect(document.body.textContent).not.toMatch(/₦|314,740/);
    expect(screen.queryByRole('button', { name: 'Print payslip' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('offers no payslip link on a masked run', async () => {
    renderApp(`/payroll/${P}/details`, {
      session: { resources: { payrolls: ['get'] } },
      routes: routes(false),
    });
    expect(await screen.findByText('Chidi Okeke')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /payslip/ })).toBeNull();
  });

  it('says so when the run has no such payslip', async () => {
    renderApp(`/payroll/${P}/payslip/33333333-3333-4333-8333-333333333333`, {
      session: { resources: { payrolls: ['get'] } },
      routes: routes(true),
    });
    expect(await screen.findByText(/No payslip here/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: '← Back to the payroll' })).toBeVisible());
  });
});
