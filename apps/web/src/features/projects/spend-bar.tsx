import { Progress, Stack, Text } from '@mantine/core';
import type { Project } from '@owo/contract/projects';
import { formatMoney } from '../../lib/format';
import { useTranslation } from 'react-i18next';

/** Spent (teal) and committed (yellow) against the budget; without a budget, the spend alone. */
export function ProjectSpendBar(props: { project: Project }) {
  const { t } = useTranslation('projects');
  const p = props.project;
  if (p.budgetMinor === null)
    return (
      <Text size="xs" c="dimmed">
        {t('spendBar.noBudgetSpent', { amount: formatMoney(p.spentMinor) })}
      </Text>
    );
  const pct = (v: number) => (p.budgetMinor ? Math.min(100, (v / p.budgetMinor) * 100) : 100);
  return (
    <Stack gap={4}>
      <Progress.Root size="lg" aria-label={t('spendBar.budgetUse', { name: p.name })}>
        <Progress.Section value={pct(p.spentMinor)} color="teal" />
        <Progress.Section
          value={Math.max(0, pct(p.spentMinor + p.committedMinor) - pct(p.spentMinor))}
          color="yellow"
        />
      </Progress.Root>
      <Text size="xs" c={p.remainingMinor !== null && p.remainingMinor < 0 ? 'red' : 'dimmed'}>
        {t('spendBar.spentCommittedLeftOf', {
          amount: formatMoney(p.spentMinor),
          amount2: formatMoney(p.committedMinor),
          amount3: formatMoney(p.remainingMinor ?? 0),
          amount4: formatMoney(p.budgetMinor),
        })}
      </Text>
    </Stack>
  );
}
