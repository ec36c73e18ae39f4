import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_MSG, type PayrollGroup } from '@owo/contract/payroll-settings';
import { ok, renderApp } from '../../app/test-utils';
import { toastSuccess } from '../../lib/toast';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
beforeEach(() => vi.mocked(toastSuccess).mockReset());

const group = (over: Partial<PayrollGroup> = {}): PayrollGroup => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Engineering',
  description: 'Builders',
  employeeCount: 4,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
  ...over,
});
const sales = group({ id: '22222222-2222-4222-8222-222222222222', name: 'Sales', description: null });

describe('/payroll/groups', () => {
  it('lists the groups with their employee counts', async () => {
    renderApp('/payroll/groups', {
      session: {},
      routes: { 'GET /api/payrolls/groups': ok([group(), sales]) },
    });
    expect(await screen.findByRole('heading', { name: 'Employee groups' })).toBeInTheDocument();
    const row = (await screen.findByText('Engineering')).closest('tr')!;
    expect(within(row).getByText('Builders')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(screen.getByText('Sales')).toBeInTheDocument();
  });

  it('shows the empty state without groups', async () => {
    renderApp('/payroll/groups', { session: {}, routes: { 'GET /api/payrolls/groups': ok([]) } });
    expect(await screen.findByTestId('list-empty')).toBeInTheDocument();
  });

  it('creates a group: POST with the typed name, toasts the API message, refreshes the list', async () => {
    let created = false;
    const { api } = renderApp('/payroll/groups', {
      session: {},
      routes: {
        'GET /api/payrolls/groups': () => ok(created ? [group(), sales] : [group()]),
        'POST /api/payrolls/groups': () => {
          created = true;
          return { status: 201, body: { status: 'success', message: GROUP_MSG.created, data: sales } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText(GROUP_MSG.nameRequired)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: ' Sales ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(GROUP_MSG.created));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Sales' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New group' })).toBeNull());
    expect(await screen.findByText('Sales')).toBeInTheDocument();
  });

  it('renames a group with PUT, keeping its description', async () => {
    const { api } = renderApp('/payroll/groups', {
      session: {},
      routes: {
        'GET /api/payrolls/groups': ok([group()]),
        [`PUT /api/payrolls/groups/${group().id}`]: ok(group({ name: 'Platform' }), GROUP_MSG.updated),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename group' });
    expect(within(dialog).getByLabelText('Group name')).toHaveValue('Engineering');
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: 'Platform' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(GROUP_MSG.updated));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Platform',
      description: 'Builders',
    });
  });

  it('deletes only after the confirmation, then toasts the API message', async () => {
    const { api } = renderApp('/payroll/groups', {
      session: {},
      routes: {
        'GET /api/payrolls/groups': ok([group()]),
        [`DELETE /api/payrolls/groups/${group().id}`]: ok(null, GROUP_MSG.deleted),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Engineering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group' });
    expect(dialog).toHaveTextContent('Its 4 employee(s) stay');
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete group' })).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Engineering' }));
    const again = await screen.findByRole('dialog', { name: 'Delete group' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith(GROUP_MSG.deleted));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('is linked from the payroll list', async () => {
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
        'GET /api/payrolls/groups': ok([]),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Groups' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payroll/groups'));
  });
});
