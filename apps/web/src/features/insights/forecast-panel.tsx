import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useForecast, type ForecastFilter } from './api';
import { Panel } from './components';

/** The dashboard's compact forecast: the closing balance in 13 weeks and the lowest point. */
export function ForecastPanel({ currency }: { currency: ForecastFilter['currency'] }) {
  const r = useForecast({ currency });
  const f = r.data;
  if (!f) return null;
  const last = f.weeks[f.weeks.length - 1];
  const short = f.alerts.filter((a) => a.type === 'overdraw').length;
  return (
    <Panel
      title="Cash forecast"
      testId="panel-cash-forecast"
      action={
        <Anchor component={Link} to={paths.cashForecast.href()} size="sm">
          Open
        </Anchor>
      }
    >
      <Group justify="space-between">
        <Text size="sm">In {f.weeks.length} weeks</Text>
        <Text fw={700} c={last.closingMinor < 0 ? 'red.7' : undefined}>
          {formatMoney(last.closingMinor, f.currency)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm">Lowest, week of {formatDate(f.lowest.start)}</Text>
        <Text fw={700} c={f.lowest.closingMinor < 0 ? 'red.7' : undefined}>
          {formatMoney(f.lowest.closingMinor, f.currency)}
        </Text>
      </Group>
      {short > 0 && (
        <Text size="sm" c="red.7" mt="xs">
          {short} payment{short > 1 ? 's' : ''} in the next 7 days would overdraw the wallet
        </Text>
      )}
    </Panel>
  );
}
