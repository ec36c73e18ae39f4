import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { store } from '../../lib/store';
import { FEATURES } from './content/features';
import { siteRoutes } from './routes';
import { renderWithRouter } from './test-utils';

beforeEach(() => {
  store.reset();
  document.cookie = 'owo_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute('content');
const open = async (path: string) => {
  const r = renderWithRouter({ routes: siteRoutes, initial: path });
  await screen.findByRole('banner');
  return r;
};

describe('public header', () => {
  // The menus' chunk is fetched on the first hover or click; loaded here first, so a busy machine's
  // slow module import is not what the 5 s waits below measure (they wait for the render).
  beforeAll(async () => {
    await import('./components/public-nav-menus');
  });

  it('links FAQ to /faq (not registration), Documentation to /api/docs, and shows Log In / Create an Account', async () => {
    await open('/pricing');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(nav).getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getAllByRole('link', { name: 'Create an Account' })[0]).toHaveAttribute(
      'href',
      '/auth/register',
    );
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
  });

  it('opens the Features menu (loaded on the first hover) with every feature page', async () => {
    await open('/pricing');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.hover(within(nav).getByRole('button', { name: 'Features' }));
    const payroll = FEATURES.find((f) => f.key === 'payroll')!;
    const item = await screen.findByRole(
      'menuitem',
      { name: new RegExp(payroll.name), hidden: true },
      { timeout: 5000 },
    );
    expect(item).toHaveAttribute('href', payroll.path);
    expect(screen.getAllByRole('menuitem', { hidden: true })).toHaveLength(FEATURES.length);
  });

  it('opens the drawer from the burger, loaded on the first click', async () => {
    await open('/faq');
    // The burger shows below 1200 px; the test window is a laptop's, so it is found hidden.
    fireEvent.click(screen.getByLabelText('Open menu'));
    const drawer = await screen.findByRole('dialog', { hidden: true }, { timeout: 5000 });
    expect(within(drawer).getByRole('link', { name: 'Pricing', hidden: true })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it('offers Go to Dashboard instead when a staff user is signed in', async () => {
    store.reset({
      staff: { ...store.get().staff, user: { id: 'u1', email: 'a@b.ng', verified: true, _2fa: false } },
    });
    await open('/');
    expect(screen.getAllByRole('link', { name: 'Go to Dashboard' })[0]).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });
});

describe('page head', () => {
  it('sets title, description, keywords and social tags per page', async () => {
    await open('/pricing');
    await waitFor(() => expect(document.title).toBe('Pricing | Owo'));
    expect(meta('meta[name="description"]')).toMatch(/Starter plan/);
    expect(meta('meta[name="keywords"]')).toContain('transfer fees Nigeria');
    expect(meta('meta[property="og:title"]')).toBe('Pricing | Owo');
    expect(meta('meta[property="og:url"]')).toBe('http://localhost:3000/pricing');
    expect(meta('meta[name="twitter:card"]')).toBe('summary');
  });

  it('gives each feature page its own head and content, and /marketplace the marketplace page', async () => {
    const payroll = FEATURES.find((f) => f.key === 'payroll')!;
    await open('/marketplace');
    await waitFor(() => expect(document.title).toContain('Bulk electricity token purchase'));
    expect(meta('meta[property="og:url"]')).toBe('http://localhost:3000/marketplace-management');
    expect(screen.getByText('Facility managers')).toBeInTheDocument();
    expect(payroll.meta.title).not.toBe(document.title);
  });
});

describe('footer and legal pages', () => {
  it('hides the footer FAQ on /faq but shows it elsewhere; Get started opens registration', async () => {
    await open('/faq');
    expect(await screen.findByText('How long do payouts take?')).toBeInTheDocument();
    expect(screen.queryByTestId('footer-faq')).toBeNull();
    expect(screen.getByTestId('footer-get-started')).toHaveAttribute('href', '/auth/register');
  });

  it('answers the legal aliases with the same documents', async () => {
    await open('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('footer-faq')).toBeInTheDocument();
  });

  it('states the USD 10,000 limit as our own platform limit, not a CBN rule', async () => {
    await open('/faq');
    expect(await screen.findByText(/our own platform limit/)).toHaveTextContent(
      'not a Central Bank of Nigeria rule',
    );
  });
});
