import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { store } from '../../lib/store';
import { renderWithRouter } from '../marketing/test-utils';
import { GuidedTour } from './guided-tour';
import { finishTour, shouldStartMakePaymentTour, startFirstRun } from './tour-state';
import { useTourOnMakePaymentOpen } from './use-tour-on-make-payment-open';

beforeEach(() => store.reset());
afterEach(() => vi.useRealTimers());

describe('tour transitions', () => {
  it('starts only from idle, completes on finish, and offers the Make Payment tour only after completion at progress < 2', () => {
    expect(startFirstRun({ status: 'idle', progress: 1 })).toEqual({ status: 'in-progress', progress: 1 });
    expect(startFirstRun({ status: 'completed', progress: 1 })).toEqual({ status: 'completed', progress: 1 });
    expect(finishTour({ status: 'in-progress', progress: 2 })).toEqual({ status: 'completed', progress: 2 });
    expect(shouldStartMakePaymentTour({ status: 'completed', progress: 1 })).toBe(true);
    expect(shouldStartMakePaymentTour({ status: 'in-progress', progress: 1 })).toBe(false);
    expect(shouldStartMakePaymentTour({ status: 'completed', progress: 2 })).toBe(false);
  });
});

describe('useTourOnMakePaymentOpen', () => {
  it('sets progress 2 and in-progress 1000 ms after the menu opens when the first tour is completed', () => {
    vi.useFakeTimers();
    store.reset({ tour: { status: 'completed', progress: 1 } });
    const { result } = renderHook(() => useTourOnMakePaymentOpen());
    act(() => result.current());
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(store.get().tour).toEqual({ status: 'completed', progress: 1 });
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(store.get().tour).toEqual({ status: 'in-progress', progress: 2 });
  });

  it('does nothing while the first tour has not been completed', () => {
    vi.useFakeTimers();
    store.reset({ tour: { status: 'in-progress', progress: 1 } });
    const { result } = renderHook(() => useTourOnMakePaymentOpen());
    act(() => result.current());
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(store.get().tour).toEqual({ status: 'in-progress', progress: 1 });
  });
});

/** Every payout step's target, as the payouts page carries them. */
const PayoutTabs = () => (
  <>
    {['all', 'pending', 'scheduled', 'completed', 'bills'].map((t) => (
      <div key={t} data-tour={`payouts-tab-${t}`}>
        {t}
      </div>
    ))}
  </>
);
/** The sidebar entries every dashboard page has. */
const Sidebar = () => (
  <>
    {['payouts', 'requests', 'transactions'].map((n) => (
      <div key={n} data-tour={`nav-${n}`}>
        {n}
      </div>
    ))}
  </>
);

describe('GuidedTour', () => {
  it('shows five payout steps at progress 1 on the payouts page, highlights the data-tour target and completes on Finish', () => {
    store.reset({ tour: { status: 'in-progress', progress: 1 } });
    renderWithRouter({
      ui: (
        <>
          <PayoutTabs />
          <GuidedTour />
        </>
      ),
    });
    expect(screen.getByTestId('guided-tour')).toHaveAttribute('data-step', 'payouts-all');
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
    for (let i = 0; i < 4; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('5 of 5')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(store.get().tour.status).toBe('completed');
    expect(screen.queryByTestId('guided-tour')).toBeNull();
  });

  it('points only at what the page has: on the dashboard, the three sidebar entries (issue 37)', () => {
    store.reset({ tour: { status: 'in-progress', progress: 1 } });
    renderWithRouter({
      ui: (
        <>
          <Sidebar />
          <GuidedTour />
        </>
      ),
    });
    const seen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      seen.push(screen.getByTestId('guided-tour').getAttribute('data-step')!);
      expect(screen.getByText(`${i + 1} of 3`)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: i < 2 ? 'Next' : 'Finish' }));
    }
    expect(seen).toEqual(['payouts-all', 'payouts-pending', 'payouts-completed']);
    expect(store.get().tour.status).toBe('completed');
  });

  it('never opens over the KYB setup, and starts once the user is back on the dashboard (issue 37)', () => {
    vi.useFakeTimers();
    const { router } = renderWithRouter({
      ui: (
        <>
          <Sidebar />
          <GuidedTour />
        </>
      ),
      initial: '/account/setup/info',
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(store.get().tour.status).toBe('idle');
    expect(screen.queryByTestId('guided-tour')).toBeNull();
    // an in-progress tour stays hidden on the setup too
    act(() => store.set({ tour: { status: 'in-progress', progress: 1 } }));
    expect(screen.queryByTestId('guided-tour')).toBeNull();
    act(() => void router.navigate('/dashboard'));
    expect(screen.getByTestId('guided-tour')).toHaveAttribute('data-step', 'payouts-all');
  });

  it('shows the Make Payment steps at progress 2 and Skip completes the tour', () => {
    store.reset({ tour: { status: 'in-progress', progress: 2 } });
    renderWithRouter({
      ui: (
        <>
          <div data-tour="make-payment">Make Payment</div>
          <GuidedTour />
        </>
      ),
    });
    expect(screen.getByTestId('guided-tour')).toHaveAttribute('data-step', 'make-payment');
    expect(screen.getByText('1 of 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Skip tour' }));
    expect(store.get().tour).toEqual({ status: 'completed', progress: 2 });
  });

  it('starts the first-run tour by itself when the state is idle', () => {
    vi.useFakeTimers();
    renderWithRouter({
      ui: (
        <>
          <Sidebar />
          <GuidedTour />
        </>
      ),
    });
    expect(screen.queryByTestId('guided-tour')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(store.get().tour.status).toBe('in-progress');
    expect(screen.getByTestId('guided-tour')).toBeInTheDocument();
  });
});
