import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createRouteDiscovery } from './routes';
import { accountEntry, ok, renderApp } from './test-utils';

const discoveryArgs = (path: string, patch = vi.fn()) => ({
  path,
  patch,
  signal: new AbortController().signal,
  matches: [],
  fetcherKey: undefined,
});

describe('route discovery', () => {
  it('does not load the feature routes for the auth screens', async () => {
    const discover = createRouteDiscovery();
    const patch = vi.fn();
    await discover(discoveryArgs('/auth/login', patch));
    await discover(discoveryArgs('/auth/login/inv-123', patch));
    await discover(discoveryArgs('/auth/reset-password', patch));
    expect(patch).not.toHaveBeenCalled();
  });

  it('adds the feature routes under the root once, on the first other path', async () => {
    const discover = createRouteDiscovery();
    const patch = vi.fn();
    await discover(discoveryArgs('/dashboard', patch));
    await discover(discoveryArgs('/payouts/123', patch));
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0][0]).toBe('root');
    expect(patch.mock.calls[0][1].length).toBeGreaterThan(5);
  });

  it('does not patch when the navigation was cancelled meanwhile', async () => {
    const discover = createRouteDiscovery();
    const patch = vi.fn();
    const aborted = new AbortController();
    aborted.abort();
    await discover({ ...discoveryArgs('/dashboard', patch), signal: aborted.signal });
    expect(patch).not.toHaveBeenCalled();
    await discover(discoveryArgs('/dashboard', patch));
    expect(patch).toHaveBeenCalledTimes(1);
  });
});

describe('top-level pages outside the staff guards', () => {
  it('renders /dev/mailbox', async () => {
    renderApp('/dev/mailbox', {
      routes: {
        'GET /api/dev/mailbox': {
          body: {
            status: 'success',
            message: 'OK',
            data: [],
            metadata: { pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } },
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Dev mailbox' })).toBeInTheDocument();
  });

  it('renders /customer/login and /employee-portal/login', async () => {
    const first = renderApp('/customer/login');
    expect(await screen.findByRole('heading', { name: 'View your invoices' })).toBeInTheDocument();
    first.unmount();
    renderApp('/employee-portal/login');
    expect(await screen.findByRole('heading', { name: 'Employee sign in' })).toBeInTheDocument();
  });

  it('keeps /marketplace-management public for a signed-in user', async () => {
    renderApp('/marketplace-management', { session: {} });
    expect(await screen.findByRole('heading', { level: 1, name: /Keep the lights on/ })).toBeInTheDocument();
    expect(screen.queryByTestId('page-title')).toBeNull();
  });
});

describe('/marketplace (002 §2 public page, 001 §2 dashboard area)', () => {
  it('shows visitors the public marketplace page', async () => {
    const { router } = renderApp('/marketplace');
    expect(await screen.findByRole('heading', { level: 1, name: /Keep the lights on/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(screen.queryByTestId('page-title')).toBeNull();
  });

  it('shows a signed-in user with an active account the dashboard marketplace area', async () => {
    const { router } = renderApp('/marketplace', { session: {} });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Marketplace');
    expect(await screen.findAllByRole('tab')).not.toHaveLength(0);
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Keep the lights on/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/marketplace');
  });

  it('applies the area permission in the dashboard', async () => {
    renderApp('/marketplace', { session: { resources: { payouts: ['get'] } } });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Marketplace');
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('shows the public page to a signed-in user without an active account', async () => {
    const { router } = renderApp('/marketplace', { session: { accounts: [accountEntry()], active: null } });
    expect(await screen.findByRole('heading', { level: 1, name: /Keep the lights on/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/marketplace');
  });

  it('keeps deeper marketplace paths behind the staff guards', async () => {
    const { router } = renderApp('/marketplace/vendings/v1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });
});

describe('dashboard frame mounts the shell alerts', () => {
  it('shows the agent bank prompt when the check asks', async () => {
    renderApp('/transactions', {
      session: {},
      routes: { 'GET /api/agents/self/check-bank-details': ok({ shouldAskVerification: true }) },
    });
    const prompt = await screen.findByTestId('agent-bank-prompt');
    expect(within(prompt).getByRole('button', { name: 'Add Bank Details' })).toBeInTheDocument();
  });

  it('shows the mobile alert carousel on small screens', async () => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- saved to be restored after the test; test-setup's stub does not use `this`
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    });
    try {
      renderApp('/transactions', { session: {} });
      expect(await screen.findByTestId('mobile-alert-carousel')).toBeInTheDocument();
      expect(screen.getByTestId('mobile-alert-insecure')).toBeInTheDocument();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('marks the Make Payment entries and sidebar entries for the tour', async () => {
    renderApp('/transactions', { session: {} });
    expect(await screen.findByTestId('sidebar-transactions')).toHaveAttribute(
      'data-tour',
      'nav-transactions',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(await screen.findByRole('menuitem', { name: 'Manual Payment' })).toHaveAttribute(
      'data-tour',
      'make-payment-manualPayment',
    );
  });
});
