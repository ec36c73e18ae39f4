import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '@owo/contract/developers';
import { ok, renderApp } from '../../app/test-utils';

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
  });
});
