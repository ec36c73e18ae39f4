import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Below the tablet breakpoint (Mantine `sm`, 48em): a phone. */
export const SMALL_SCREEN_QUERY = '(max-width: 48em)';

/**
 * Whether the screen is a phone's, from the first render (false in tests unless matchMedia says
 * so, and where there is no window). Read at once, not in an effect: a phone would otherwise paint
 * the table first and then swap in the cards, shifting the page (issue 38 §3). Signed-in screens
 * only: they are not prerendered, so there is no static HTML to match.
 */
export function usePhone(): boolean {
  return useMediaQuery(SMALL_SCREEN_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}

export type RowCard = {
  key: string;
  /** Who or what: the counterparty, vendor or customer. */
  title: ReactNode;
  /** A second line: the date, reference or narration. */
  subtitle?: ReactNode;
  /** The amount, right-aligned and bold. */
  amount: ReactNode;
  /** The status badge, under the amount. */
  status?: ReactNode;
  onOpen?: () => void;
  testId?: string;
};

/**
 * A list's rows as cards on a phone: what a table's amount and status columns say stays on screen
 * (issue 37) instead of scrolling off to the right. Each card opens what its row opens.
 */
export function RowCards(props: { rows: RowCard[]; label?: string }) {
  return (
    <Stack gap="xs" p="xs" role="list" aria-label={props.label}>
      {props.rows.map((r) => {
        const body = (
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={1}>
                {r.title}
              </Text>
              {r.subtitle && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {r.subtitle}
                </Text>
              )}
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {r.amount}
              </Text>
              {r.status}
            </Stack>
          </Group>
        );
        return (
          <Card key={r.key} withBorder padding="sm" radius="md" role="listitem" data-testid={r.testId}>
            {r.onOpen ? (
              <UnstyledButton onClick={r.onOpen} style={{ display: 'block', width: '100%' }}>
                {body}
              </UnstyledButton>
            ) : (
              body
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
