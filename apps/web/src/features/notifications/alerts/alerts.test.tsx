import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@owo/contract';
import { mockFetch, renderWithRouter } from '../../marketing/test-utils';
import { AgentBankPrompt } from './agent-bank-prompt';
import { mobileAlerts } from './alert-rules';
import { AlertCarousel } from './mobile-alert-carousel';

afterEach(() => vi.useRealTimers());

describe('mobile alert rules', () => {
  it('shows the KYC alert only with create rights on parameters and an incomplete setup', () => {
    expect(mobileAlerts({ canCreateParameters: true, kybComplete: false, twoFactorEnabled: true })).toEqual([
      { key: 'kyc', text: MSG.kycIncomplete, to: '/account/setup' },
    ]);
    expect(mobileAlerts({ canCreateParameters: false, kybComplete: false, twoFactorEnabled: true })).toEqual(
      [],
    );
    expect(mobileAlerts({ canCreateParameters: true, kybComplete: true, twoFactorEnabled: true })).toEqual(
      [],
    );
    // Not known yet (still loading): no alert rather than a wrong one.
    expect(
      mobileAlerts({ canCreateParameters: true, kybComplete: undefined, twoFactorEnabled: undefined }),
    ).toEqual([]);
  });

  it('shows the insecure alert when 2FA is off, linking to security settings', () => {
    expect(
      mobileAlerts({ canCreateParameters: false, kybComplete: undefined, twoFactorEnabled: false }),
    ).toEqual([
      {
        key: 'insecure',
        text: 'Your Account is insecure, Tap to enable 2FA',
        to: '/account/settings/security',
      },
    ]);
  });
});

describe('AlertCarousel', () => {
  it("rotates every 3000 ms and opens the alert's page on tap", async () => {
    vi.useFakeTimers();
    const alerts = mobileAlerts({ canCreateParameters: true, kybComplete: false, twoFactorEnabled: false });
    const { router } = renderWithRouter({
      ui: <AlertCarousel alerts={alerts} />,
      path: '/dashboard',
      initial: '/dashboard',
    });
    expect(screen.getByText('Your KYC is incomplete, Click here to complete it.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(screen.getByTestId('mobile-alert-kyc')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('Your Account is insecure, Tap to enable 2FA')).toBeInTheDocument();
    vi.useRealTimers();
    fireEvent.click(screen.getByTestId('mobile-alert-insecure'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings/security'));
  });
});

describe('AgentBankPrompt', () => {
  it('is forced when the check asks: no close button, Escape and outside clicks do not close it', async () => {
    mockFetch({
      'GET /api/agents/self/check-bank-details': {
        body: { status: 'success', message: 'OK', data: { shouldAskVerification: true } },
      },
    });
    const { router } = renderWithRouter({
      ui: <AgentBankPrompt />,
      path: '/dashboard',
      initial: '/dashboard',
    });
    expect(await screen.findByText('Bank Details Required')).toBeInTheDocument();
    expect(screen.getByText(MSG.agentBankPrompt)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    fireEvent.keyDown(document, { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    if (overlay) fireEvent.mouseDown(overlay);
    if (overlay) fireEvent.click(overlay);
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByText('Bank Details Required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Bank Details' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/bank-details'));
  });

  it('stays hidden when no verification is needed', async () => {
    const { fn } = mockFetch({
      'GET /api/agents/self/check-bank-details': {
        body: { status: 'success', message: 'OK', data: { shouldAskVerification: false } },
      },
    });
    renderWithRouter({ ui: <AgentBankPrompt /> });
    await waitFor(() => expect(fn).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Bank Details Required')).toBeNull();
  });
});
