import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestStatusLabel } from '../features/requests/screens/status';
import { inflowStatusLabel } from '../features/inflows/components';
import { NEUTRAL_STATUS_COLOUR, StatusBadge, statusColour } from './status-badge';

const bgOf = (text: string) =>
  (screen.getByText(text).closest('.mantine-Badge-root') as HTMLElement).style.getPropertyValue('--badge-bg');

describe('StatusBadge', () => {
  it('gives a status the same colour in two areas, each with its own words', () => {
    render(
      <MantineProvider>
        {/* payouts shows the status as it is, requests with its own label */}
        <StatusBadge status="scheduled" />
        <StatusBadge status="scheduled" label={requestStatusLabel('scheduled')} />
        <StatusBadge status="fullyPaid" label={inflowStatusLabel('fullyPaid')} />
        <StatusBadge status="completed" label={requestStatusLabel('completed')} />
      </MantineProvider>,
    );
    expect(bgOf('scheduled')).toContain('grape');
    expect(bgOf('Scheduled')).toBe(bgOf('scheduled'));
    expect(bgOf('Fully paid')).toContain('green');
    expect(bgOf('Paid')).toBe(bgOf('Fully paid'));
  });

  it('shows a status nobody mapped in the neutral colour, with its own text', () => {
    render(
      <MantineProvider>
        <StatusBadge status="somethingNew" />
      </MantineProvider>,
    );
    expect(bgOf('somethingNew')).toContain(NEUTRAL_STATUS_COLOUR);
    expect(statusColour('somethingNew')).toBe(NEUTRAL_STATUS_COLOUR);
  });

  it('reads a provider’s upper-case status as its lower-case twin', () => {
    expect(statusColour('SUCCESS')).toBe(statusColour('success'));
    expect(statusColour('FAILED')).toBe('red');
  });
});
