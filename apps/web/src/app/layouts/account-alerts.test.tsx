import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@owo/contract';
import { ok, renderApp, type Handler } from '../test-utils';
import { alertsReadKey, alertsSlotKey, FIRST_ALERTS_SLOT_PX } from './account-alerts';

// A phone: the layout's media query for small screens matches (the test setup answers "no" to all).
const desktop = Object.getOwnPropertyDescriptor(window, 'matchMedia')!.value as (q: string) => MediaQueryList;
beforeEach(() => {
  window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === '(max-width: 48em)' });
  localStorage.clear();
});
afterEach(() => {
  window.matchMedia = desktop;
  localStorage.clear();
});

// The test user (u1) has 2FA off: the security reminder shows; KYC is not known (no fill answered).
const open = () => renderApp('/requests', { session: { resources: { requests: ['get'] } } });

describe('the KYC / 2FA reminder on a phone', () => {
  it('folds to one line once closed and remembers it for this user', async () => {
    open();
    expect(await screen.findByTestId('mobile-alert-insecure')).toHaveTextContent(MSG.accountInsecure);
    fireEvent.click(screen.getByRole('button', { name: 'Hide these reminders' }));
    expect(await screen.findByTestId('alerts-slim')).toHaveTextContent(`1 reminder: ${MSG.accountInsecure}`);
    expect(screen.queryByTestId('mobile-alert-carousel')).toBeNull();
    expect(JSON.parse(localStorage.getItem(alertsReadKey('u1'))!)).toBe('insecure');
  });

  it('opens folded when this user folded it before, and Show unfolds it', async () => {
    localStorage.setItem(alertsReadKey('u1'), JSON.stringify('insecure'));
    open();
    expect(await screen.findByTestId('alerts-slim')).toBeInTheDocument();
    expect(screen.queryByTestId('mobile-alert-carousel')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the reminders' }));
    expect(await screen.findByTestId('mobile-alert-insecure')).toBeInTheDocument();
    expect(screen.queryByTestId('alerts-slim')).toBeNull();
  });

  it('stays open when another user folded it, or when the folded reminders were others', async () => {
    localStorage.setItem(alertsReadKey('someone-else'), JSON.stringify('insecure'));
    localStorage.setItem(alertsReadKey('u1'), JSON.stringify('kyc'));
    open();
    expect(await screen.findByTestId('mobile-alert-insecure')).toBeInTheDocument();
    expect(screen.queryByTestId('alerts-slim')).toBeNull();
  });
});

describe('the reminders’ slot while their queries load (no layout shift, issue 38 §3)', () => {
  /** The KYB fill answer (KYC incomplete) held back until `release()`; the layout waits for the profile. */
  function heldFill() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const route: Handler = async () => {
      await gate;
      return ok({ progress: { maxStep: 5, isComplete: false, fillPercentage: 40 } });
    };
    return { release, routes: { 'GET /api/parameter/account': route } };
  }
  const openHeld = (routes: Record<string, Handler>) =>
    renderApp('/requests', { session: { resources: { requests: ['get'], parameters: ['post'] } }, routes });

  it('is kept at the height the reminders took last time, then they take it', async () => {
    localStorage.setItem(alertsSlotKey('u1'), JSON.stringify(84));
    const held = heldFill();
    openHeld(held.routes);
    expect(await screen.findByTestId('alerts-slot')).toHaveStyle({ height: '84px' });
    expect(screen.queryByTestId('mobile-alert-carousel')).toBeNull();
    held.release();
    expect(await screen.findByTestId('mobile-alert-kyc')).toBeInTheDocument();
    expect(screen.queryByTestId('alerts-slot')).toBeNull();
  });

  it('is a one-reminder carousel on a first load', async () => {
    const held = heldFill();
    openHeld(held.routes);
    expect(await screen.findByTestId('alerts-slot')).toHaveStyle({ height: `${FIRST_ALERTS_SLOT_PX}px` });
    held.release();
    expect(await screen.findByTestId('mobile-alert-kyc')).toBeInTheDocument();
  });

  it('is not kept for a user who had no reminders last time', async () => {
    localStorage.setItem(alertsSlotKey('u1'), JSON.stringify(0));
    const held = heldFill();
    openHeld(held.routes);
    await screen.findAllByRole('navigation');
    expect(screen.queryByTestId('alerts-slot')).toBeNull();
    held.release();
    expect(await screen.findByTestId('mobile-alert-kyc')).toBeInTheDocument();
  });
});
