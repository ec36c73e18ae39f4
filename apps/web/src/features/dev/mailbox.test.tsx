import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithRouter } from '../marketing/test-utils';
import { devRoutes } from './routes';

const mail = (id: string, subject: string, links: string[]) => ({
  id,
  to: 'ada@acme.ng',
  subject,
  text: `Hello\n${links.join('\n')}`,
  html: '',
  links,
  state: 'sent',
  createdAt: new Date().toISOString(),
});

describe('dev mailbox', () => {
  it("searches by recipient and shows the open mail's links with stable test ids", async () => {
    const { calls } = mockFetch({
      'GET /api/dev/mailbox': (url) => ({
        body: {
          status: 'success',
          message: 'OK',
          data:
            url.searchParams.get('to') === 'ada@acme.ng'
              ? [
                  mail('m2', 'Confirm your email', ['http://localhost/auth/confirm-email?token=abc']),
                  mail('m1', 'Welcome', []),
                ]
              : [],
          metadata: { pagination: { page: 1, limit: 20, totalItems: 2, totalPages: 1 } },
        },
      }),
    });
    renderWithRouter({ routes: devRoutes, initial: '/dev/mailbox' });
    expect(await screen.findByTestId('mailbox-empty')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('mailbox-search'), { target: { value: 'Ada@Acme.ng ' } });
    fireEvent.click(screen.getByTestId('mailbox-search-submit'));
    expect(await screen.findByTestId('mail-link-0')).toHaveAttribute(
      'href',
      'http://localhost/auth/confirm-email?token=abc',
    );
    expect(screen.getAllByTestId('mailbox-item')).toHaveLength(2);
    expect(calls.some((c) => c.url.searchParams.get('to') === 'ada@acme.ng')).toBe(true);
    fireEvent.click(screen.getAllByTestId('mailbox-item')[1]);
    await waitFor(() => expect(screen.getByTestId('mail-subject')).toHaveTextContent('Welcome'));
    expect(screen.queryByTestId('mail-link-0')).toBeNull();
  });

  it('says the mailbox is unavailable when the API answers 404 (production)', async () => {
    mockFetch({});
    renderWithRouter({ routes: devRoutes, initial: '/dev/mailbox' });
    expect(await screen.findByTestId('mailbox-unavailable')).toBeInTheDocument();
  });
});
