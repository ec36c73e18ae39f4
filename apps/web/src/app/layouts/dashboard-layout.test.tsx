import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { store } from '../../lib/store';
import { renderApp } from '../test-utils';

describe('dashboard frame', () => {
  it('shows only groups with a visible entry, and the footer actions', async () => {
    renderApp('/requests', {
      session: { resources: { requests: ['get'], payee: ['get'], payouts: ['post'] } },
    });
    expect(await screen.findByTestId('sidebar-requests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Payment Reports' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Business Management' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Analytics & Insights' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Outward Payments' })).toBeNull();
    expect(screen.getByText('Manage Profile')).toBeInTheDocument();
    expect(screen.getByText('Switch Account')).toBeInTheDocument();
    expect(screen.getByText('Log Out')).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Requests');
  });

  it('lists Payment invitations under Inward Payments for the inflows view right, titled and active', async () => {
    renderApp('/inflows/payment-invitations', {
      session: { resources: { inflows: ['get'] } },
      routes: {
        'GET /api/payment-invitations': {
          body: {
            status: 'success',
            message: 'OK',
            data: [],
            metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
          },
        },
      },
    });
    const entry = await screen.findByTestId('sidebar-payment-invitations');
    expect(entry).toHaveAttribute('href', '/inflows/payment-invitations');
    expect(entry).toHaveTextContent('Payment invitations');
    expect(entry).toHaveAttribute('data-active', 'true');
    expect(screen.getByTestId('sidebar-inflows')).not.toHaveAttribute('data-active');
    // Nor painted active by React Router's prefix match (Mantine styles aria-current too).
    expect(screen.getByTestId('sidebar-inflows')).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Inward Payments' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Payment invitations');
  });

  it('hides Payment invitations without the inflows view right', async () => {
    renderApp('/inflows', { session: { resources: { inflowsCustomers: ['get'] } } });
    expect(await screen.findByTestId('sidebar-inflows')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar-payment-invitations')).toBeNull();
  });

  it('opens the sidebar group of the tour step’s entry when the page has no target of its own (/cards)', async () => {
    store.set({ tour: { status: 'in-progress', progress: 1 } });
    renderApp('/cards', {
      session: {},
      routes: {
        'GET /api/cards': {
          body: {
            status: 'success',
            message: 'OK',
            data: [],
            metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
          },
        },
      },
    });
    const tour = await screen.findByTestId('guided-tour');
    expect(tour).toHaveAttribute('data-step', 'payouts-all');
    // Step 1 falls back to the Payouts entry, inside Outward Payments (open: Cards is in it).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Outward Payments' })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: 'Analytics & Insights' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Step 2 points at Requests, in Payment Reports.
    fireEvent.click(within(tour).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Payment Reports' })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
  });

  it('titles pages outside the sidebar areas by their section (profile, account)', async () => {
    renderApp('/profile/security', { session: {} });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Profile');
  });

  it('titles the payment flows (pay someone, a direct payout’s steps)', async () => {
    renderApp('/pay-someone', { session: {} });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Pay someone');
  });

  it('opens the group of the page the user moves to', async () => {
    const { router } = renderApp('/dashboard', { session: {} });
    const analytics = await screen.findByRole('button', { name: 'Analytics & Insights' });
    expect(analytics).toHaveAttribute('aria-expanded', 'true');
    await act(() => router.navigate('/vendors'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Business Management' })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
    expect(analytics).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('sidebar-cards')).toBeInTheDocument(); // Cards has its entry
  });

  it('keeps one group open at a time', async () => {
    renderApp('/dashboard', { session: {} });
    const analytics = await screen.findByRole('button', { name: 'Analytics & Insights' });
    const reports = screen.getByRole('button', { name: 'Payment Reports' });
    expect(analytics).toHaveAttribute('aria-expanded', 'true');
    expect(reports).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    expect(analytics).toHaveAttribute('aria-expanded', 'false');
  });

  it('Make Payment lists the entries the role allows', async () => {
    renderApp('/expenses', { session: { resources: { expenses: ['get', 'post'] } } });
    const button = await screen.findByRole('button', { name: 'Make Payment' });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    const items = [...menu.querySelectorAll('[data-tour^="make-payment-"]')].map((i) => i.textContent);
    expect(items).toEqual(['Create an expense', 'Request Bill from vendor', 'Mass Payout']);
    expect(within(menu).queryByText('Manual Payment')).toBeNull();
  });

  it('Make Payment is disabled without a create right', async () => {
    renderApp('/transactions', { session: { resources: { transactions: ['get'] } } });
    expect(await screen.findByRole('button', { name: 'Make Payment' })).toBeDisabled();
  });
});
