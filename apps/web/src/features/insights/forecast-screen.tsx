import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type Forecast,
  type ForecastItem,
  type ForecastWeek,
  forecastItemPath,
} from '@owo/contract/insights-forecast';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatMoney, formatMoneyShort } from '../../lib/format';
import { useForecast, type ForecastFilter } from './api';
import { Panel } from './components';
import { movedDate, useWhatIf, type WhatIf } from './forecast-what-if';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';

const major = (minor: number) => minor / 100;
export const KIND_LABELS: Record<ForecastItem['kind'], string> = {
  payout: 'Scheduled payout',
  recurringPayout: 'Recurring payout',
  bill: 'Bill',
  approvedPayout: 'Approved payout',
  payroll: 'Payroll',
  paye: 'PAYE',
  pension: 'Pension',
  nhf: 'NHF',
  expense: 'Expense',
  cardLimits: 'Card limits',
  invoice: 'Invoice',
  recurringInvoice: 'Recurring invoice',
};

/** Weekly inflows and outflows as bars, the closing balance as a line, the lowest week marked. */
function ForecastChart({ f }: { f: Forecast }) {
  const { t } = useTranslation('dashboard');
  const cur = f.currency;
  return (
    <Panel title={t('forecastScreen.weekByWeek')} testId="forecast-chart">
      <CompositeChart
        h={300}
        data={f.weeks.map((w) => ({
          week: formatDate(w.start).slice(0, 5),
          Inflows: major(w.inflowsMinor),
          Outflows: major(w.outflowsMinor),
          Closing: major(w.closingMinor),
        }))}
        dataKey="week"
        series={[
          { name: 'Inflows', color: 'teal.6', type: 'bar' },
          { name: 'Outflows', color: 'red.5', type: 'bar' },
          { name: 'Closing', color: 'indigo.6', type: 'line' },
        ]}
        referenceLines={[
          {
            y: major(f.lowest.closingMinor),
            label: t('forecastScreen.lowestAmount', { amount: formatMoneyShort(f.lowest.closingMinor, cur) }),
            color: 'red.7',
          },
        ]}
        valueFormatter={(v) => formatMoneyShort(Math.round(v * 100), cur)}
        yAxisProps={{ width: 80 }}
        withLegend
      />
    </Panel>
  );
}

/** An item of an opened week: its record's link, amount and the what-if's week picker. */
function ItemRow({ item, f, w }: { item: ForecastItem; f: Forecast; w: WhatIf }) {
  const { t } = useTranslation('dashboard');
  const sign = item.direction === 'in' ? '+' : '−';
  return (
    <Table.Tr data-testid={`item-${item.key}`}>
      <Table.Td>{formatDate(item.date)}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={forecastItemPath(item.kind, item.id)}>
          {item.label}
        </Anchor>
        <Text size="xs" c="dimmed">
          {KIND_LABELS[item.kind]} · {item.reference}
        </Text>
      </Table.Td>
      <Table.Td ta="right" c={item.direction === 'in' ? 'teal.7' : 'red.7'}>
        {sign}
        {formatMoney(item.amountMinor, f.currency)}
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          aria-label={t('forecastScreen.move', { label: item.label })}
          value={f.weeks.find((x) => x.items.some((i) => i.key === item.key))?.start ?? ''}
          onChange={(e) => w.move(item.key, movedDate(item.date, e.currentTarget.value, f.asOf))}
          data={f.weeks.map((x) => ({
            value: x.start,
            label: t('forecastScreen.weekOption', { date: formatDate(x.start) }),
          }))}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** The weeks' table: a click on a week opens its items. */
function WeeksTable({ f, w }: { f: Forecast; w: WhatIf }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState<string | null>(null);
  const cur = f.currency;
  const row = (wk: ForecastWeek) => (
    <Fragment key={wk.start}>
      <Table.Tr data-testid={`week-${wk.start}`}>
        <Table.Td>
          <UnstyledButton onClick={() => setOpen(open === wk.start ? null : wk.start)} fw={600}>
            {t('forecastScreen.weekOf', { date: formatDate(wk.start), length: wk.items.length })}
          </UnstyledButton>
          {wk.start === f.lowest.start && (
            <Badge ml="xs" color="red" variant="light">
              {t('forecastScreen.lowest')}
            </Badge>
          )}
        </Table.Td>
        <Table.Td ta="right">{formatMoney(wk.inflowsMinor, cur)}</Table.Td>
        <Table.Td ta="right">{formatMoney(wk.outflowsMinor, cur)}</Table.Td>
        <Table.Td ta="right" c={wk.closingMinor < 0 ? 'red.7' : undefined} data-testid="closing">
          {formatMoney(wk.closingMinor, cur)}
        </Table.Td>
      </Table.Tr>
      {open === wk.start && (
        <Table.Tr>
          <Table.Td colSpan={4}>
            {wk.items.length ? (
              <Table>
                <Table.Tbody>
                  {wk.items.map((i) => (
                    <ItemRow key={i.key} item={i} f={f} w={w} />
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text c="dimmed">{t('forecastScreen.nothingExpectedThisWeek')}</Text>
            )}
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
  return (
    <Panel
      title={t('forecastScreen.weeks')}
      action={
        w.moved ? (
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {t('forecastScreen.whatIfMovedNothingSaved', { moved: w.moved })}
            </Text>
            <Button size="xs" variant="secondary" onClick={w.reset}>
              {t('forecastScreen.reset')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('forecastScreen.week')}</Table.Th>
            <Table.Th ta="right">{t('forecastScreen.in')}</Table.Th>
            <Table.Th ta="right">{t('forecastScreen.out')}</Table.Th>
            <Table.Th ta="right">{t('forecastScreen.closing')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{f.weeks.map(row)}</Table.Tbody>
      </Table>
    </Panel>
  );
}

function Summary({ f }: { f: Forecast }) {
  const cur = f.currency;
  const last = f.weeks[f.weeks.length - 1];
  const stat = (label: string, minor: number, note?: string) => (
    <Panel title={label}>
      <Text fz="xl" fw={700} c={minor < 0 ? 'red.7' : undefined}>
        {formatMoney(minor, cur)}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Panel>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" data-testid="forecast-summary">
      {stat('Available now', f.openingMinor)}
      {stat(`Closing in ${f.weeks.length} weeks`, last?.closingMinor ?? f.openingMinor)}
      {stat('Lowest point', f.lowest.closingMinor, `Week of ${formatDate(f.lowest.start)}`)}
      {stat(
        'Card limits committed',
        f.cardLimits.amountMinor,
        `${f.cardLimits.cards} cards, not in the weeks`,
      )}
    </SimpleGrid>
  );
}

/** Overdraw and negative-week alerts, and the overdue invoice instalments kept out of the weeks. */
function Alerts({ f }: { f: Forecast }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      {f.alerts.map((a) => (
        <Alert
          key={`${a.type}${a.itemKey ?? a.start}`}
          color="red"
          title={a.type === 'overdraw' ? t('forecastScreen.wouldOverdraw') : t('forecastScreen.belowZero')}
        >
          {a.type === 'overdraw'
            ? t('forecastScreen.onIsShortBy', {
                label: a.label,
                date: formatDate(a.date),
                amount: formatMoney(a.shortfallMinor, f.currency),
              })
            : t('forecastScreen.theWeekOfCloses', {
                date: formatDate(a.start),
                amount: formatMoney(-a.shortfallMinor, f.currency),
              })}
        </Alert>
      ))}
      {!!f.overdue.length && (
        <Alert
          color="yellow"
          title={t('forecastScreen.overdueInvoices', {
            amount: formatMoney(f.overdueTotalMinor, f.currency),
          })}
        >
          {t('forecastScreen.notCountedInTheWeeks')}{' '}
          {f.overdue.map((i, n) => (
            <Fragment key={i.key}>
              {n > 0 && ', '}
              <Trans
                t={t}
                i18nKey="forecastScreen.overdueItem"
                values={{
                  reference: i.reference,
                  amount: formatMoney(i.amountMinor, f.currency),
                  date: formatDate(i.date),
                }}
                shouldUnescape
                components={{ item: <Anchor component={Link} to={forecastItemPath(i.kind, i.id)} /> }}
              />
            </Fragment>
          ))}
        </Alert>
      )}
    </>
  );
}

/** /insights/forecast: the 13-week cash forecast with a what-if (issue 39 §2). */
export function ForecastScreen() {
  const { t } = useTranslation('dashboard');
  const [filter, setFilter] = useState<ForecastFilter>({ currency: 'NGN' });
  const r = useForecast(filter);
  const w = useWhatIf(r.data);
  const f = w.view;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('forecastScreen.cashForecast')}
        description={t('forecastScreen.yourBalanceWeekByWeek')}
      />
      <Select
        aria-label={t('forecastScreen.currency')}
        w={110}
        value={filter.currency}
        allowDeselect={false}
        onChange={(v) => {
          w.reset();
          setFilter({ currency: (v ?? 'NGN') as ForecastFilter['currency'] });
        }}
        data={['NGN', 'USD', 'GBP']}
      />
      {r.error && <Alert color="red">{messageText(r.error.message)}</Alert>}
      {r.isLoading && <Skeleton h={300} radius="md" />}
      {f && (
        <>
          <Summary f={f} />
          <Alerts f={f} />
          <ForecastChart f={f} />
          <WeeksTable f={f} w={w} />
        </>
      )}
    </Stack>
  );
}
