import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/test-utils';

// 002 §2 Inflows: the Partners and Customers tabs show only to a role that may read them
// (view-partners, view-customers); a link to a hidden tab opens the first tab instead.
describe('/inflows tabs by role', () => {
  it('hides Partners and Customers from a role that may read invoices only', async () => {
    renderApp('/inflows/partners', { session: { resources: { inflows: ['get'] } } });
    expect(await screen.findByRole('tab', { name: 'Transactions', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Partners' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Customers' })).toBeNull();
  });

  it('shows each to a role with its read right', async () => {
    renderApp('/inflows/customers', {
      session: { resources: { inflows: ['get'], inflowsCustomers: ['get'] } },
    });
    expect(await screen.findByRole('tab', { name: 'Customers', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Partners' })).toBeNull();
  });
});
