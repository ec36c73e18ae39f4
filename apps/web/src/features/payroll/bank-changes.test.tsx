import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp } from '../../app/test-utils';

const empty = {
  body: {
    status: 'success',
    message: 'OK',
    data: [
      {
        id: '2b1f4a52-8f6e-4c1a-9a55-1f0c5a3b7e01',
        name: 'Tolu Ade',
        email: 'tolu@acme.ng',
        bankDetails: { bankName: 'GTBank', accountName: 'TOLU ADE', accountNumber: '******4321' },
        salaryVisible: true,
        salaryAmountMinor: 50000000,
        finalAmountMinor: 40000000,
        grossAmountMinor: 50000000,
        reviewFlags: [],
        invitationStatus: 'accepted',
      },
    ],
    metadata: { pagination: { page: 1, limit: 20, totalItems: 1, totalPages: 1 } },
  },
};
const item = (canApprove: boolean) => ({
  id: '9e3c2f1a-1b2c-4d5e-8f90-1a2b3c4d5e6f',
  type: 'employeeBankChange',
  status: 'pending',
  canApprove,
  canResolve: false,
  canSelfApprove: false,
  rejectionResolverIds: [],
  currentLevel: 0,
  totalLevels: 1,
  workflowId: null,
  workflowName: 'AP policy',
  currentApprovers: [],
  approvals: [],
  trailVerified: true,
});
const change = (canApprove: boolean) => ({
  employee: { id: '2b1f4a52-8f6e-4c1a-9a55-1f0c5a3b7e01', name: 'Tolu Ade', email: 'tolu@acme.ng' },
  change: {
    id: '7d0b6b1e-0f57-4a53-9d0a-3b8f0a0c1d11',
    reference: 'EBC-1',
    status: 'pending',
    bankCode: '044',
    bankName: 'Access Bank',
    accountName: 'ADA EZE',
    accountNumber: '******6789',
    nameMatches: false,
    reason: null,
    requestedAt: '2026-11-24T10:00:00Z',
    decidedAt: null,
  },
  approvalWorkflowPendingApprovalItem: item(canApprove),
});

describe('/payroll/employees: bank changes from the employee portal', () => {
  it('shows the pending change on the screen and the row, and rejects it through the shared modal', async () => {
    const { api } = renderApp('/payroll/employees', {
      session: {},
      routes: {
        'GET /api/payrolls/employees': empty,
        'GET /api/payrolls/employees/bank-changes': ok([change(true)]),
        'POST /api/approval-workflows/pending-approvals/approve/9e3c2f1a-1b2c-4d5e-8f90-1a2b3c4d5e6f': ok(
          null,
          'Employee bank change rejected successfully',
        ),
      },
    });
    const panel = await screen.findByTestId('employee-bank-change');
    expect(within(panel).getByText('Tolu Ade')).toBeInTheDocument();
    expect(within(panel).getByText('Name differs from the employee’s')).toBeInTheDocument();
    expect(await screen.findByText('Change pending')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    fireEvent.input(within(dialog).getByLabelText('Reason'), { target: { value: 'Name does not match' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        approvalStatus: 'rejected',
        comments: 'Name does not match',
      }),
    );
  });

  it('a viewer who may not approve sees the change without Approve/Reject', async () => {
    renderApp('/payroll/employees', {
      session: {},
      routes: {
        'GET /api/payrolls/employees': empty,
        'GET /api/payrolls/employees/bank-changes': ok([change(false)]),
      },
    });
    const panel = await screen.findByTestId('employee-bank-change');
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Approval trail' })).toBeInTheDocument();
  });
});
