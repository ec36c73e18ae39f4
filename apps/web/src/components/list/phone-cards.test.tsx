import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowCards, usePhone } from './phone-cards';

// Issue 37: below the tablet breakpoint a list's rows are cards; the amount and status stay with
// the title, and a card opens what its row opens.
const realMatchMedia = window.matchMedia.bind(window);
afterEach(() => {
  window.matchMedia = realMatchMedia;
});
function asPhone(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    matches: phone && query === '(max-width: 48em)',
  })) as typeof window.matchMedia;
}
function Probe() {
  return <span>{usePhone() ? 'phone' : 'wide'}</span>;
}

describe('the list kit on a phone', () => {
  it('usePhone answers the 48em query', () => {
    asPhone(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('phone')).toBeInTheDocument();
    unmount();
    asPhone(false);
    render(<Probe />);
    expect(screen.getByText('wide')).toBeInTheDocument();
  });

  it('usePhone knows a phone on the first render (no table painted, then swapped for cards)', () => {
    asPhone(true);
    const seen: boolean[] = [];
    function First() {
      seen.push(usePhone());
      return null;
    }
    render(<First />);
    expect(seen[0]).toBe(true);
  });

  it('RowCards lists each row with its amount and status, and a card opens its item', () => {
    const onOpen = vi.fn();
    render(
      <MantineProvider>
        <RowCards
          label="Payouts"
          rows={[
            {
              key: 'a',
              title: 'Ada Stores',
              subtitle: '30/11/2026',
              amount: '₦1,500.00',
              status: 'Paid',
              onOpen,
            },
            { key: 'b', title: 'Bisi Foods', amount: '₦20.00' },
          ]}
        />
      </MantineProvider>,
    );
    const items = screen.getByRole('list', { name: 'Payouts' }).querySelectorAll('[role="listitem"]');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Ada Stores.*30\/11\/2026.*₦1,500\.00.*Paid/);
    fireEvent.click(screen.getByRole('button', { name: /Ada Stores/ }));
    expect(onOpen).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
