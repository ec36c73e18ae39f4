import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useForecast, type ForecastFilter } from './api';
import { Panel } from './components';
import { useTranslation } from 'react-i18next';

/** The dashboard's compact forecast: the closing balance in 13 weeks and the lowest point. */
export function ForecastPanel({ currency }: { currency: ForecastFilter['currency'] }) {
  const { t } = useTranslation('dashboard');
  const r = useForecast({ currency });
  const f = r.data;
  if (!f) return null;
  const last = f.weeks[f.weeks.length - 1];
  const short = f.alerts.filter((a) => a.type === 'overdraw').length;
  return (
    <Panel
      title={t('forecastPanel.cashForecast')}
      testId="panel-cash-forecast"
      action={
        <Anchor component={Link} to={paths.cashForecast.href()} size="sm">
          {t('forecastPanel.open')}
        </Anchor>
      }
    >
      <Group justify="space-between">
        <Text size="sm">{t('forecastPanel.inWeeks', { weeks: f.weeks.length })}</Text>
        <Text fw={700} c={last.closingMinor < 0 ? 'red.7' : undefined}>
          {formatMoney(last.closingMinor, f.currency)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm">{t('forecastPanel.lowestWeekOf', { date: formatDate(f.lowest.start) })}</Text>
        <Text fw={700} c={f.lowest.closingMinor < 0 ? 'red.7' : undefined}>
          {formatMoney(f.lowest.closingMinor, f.currency)}
        </Text>
      </Group>
      {short > 0 && (
        <Text size="sm" c="red.7" mt="xs">
          {t('forecastPanel.overdrawSoon', { count: short })}
        </Text>
      )}
    </Panel>
  );
}
