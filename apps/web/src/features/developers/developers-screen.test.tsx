import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@owo/contract/developers';
import { accountEntry, ok, renderApp } from '../../app/test-utils';

// Settings > Developers › Verify signatures lists every subscribable event with its statuses.
describe('/settings/developers event catalogue', () => {
  it('lists each event an endpoint can subscribe to, with the vending token noted', async () => {
    renderApp('/settings/developers', {
      session: {},
      routes: {
        'GET /api/developers/keys': ok([]),
        'GET /api/developers/webhooks': ok([]),
      },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Verify signatures' }));
    const table = await screen.findByRole('table', { name: 'Webhook events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([...WEBHOOK_EVENTS]);
    const vending = rows.find((r) => r.textContent?.startsWith('vending'))!;
    expect(vending.textContent).toContain('token (the electricity token)');
    expect(rows.find((r) => r.textContent?.startsWith('payroll'))!.textContent).toContain('partlyFailed');
    // Each sentence around its code words is one translation (issue 37), rendered whole.
    const sentence = (start: string) =>
      screen.getByText((_, el) => el?.tagName === 'P' && !!el.textContent?.startsWith(start));
    const signing = sentence('Each delivery is a POST');
    expect(signing.textContent).toContain(
      'x-owo-signature = v1= + hex HMAC-SHA512 of <timestamp>.<raw body> under the endpoint’s signing secret.',
    );
    expect(within(signing).getByText('<timestamp>.<raw body>').tagName).toBe('CODE');
    expect(sentence('Every event’s').textContent).toContain(
      'data carries id, reference, status, amount (a decimal string) with amountMinor, currency and occurredAt. No',
    );
  });
});

// Issue 34 §2: a key can only be given a role within its creator's own rights.
describe('/settings/developers API key roles', () => {
  const roles = [
    { id: 'r1', slug: 'owner', name: 'Owner', description: '', resources: '*', isBuiltIn: true },
    { id: 'r2', slug: 'admin', name: 'Admin', description: '', resources: '*', isBuiltIn: true },
    {
      id: 'r3',
      slug: 'accountant',
      name: 'Accountant',
      description: '',
      resources: { transactions: ['get', 'post'], wallets: ['get'] },
      isBuiltIn: true,
    },
    {
      id: 'r4',
      slug: 'developer',
      name: 'Developer',
      description: '',
      resources: { developer: ['*'] },
      isBuiltIn: false,
    },
  ];

  it('offers only the roles the creator holds every permission of, and creates the key with one', async () => {
    const dev = accountEntry({ role: 'developer' });
    const { api } = renderApp('/settings/developers', {
      session: { accounts: [dev], active: dev, resources: { developer: ['*'], wallets: ['get'] } },
      routes: {
        'GET /api/developers/keys': ok([]),
        'GET /api/developers/webhooks': ok([]),
        'GET /api/role': ok(roles),
        'POST /api/developers/keys': ok({ id: 'k1', name: 'ERP', key: 'sk_test_x' }),
      },
    });
    const select = await screen.findByRole('textbox', { name: 'Role' });
    await waitFor(() => expect(select).toHaveValue('Developer'));
    fireEvent.click(select);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Developer']);
    fireEvent.change(screen.getByLabelText('Key name'), { target: { value: 'ERP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'ERP', role: 'developer' }),
    );
  });

  it('falls back to the creator’s own role when the roles list is not theirs to read', async () => {
    const dev = accountEntry({ role: 'developer' });
    renderApp('/settings/developers', {
      session: { accounts: [dev], active: dev, resources: { developer: ['*'] } },
      routes: {
        'GET /api/developers/keys': ok([]),
        'GET /api/developers/webhooks': ok([]),
        'GET /api/role': { status: 403, body: { status: 'forbidden', message: 'Forbidden', data: null } },
      },
    });
    const select = await screen.findByRole('textbox', { name: 'Role' });
    await waitFor(() => expect(select).toHaveValue('Developer'));
    fireEvent.click(select);
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Developer']);
  });
});
