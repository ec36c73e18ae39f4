import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kycLimitDetail, MSG } from '@owo/contract/messages';
import { refusalText } from './refusal';
import { toastError } from './toast';

const detail = kycLimitDetail('₦100,000.00');

describe('refusal toasts', () => {
  it('say the KYC limit with its cap (the field error), other refusals as their message', () => {
    const kyc = { message: MSG.kycIncompleteLimit, errors: { amount: [detail] } };
    expect(refusalText(kyc)).toBe(detail);
    expect(refusalText({ message: MSG.kycIncompleteLimit })).toBe(MSG.kycIncompleteLimit);
    expect(refusalText({ message: 'Insufficient balance', errors: { amount: ['Other'] } })).toBe(
      'Insufficient balance',
    );
  });

  it('link the KYC limit to the KYB steps that lift it (001 §5), and nothing else', async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    act(() => toastError('Insufficient balance'));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete KYC' })).toBeNull();
    act(() => toastError(detail));
    expect(await screen.findByText(/one payment can be at most ₦100,000\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete KYC' })).toHaveAttribute('href', '/account/setup');
  });
});
