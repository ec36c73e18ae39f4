import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PayrollDetail } from '@owo/contract/payroll-runs';
import { ok, renderApp } from '../../app/test-utils';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const rows = {
  body: {
    status: 'success',
    message: 'OK',
    data: [],
    metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
  },
};
const payroll = (status: PayrollDetail['status']) =>
  ({
    id: 'p1',
    reference: 'pyr_1',
    name: 'December salaries',
    description: null,
    type: 'once',
    mode: 'instant',
    status,
    walletId: 'w1',
    employeeCount: 2,
    paidCount: status === 'completed' ? 2 : 0,
    failedCount: 0,
    salaryVisible: false,
    approvalWorkflowPendingApprovalItem: null,
    maker: { id: 'u1', name: 'Ada Obi' },
    createdAt: '2026-12-01T10:00:00Z',
    updatedAt: '2026-12-01T10:00:00Z',
  }) as PayrollDetail;

describe('/payroll/:ref/details: receipt PDF', () => {
  it("downloads the run's receipt PDF from the server once it went to payment", async () => {
    const createUrl = vi.fn(() => 'blob:x');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const { api } = renderApp('/payroll/p1/details', {
      session: { resources: { payrolls: ['get'] } },
      routes: {
        'GET /api/payrolls/p1': ok(payroll('completed')),
        'GET /api/payrolls/p1/employees': rows,
        'GET /api/payrolls/p1/receipt/pdf': { body: '%PDF-1.3' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download receipt (PDF)' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/payrolls/p1/receipt/pdf'));
    await waitFor(() => expect(createUrl).toHaveBeenCalledTimes(1));
  });

  it('offers no receipt for a draft', async () => {
    renderApp('/payroll/p1/details', {
      session: {},
      routes: {
        'GET /api/payrolls/p1': ok(payroll('draft')),
        'GET /api/payrolls/p1/employees': rows,
      },
    });
    expect(await screen.findByRole('button', { name: 'Submit for approval' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download receipt (PDF)' })).toBeNull();
  });
});
