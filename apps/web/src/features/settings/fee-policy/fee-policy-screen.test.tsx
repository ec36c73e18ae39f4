import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toFeePolicyAnswer, type FeePolicy } from '@owo/contract/fees';
import { ok, renderApp } from '../../../app/test-utils';

const policy = (method: string): FeePolicy => ({
  method,
  currency: 'NGN',
  flat: 5_000,
  percentBps: 0,
  cap: null,
  min: null,
  bands: null,
  source: 'default',
});

// Issue 37: a payment method's name comes from settings:feeMethod, an unknown one as it is.
describe('/settings/fee-policy method names', () => {
  it('names each method through i18next', async () => {
    renderApp('/settings/fee-policy', {
      session: { resources: '*' },
      routes: {
        'GET /api/settings/fee-policy': ok(
          ['bank-transfer', 'exchange', 'wire'].map((m) => toFeePolicyAnswer(policy(m))),
        ),
        'GET /api/platform/fee-policy': ok({ editable: false, policies: [] }),
        'GET /api/settings/fee-policy/quote': ok(null),
      },
    });
    const cell = (await screen.findAllByText('Bank transfer')).find((e) => e.tagName === 'TD')!;
    const table = cell.closest('table')!;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Bank transfer',
      'Currency exchange',
      'wire',
    ]);
    // The platform fee's floor is said above the table, in words from i18next.
    expect(screen.getByText(/the least any business is charged/)).toBeInTheDocument();
  });
});
