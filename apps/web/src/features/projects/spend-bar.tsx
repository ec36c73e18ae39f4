import { Progress, Stack, Text } from '@mantine/core';
import type { Project } from '@owo/contract/projects';
import { formatMoney } from '../../lib/format';

/** Spent (teal) and committed (yellow) against the budget; without a budget, the spend alone. */
export function ProjectSpendBar(props: { project: Project }) {
  const p = props.project;
  if (p.budgetMinor === null)
    return (
      <Text size="xs" c="dimmed">
        No budget · {formatMoney(p.spentMinor)} spent
      </Text>
    );
  const pct = (v: number) => (p.budgetMinor ? Math.min(100, (v / p.budgetMinor) * 100) : 100);
  return (
    <Stack gap={4}>
      <Progress.Root size="lg" aria-label={`${p.name} budget use`}>
        <Progress.Section value={pct(p.spentMinor)} color="teal" />
        <Progress.Section
          value={Math.max(0, pct(p.spentMinor + p.committedMinor) - pct(p.spentMinor))}
          color="yellow"
        />
      </Progress.Root>
      <Text size="xs" c={p.remainingMinor !== null && p.remainingMinor < 0 ? 'red' : 'dimmed'}>
        {formatMoney(p.spentMinor)} spent · {formatMoney(p.committedMinor)} committed ·{' '}
        {formatMoney(p.remainingMinor ?? 0)} left of {formatMoney(p.budgetMinor)}
      </Text>
    </Stack>
  );
}
