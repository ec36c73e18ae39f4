import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Nothing to show: null, undefined, '' or false (a 0 is a value and shows as 0). */
const isBlank = (v: ReactNode) => v === null || v === undefined || v === '' || v === false;

/**
 * One labelled value of a detail screen (a payout's reference, a vendor's bank): the label small
 * and dimmed above, the value below, '—' when there is none. `danger` shows the value in red.
 */
export function DetailField(props: { label: ReactNode; value?: ReactNode; danger?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text
        size="sm"
        fw={500}
        component="div"
        c={props.danger ? 'red' : undefined}
        style={{ wordBreak: 'break-word' }}
      >
        {isBlank(props.value) ? '—' : props.value}
      </Text>
    </Stack>
  );
}
