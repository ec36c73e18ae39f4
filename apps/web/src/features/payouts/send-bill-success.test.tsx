import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/test-utils';

// 000 §2.10: the send-bill success screen offers 'Start new transaction' to a signed-in user and
// 'Get Started' (registration) to a visitor.
describe('send-bill success', () => {
  it('a visitor is offered Get Started', async () => {
    renderApp('/send-bill/success/abc', { session: false });
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/auth\/register/),
    );
    expect(screen.queryByRole('link', { name: 'Start new transaction' })).toBeNull();
  });

  it('a signed-in user is offered Start new transaction', async () => {
    renderApp('/send-bill/success/abc', { session: {} });
    expect(await screen.findByRole('link', { name: 'Start new transaction' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });
});
