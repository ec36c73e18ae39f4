import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp } from '../../../app/test-utils';

// Issue 34 §4: the sub-access editor says that no subsidiary means no access, and edits it.
const detail = (members: unknown[]) => ({
  id: 's1',
  name: 'Lagos',
  description: null,
  active: true,
  membersCount: members.length,
  createdAt: '2026-01-01T00:00:00Z',
  members,
});
const ada = {
  id: 'acc1',
  memberId: 'm2',
  active: true,
  role: 'member',
  user: { id: 'u2', firstName: 'Ada', lastName: 'Eze', email: 'ada@acme.ng' },
};

describe('/settings/subsidiaries/:id access editor', () => {
  it('states that a member without subsidiary access sees none, gives access and removes it', async () => {
    const { api } = renderApp('/settings/subsidiaries/s1', {
      session: {},
      routes: {
        'GET /api/subsidiaries/s1': ok(detail([ada])),
        'GET /api/account_access': ok([
          {
            id: 'm3',
            accountId: 'a1',
            user: { id: 'u3', name: 'Bola Ade', email: 'bola@acme.ng' },
            role: 'accountant',
            roleName: 'Accountant',
            active: true,
            updatedAt: '2026-01-01T00:00:00Z',
            limit: null,
          },
          {
            id: 'm4',
            accountId: 'a1',
            user: { id: 'u4', name: 'Chi Admin', email: 'chi@acme.ng' },
            role: 'admin',
            roleName: 'Admin',
            active: true,
            updatedAt: '2026-01-01T00:00:00Z',
            limit: null,
          },
        ]),
        'POST /api/subsidiaries/s1/members': ok(detail([ada])),
        'DELETE /api/subsidiaries/s1/members/m2': ok(detail([])),
      },
    });
    expect((await screen.findByTestId('subsidiary-access-rule')).textContent).toContain(
      "a member with no subsidiary access sees no subsidiary's records",
    );
    fireEvent.click(await screen.findByRole('textbox', { name: 'Give access to' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    // owners and admins need no access; members already listed are not offered again
    expect(options.map((o) => o.textContent)).toEqual(['Bola Ade (Accountant)']);
    fireEvent.click(options[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Give access' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ memberId: 'm3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/subsidiaries/s1/members/m2'),
      ).toBe(true),
    );
  });
});
