// A dashboard figure read in one glance: a label, the figure, one line under it and an optional
// link (the KPI row of /dashboard). `ChangeLine` is the "↑ 12% vs last month" line.
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function KpiTile(props: {
  label: string;
  value: ReactNode;
  /** The full figure as a tooltip when `value` is shortened. */
  title?: string;
  hint?: ReactNode;
  link?: { to: string; label: string };
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Card data-testid={props.testId} padding="md">
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.3}>
            {props.label}
          </Text>
          {props.link && (
            <Anchor component={Link} to={props.link.to} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {props.link.label}
            </Anchor>
          )}
        </Group>
        <Text
          fz={{ base: 24, lg: 22, xl: 26 }}
          fw={750}
          lh={1.15}
          title={props.title}
          style={{ overflowWrap: 'anywhere' }}
        >
          {props.value}
        </Text>
        {props.hint && (
          <Text size="sm" c="dimmed" component="div">
            {props.hint}
          </Text>
        )}
        {props.children}
      </Stack>
    </Card>
  );
}

/**
 * The change from the previous period: "↑ 12% vs last month". `goodWhenUp` colours a rise teal and
 * a fall red (money in); false the other way round (money out). Without a previous figure: `none`.
 */
export function ChangeLine(props: {
  current: number;
  previous: number;
  vs: string;
  none: string;
  goodWhenUp: boolean;
}) {
  const { current, previous } = props;
  if (previous <= 0) return <span data-change="none">{props.none}</span>;
  const pct = Math.round(((current - previous) / previous) * 100);
  const up = pct > 0;
  const color = pct === 0 ? 'dimmed' : up === props.goodWhenUp ? 'teal.8' : 'red.8';
  return (
    <span data-change={pct}>
      <Text span size="sm" fw={700} c={color}>
        {pct === 0 ? '0%' : `${up ? '↑' : '↓'} ${Math.abs(pct)}%`}
      </Text>{' '}
      {props.vs}
    </span>
  );
}
