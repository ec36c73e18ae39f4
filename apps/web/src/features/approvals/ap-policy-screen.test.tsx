import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLATFORM_LIMITS_MSG, type ApPolicy } from '@owo/contract/approvals';
import { ok, renderApp } from '../../app/test-utils';

const policy: ApPolicy = {
  autoApproveBelow: '0.00',
  autoApproveBelowMinor: 0,
  fourEyes: true,
  selfApproval: true,
  overBudget: 'block',
  receiptsRequiredAbove: null,
  receiptsRequiredAboveMinor: null,
  kycIncompleteCap: '100000.00',
  kycIncompleteCapMinor: 10_000_000,
  platformKycIncompleteCap: '100000.00',
  platformKycIncompleteCapMinor: 10_000_000,
  updatedAt: null,
};

// Issue 34 §5: the KYC cap is the platform's; the screen shows it as the bound and never sends a higher one.
describe('/settings/ap-policy KYC cap', () => {
  it("shows the platform's cap as the bound and refuses a higher cap before sending", async () => {
    const { api } = renderApp('/settings/ap-policy', {
      session: {},
      routes: {
        'GET /api/settings/ap-policy': ok(policy),
        'PUT /api/settings/ap-policy': ok(policy, 'AP policy updated successfully'),
      },
    });
    const cap = await screen.findByTestId('kyc-cap');
    expect(screen.getByText(/At most the platform's ₦100,000\.00/)).toBeInTheDocument();
    fireEvent.change(cap, { target: { value: '100000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(
      await screen.findByText(PLATFORM_LIMITS_MSG.kycCapAbovePlatform('₦100,000.00')),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    // A lower cap (tightening) is sent.
    fireEvent.change(cap, { target: { value: '50000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      kycIncompleteCap: '50000',
      receiptsRequiredAbove: null, // left empty: never required (the form used to refuse to save)
    });
  });
});
