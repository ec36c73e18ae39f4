import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Invitation, Member, Resources, Role } from '@owo/contract';
import { ok, renderApp } from '../../app/test-utils';
import { toastSuccess } from '../../lib/toast';
import { canChangeInviteRole, firstVisibleTab, teamFlags } from './flags';

vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const page = <T,>(items: T[]) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 20, totalItems: items.length, totalPages: 1 } },
  },
});
const invite = (over: Partial<Invitation>): Invitation => ({
  id: 'i1',
  email: 'new@acme.ng',
  role: 'member',
  roleName: 'Member',
  subsidiaryId: null,
  status: 'pending',
  expiresAt: new Date(Date.now() + 6 * 86400_000).toISOString(),
  expired: false,
  createdAt: new Date().toISOString(),
  invitedBy: { name: 'Ada Obi' },
  ...over,
});
const member = (over: Partial<Member>): Member => ({
  id: 'm2',
  accountId: 'a1',
  user: { id: 'u2', name: 'Tunde Bello', email: 'tunde@acme.ng' },
  role: 'agent',
  roleName: 'Agent',
  active: true,
  updatedAt: '2026-01-02T00:00:00Z',
  limit: null,
  ...over,
});
const roles: Role[] = [
  { id: 'r1', name: 'Owner', slug: 'owner', description: 'Owns', resources: '*', isBuiltIn: true },
  { id: 'r2', name: 'Admin', slug: 'admin', description: 'All', resources: '*', isBuiltIn: true },
];

describe('team flags (002 §6)', () => {
  it('picks Members, else Agents, else Pending as the first tab', () => {
    expect(firstVisibleTab(teamFlags('*'))).toBe('members');
    expect(firstVisibleTab(teamFlags({ agents: ['get'], invitations: ['get'] }))).toBe('agents');
    expect(firstVisibleTab(teamFlags({ invitations: ['get'] }))).toBe('pending');
  });

  it('never offers a role change on an owner invitation', () => {
    const f = teamFlags('*');
    expect(canChangeInviteRole({ role: 'owner' }, f)).toBe(false);
    expect(canChangeInviteRole({ role: 'admin' }, f)).toBe(true);
    expect(canChangeInviteRole({ role: 'admin' }, teamFlags({ invitations: ['get', 'delete'] }))).toBe(false);
  });
});

describe('Teams page', () => {
  it('opens on Agents when members may not be viewed, and counts pending requests', async () => {
    const resources: Resources = { agents: ['get'], invitations: ['get'], accountAccess: [] };
    renderApp('/teams', {
      session: { resources },
      routes: {
        'GET /api/account_access': page([member({})]),
        'GET /api/invitations': page([invite({}), invite({ id: 'i2' })]),
      },
    });
    const tab = await screen.findByRole('tab', { name: /Agents/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: /Members/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Pending Requests/ })).toHaveTextContent('2'));
    expect(await screen.findByText('Tunde Bello')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Team Member' })).toBeNull();
  });

  it('hides Change role for owner invitations but offers it for others', async () => {
    renderApp('/teams?tab=pending', {
      session: {},
      routes: {
        'GET /api/account_access': page([]),
        'GET /api/invitations': page([
          invite({ id: 'i1', email: 'boss@acme.ng', role: 'owner', roleName: 'Owner' }),
          invite({ id: 'i2', email: 'clerk@acme.ng' }),
        ]),
        'GET /api/role': ok(roles),
      },
    });
    const menuOf = async (email: string) => {
      const target = await screen.findByRole('button', { name: `Actions for ${email}` });
      fireEvent.click(target);
      await waitFor(() => expect(target).toHaveAttribute('aria-expanded', 'true'));
      const id = target.getAttribute('aria-controls')!;
      return waitFor(() => {
        const el = document.getElementById(id);
        expect(el).not.toBeNull();
        return el!;
      });
    };
    const ownerMenu = await menuOf('boss@acme.ng');
    expect(within(ownerMenu).getByText('Resend invite')).toBeInTheDocument();
    expect(within(ownerMenu).getByText('Cancel invite')).toBeInTheDocument();
    expect(within(ownerMenu).queryByText('Change role')).toBeNull();
    fireEvent.keyDown(ownerMenu, { key: 'Escape' });
    const clerkMenu = await menuOf('clerk@acme.ng');
    expect(within(clerkMenu).getByText('Change role')).toBeInTheDocument();
  });

  it('role form requires a name and a description', async () => {
    const { api } = renderApp('/teams/manage-roles', { session: {}, routes: { 'GET /api/role': ok(roles) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Create role' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create role' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/role')).toBe(false);
  });
});

describe('spend limit modal (002 §2 Teams, §7)', () => {
  it('adds a spend limit in whole naira with POST, and offers Edit when one exists', async () => {
    const { api: mock } = renderApp('/teams', {
      session: { resources: '*' },
      routes: {
        'GET /api/account_access': page([member({ role: 'member', roleName: 'Member' })]),
        'GET /api/invitations': page([]),
        'GET /api/role': ok(roles),
        'POST /api/account_access/m2/expense-limit': ok(
          member({ role: 'member', limit: { limit: '5000.00', limitMinor: 500_000 } }),
          'Spend limit set to ₦5,000',
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Tunde Bello' }));
    fireEvent.click(await screen.findByText('Add spend limit'));
    const input = await screen.findByLabelText('Spend limit (₦)');
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(mock.calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 5000 });
  });
});

describe('spend limit in the members table (002 §2 Teams, §7)', () => {
  const teamRoutes = (members: Member[]) => ({
    'GET /api/account_access': page(members),
    'GET /api/invitations': page([]),
    'GET /api/role': ok(roles),
  });

  it('shows each member’s current limit in naira, or No limit', async () => {
    renderApp('/teams', {
      session: { resources: '*' },
      routes: teamRoutes([
        member({ role: 'member', limit: { limit: '250000.00', limitMinor: 25_000_000 } }),
        member({ id: 'm3', user: { id: 'u3', name: 'Bisi Ade', email: 'bisi@acme.ng' }, role: 'member' }),
      ]),
    });
    expect(await screen.findByRole('columnheader', { name: 'Spend limit' })).toBeInTheDocument();
    const cells = await screen.findAllByTestId('member-spend-limit');
    expect(cells.map((c) => c.textContent)).toEqual(['₦250,000.00', 'No limit']);
  });

  it('edits an existing limit with PATCH, prefilled, and toasts the server’s message', async () => {
    const { api: mock } = renderApp('/teams', {
      session: { resources: '*' },
      routes: {
        ...teamRoutes([member({ role: 'member', limit: { limit: '5000.00', limitMinor: 500_000 } })]),
        'PATCH /api/account_access/m2/expense-limit': ok(
          member({ role: 'member', limit: { limit: '7500.00', limitMinor: 750_000 } }),
          'Spend limit updated to ₦7,500',
        ),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Tunde Bello' }));
    fireEvent.click(await screen.findByText('Edit spend limit'));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Spend limit (₦)');
    expect(input).toHaveValue('5,000');
    fireEvent.change(input, { target: { value: '7500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update limit' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Spend limit updated to ₦7,500'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = mock.calls.filter((c) => c.path === '/api/account_access/m2/expense-limit');
    expect(sent.map((c) => [c.method, c.body])).toEqual([['PATCH', { amount: 7500 }]]);
  });

  it('rejects a zero limit on the form without calling the API', async () => {
    const { api: mock } = renderApp('/teams', {
      session: { resources: '*' },
      routes: teamRoutes([member({ role: 'member' })]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Tunde Bello' }));
    fireEvent.click(await screen.findByText('Add spend limit'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Spend limit (₦)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set limit' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Spend limit (₦)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(mock.calls.some((c) => c.path.endsWith('/expense-limit'))).toBe(false);
  });

  it('offers no spend-limit action without the accountAccess edit right', async () => {
    renderApp('/teams', {
      session: { resources: { accountAccess: ['get'], invitations: ['get'], roles: ['get'] } },
      routes: teamRoutes([member({ role: 'member', limit: { limit: '5000.00', limitMinor: 500_000 } })]),
    });
    expect(await screen.findByText('₦5,000.00')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Tunde Bello' }));
    expect(await screen.findByText('View Details')).toBeInTheDocument();
    expect(screen.queryByText('Edit spend limit')).toBeNull();
    expect(screen.queryByText('Add spend limit')).toBeNull();
  });
});

describe('Member screen', () => {
  it('shows the spend limit that was set, in naira (limit.limitMinor is kobo)', async () => {
    // Set with { amount: 5000000 } (naira); the API answers limit.limit '5000000.00' and limitMinor in kobo.
    const detail = {
      ...member({ limit: { limit: '5000000.00', limitMinor: 500_000_000 } }),
      stats: { totalCashOutFlow: '1234.50', totalCashOutFlowMinor: 123_450, totalTransactions: 2 },
    };
    renderApp('/teams/member?id=m2', { session: {}, routes: { 'GET /api/account_access/m2': ok(detail) } });
    expect(await screen.findByText('₦5,000,000.00')).toBeInTheDocument();
    expect(screen.getByText('₦1,234.50')).toBeInTheDocument();
  });
});
