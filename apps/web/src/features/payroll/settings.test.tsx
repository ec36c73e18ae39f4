import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_MSG, type PayrollSettings } from '@owo/contract/payroll-settings';
import { accountEntry, fail, ok, renderApp } from '../../app/test-utils';
import { recentMonths } from './screens/remittance-section';
import { toastSuccess } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => vi.mocked(toastSuccess).mockReset());

const settings = (over: Partial<PayrollSettings> = {}): PayrollSettings => ({
  enabled: true,
  nhfDefault: true,
  pensionMinEmployees: 3,
  minimumWageExempt: false,
  minimumWageMonthly: '70000.00',
  nsitfBase: 'gross',
  ...over,
});

describe('/payroll/settings', () => {
  it('loads the settings and saves the form with PUT, toasting the API message', async () => {
    const { api } = renderApp('/payroll/settings', {
      session: {},
      routes: {
        'GET /api/payrolls/settings': ok(settings()),
        'PUT /api/payrolls/settings': (_url, init) =>
          ok(settings(JSON.parse(init?.body as string) as Partial<PayrollSettings>), SETTINGS_MSG.updated),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Payroll settings' })).toBeInTheDocument();
    const pension = screen.getByLabelText('Pension applies from this many employees');
    await waitFor(() => expect(pension).toHaveValue('3'));
    fireEvent.click(screen.getByLabelText('NHF on for new employees'));
    fireEvent.click(screen.getByLabelText(/No PAYE at or below the national minimum wage/));
    fireEvent.change(pension, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(SETTINGS_MSG.updated));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      nhfDefault: false,
      pensionMinEmployees: 5,
      minimumWageExempt: true,
      nsitfBase: 'gross',
    });
  });

  it('refuses a bad threshold on the client and shows the server field errors', async () => {
    const { api } = renderApp('/payroll/settings', {
      session: {},
      routes: {
        'GET /api/payrolls/settings': ok(settings()),
        'PUT /api/payrolls/settings': fail(400, 'validation-error', 'Invalid', {
          nsitfBase: ['NSITF base must be gross or bht'],
        }),
      },
    });
    const pension = await screen.findByLabelText('Pension applies from this many employees');
    await waitFor(() => expect(pension).toHaveValue('3'));
    fireEvent.change(pension, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a number of employees from 1 to 1000')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(pension, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('NSITF base must be gross or bht')).toBeInTheDocument();
  });

  it('is linked from /payroll for a role that may change payrolls, and guarded without put', async () => {
    const { router } = renderApp('/payroll', {
      session: {},
      routes: {
        'GET /api/payrolls': {
          body: {
            status: 'success',
            message: 'OK',
            data: [],
            metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
          },
        },
        'GET /api/payrolls/settings': ok(settings()),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll/settings'));
  });

  it('is not offered to a role without put on payrolls', async () => {
    renderApp('/payroll/settings', {
      session: { resources: { payrolls: ['get'] } },
      routes: { 'GET /api/payrolls/settings': ok(settings()) },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Payroll settings' })).toBeNull();
  });

  it('downloads the remittance schedules of the chosen month (PAYE, pension, NHF)', async () => {
    const createUrl = vi.fn(() => 'blob:x');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const months = recentMonths();
    const csv = { body: 'PFA,RSA PIN\r\n' };
    const { api } = renderApp('/payroll/settings', {
      session: {},
      routes: {
        'GET /api/payrolls/settings': ok(settings()),
        [`GET /api/payrolls/remittances/${months[1].value}/paye.csv`]: csv,
        [`GET /api/payrolls/remittances/${months[1].value}/pension.csv`]: csv,
        [`GET /api/payrolls/remittances/${months[1].value}/nhf.csv`]: csv,
      },
    });
    expect(await screen.findByRole('heading', { name: 'Remittance schedules' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('textbox', { name: 'Month' }));
    fireEvent.click(await screen.findByRole('option', { name: months[1].label, hidden: true }));
    for (const label of ['PAYE by state', 'Pension by PFA', 'NHF'])
      fireEvent.click(screen.getByRole('button', { name: label }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path.startsWith('/api/payrolls/remittances/')).map((c) => c.path),
      ).toEqual([
        `/api/payrolls/remittances/${months[1].value}/paye.csv`,
        `/api/payrolls/remittances/${months[1].value}/pension.csv`,
        `/api/payrolls/remittances/${months[1].value}/nhf.csv`,
      ]),
    );
    await waitFor(() => expect(createUrl).toHaveBeenCalledTimes(3));
  });

  it('offers no remittance downloads to a role without canViewPayrollSensitiveData', async () => {
    renderApp('/payroll/settings', {
      session: { accounts: [accountEntry({ role: 'finance-manager' })] },
      routes: { 'GET /api/payrolls/settings': ok(settings()) },
    });
    expect(await screen.findByRole('heading', { name: 'Remittance schedules' })).toBeInTheDocument();
    expect(screen.getByText('No permission to view salary details')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PAYE by state' })).toBeNull();
  });
});
