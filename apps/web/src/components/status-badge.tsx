import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The one colour of each status, the same in every area (a payout, an expense and a request that
 * are `scheduled` show the same badge). Keyed by the status value the API sends; an area never
 * keeps its own map, it only chooses the words (`label`).
 */
export const STATUS_COLOURS: Readonly<Record<string, string>> = {
  // Not started, inert or withdrawn.
  draft: 'gray',
  none: 'gray',
  initialized: 'gray',
  cancelled: 'gray',
  expired: 'gray',
  retired: 'gray',
  reversed: 'gray',
  terminated: 'gray',
  // Waiting on a person.
  pending: 'yellow',
  requested: 'yellow',
  payerConfirmed: 'yellow',
  // Needs someone to look at it.
  invalid: 'orange',
  moreInfo: 'orange',
  partial: 'orange',
  partially_failed: 'orange',
  // Under way (approved is a step on the way to paid, not the end of it).
  validating: 'blue',
  processing: 'blue',
  submitted: 'blue',
  approved: 'blue',
  frozen: 'blue',
  partlyPaid: 'blue',
  paying: 'cyan',
  scheduled: 'grape',
  // Ready, or delivered.
  valid: 'teal',
  active: 'teal',
  matured: 'teal',
  delivered: 'teal',
  // Done.
  completed: 'green',
  paid: 'green',
  fullyPaid: 'green',
  success: 'green',
  sent: 'green',
  settled: 'green',
  posted: 'green',
  // Refused or failed.
  rejected: 'red',
  failed: 'red',
};

/** The colour of a status nobody mapped. */
export const NEUTRAL_STATUS_COLOUR = 'gray';

/** A status's colour; providers' upper-case values (`SUCCESS`) read as their lower-case twin. */
export function statusColour(status: string): string {
  return STATUS_COLOURS[status] ?? STATUS_COLOURS[status.toLowerCase()] ?? NEUTRAL_STATUS_COLOUR;
}

/** The badge of a status: the kit's colour, the area's words (the status itself if none given). */
export function StatusBadge({
  status,
  label,
  ...rest
}: { status: string; label?: ReactNode } & Omit<BadgeProps, 'color' | 'children' | 'style'>) {
  return (
    <Badge
      variant="light"
      {...rest}
      color={statusColour(status)}
      data-status={status}
      // The light variant's text (shade 7) fails AA contrast on its tint for most colours (green
      // 2.5:1); shade 9 darkened a quarter reads at 4.5:1 or more on every tint.
      styles={{
        label: { color: `color-mix(in srgb, var(--mantine-color-${statusColour(status)}-9) 75%, black)` },
      }}
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {label ?? status}
    </Badge>
  );
}
