import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNTING_MSG } from '@owo/contract/accounting';
import { fail, mockFetch, ok } from '../../app/test-utils';
import { useAccountingAuthCheck } from './auth-check';

function Harness(props: { onProceed: () => void }) {
  const books = useAccountingAuthCheck();
  return (
    <>
      <button onClick={() => void books.check(props.onProceed)}>Submit</button>
      {books.modal}
    </>
  );
}
const mount = (onProceed: () => void) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <Harness onProceed={onProceed} />
      </MemoryRouter>
    </MantineProvider>,
  );

const status = (over: object) =>
  ok({
    connected: true,
    type: 'sandbox',
    name: 'Owo Sandbox Books',
    enabled: true,
    authTokenValid: true,
    ...over,
  });

describe('accounting authorisation check before submit (001 §4)', () => {
  it('expired: shows the modal; Continue without Sync submits', async () => {
    mockFetch({ 'GET /api/accounting/auth/status': status({ authTokenValid: false }) });
    const proceed = vi.fn();
    mount(proceed);
    fireEvent.click(screen.getByText('Submit'));
    expect(await screen.findByText(ACCOUNTING_MSG.expired)).toBeTruthy();
    expect(screen.getByText('Owo Sandbox Books')).toBeTruthy();
    expect(screen.getByText(ACCOUNTING_MSG.revalidate)).toBeTruthy();
    expect(proceed).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText(ACCOUNTING_MSG.continueWithoutSync));
    expect(proceed).toHaveBeenCalledTimes(1);
  });

  it('valid, or nothing connected: submits without a modal', async () => {
    mockFetch({ 'GET /api/accounting/auth/status': status({}) });
    const proceed = vi.fn();
    mount(proceed);
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(proceed).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(ACCOUNTING_MSG.expired)).toBeNull();
  });

  it('the check itself failing (provider down): submit goes on', async () => {
    mockFetch({
      'GET /api/accounting/auth/status': fail(
        503,
        'provider-unavailable',
        ACCOUNTING_MSG.providerUnavailable,
      ),
    });
    const proceed = vi.fn();
    mount(proceed);
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(proceed).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(ACCOUNTING_MSG.expired)).toBeNull();
  });
});
