import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@owo/contract';
import { mockFetch, renderWithRouter } from '../marketing/test-utils';
import { NotificationDrawer } from './components/notification-drawer';
import { notificationAction, notificationTitle } from './notification-rules';

const item = (
  over: Partial<NotificationItem> & {
    props?: NotificationItem['notification']['props'];
    topic?: string;
  } = {},
): NotificationItem => ({
  id: over.id ?? 'n1',
  read: over.read ?? false,
  kind: over.kind ?? 'event',
  notification: {
    topic: over.topic ?? 'Payout',
    value: 'Your payout of ₦25,000.00 to Ade Stores was approved',
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    account: { account: { id: 'a1', name: 'Acme Ltd' } },
    props: over.props ?? {},
  },
});

function listReply(items: NotificationItem[]) {
  return {
    body: {
      status: 'success',
      message: 'OK',
      data: items,
      metadata: {
        pagination: { page: 1, limit: 10, totalItems: items.length, totalPages: 1 },
        unreadCount: items.filter((i) => !i.read).length,
      },
    },
  };
}

describe('notification rules', () => {
  it('titles an item as topic + " Notification on " + account name', () => {
    expect(notificationTitle(item({ topic: 'Invoice' }))).toBe('Invoice Notification on Acme Ltd');
  });

  it('navigates by reference in the order request, transaction, quote; announcements open a modal', () => {
    expect(notificationAction(item({ props: { requestReference: 'REQ-1', transactionId: 't9' } }))).toEqual({
      type: 'navigate',
      to: '/request/REQ-1',
    });
    expect(notificationAction(item({ props: { transactionId: 't9' } }))).toEqual({
      type: 'navigate',
      to: '/transaction/t9',
    });
    // An approval's item opens the page the API names; only an app path, never another site.
    expect(notificationAction(item({ props: { approvalId: 'a1', path: '/payouts/p1' } }))).toEqual({
      type: 'navigate',
      to: '/payouts/p1',
    });
    expect(notificationAction(item({ props: { path: '//evil.example/x' } }))).toEqual({ type: 'modal' });
    expect(notificationAction(item({ props: { path: 'https://evil.example' } }))).toEqual({ type: 'modal' });
    // A card's receipt request opens that card's Transactions panel, not the transaction page.
    expect(notificationAction(item({ props: { transactionId: 't9', cardId: 'c1' } }))).toEqual({
      type: 'navigate',
      to: '/cards?spends=c1',
    });
    expect(notificationAction(item({ props: { quoteId: 'q1' } }))).toEqual({
      type: 'navigate',
      to: '/payouts/quotes',
    });
    expect(notificationAction(item({ kind: 'announcement', props: { transactionId: 't9' } }))).toEqual({
      type: 'modal',
    });
  });
});

describe('notification drawer', () => {
  it('lists items with their title, relative time and an unread dot only on unread ones', async () => {
    mockFetch({
      'GET /api/me/notifications': listReply([
        item({ id: 'n1' }),
        item({ id: 'n2', read: true, topic: 'Invoice' }),
      ]),
    });
    renderWithRouter({ ui: <NotificationDrawer opened onClose={() => {}} /> });
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Payout Notification on Acme Ltd')).toBeInTheDocument();
    expect(within(rows[0]).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(rows[1]).queryByTestId('unread-dot')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Unread (1)' })).toBeInTheDocument();
  });

  it('marks an unread item read on click and navigates to its transaction', async () => {
    const onClose = vi.fn();
    const { calls } = mockFetch({
      'GET /api/me/notifications': listReply([item({ id: 'n1', props: { transactionId: 'tx-42' } })]),
      'PATCH /api/me/notifications/n1': {
        body: { status: 'success', message: 'Notification marked as read', data: { id: 'n1', read: true } },
      },
    });
    const { router } = renderWithRouter({
      ui: <NotificationDrawer opened onClose={onClose} />,
      path: '/dashboard',
      initial: '/dashboard',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Payout Notification on Acme Ltd' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transaction/tx-42'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ read: true }));
    expect(onClose).toHaveBeenCalled();
  });

  it('does not PATCH a read item again, and opens announcements in a modal instead of navigating', async () => {
    const { calls } = mockFetch({
      'GET /api/me/notifications': listReply([
        item({ id: 'n3', read: true, kind: 'announcement', topic: 'Product' }),
      ]),
    });
    const { router } = renderWithRouter({
      ui: <NotificationDrawer opened onClose={() => {}} />,
      path: '/dashboard',
      initial: '/dashboard',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Product Notification on Acme Ltd' }));
    expect(await screen.findByTestId('notification-modal')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('switches to the Unread tab with where=unread and sends Mark all as read', async () => {
    const { calls } = mockFetch({
      'GET /api/me/notifications': listReply([item()]),
      'PATCH /api/me/notifications': {
        body: { status: 'success', message: 'All notifications marked as read', data: { count: 1 } },
      },
    });
    renderWithRouter({ ui: <NotificationDrawer opened onClose={() => {}} /> });
    await screen.findAllByTestId('notification-item');
    fireEvent.click(screen.getByRole('tab', { name: /Unread/ }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url.searchParams.get('where') === 'unread' && c.url.searchParams.get('limit') === '10',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notification options' }));
    fireEvent.click(await screen.findByText('Mark all as read'));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PATCH' && c.url.pathname === '/api/me/notifications')?.body,
      ).toEqual({ read: true }),
    );
  });
});

describe('notification bell', () => {
  it('shows the unread count and opens the drawer', async () => {
    const { NotificationBell } = await import('./components/notification-bell');
    mockFetch({ 'GET /api/me/notifications': listReply([item({ id: 'n1' }), item({ id: 'n2' })]) });
    renderWithRouter({ ui: <NotificationBell /> });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(2);
  });
});
