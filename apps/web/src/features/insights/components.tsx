import { Button, Card, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { fetchFile, saveBlob } from '../../lib/files';
import { toastError } from '../../lib/toast';
import { insightQuery, useSubsidiaries, type InsightFilter } from './api';
import { useTranslation } from 'react-i18next';

/** Period, wallet currency and subsidiary, shared by the dashboard and the team report. */
export function InsightFilters(props: { value: InsightFilter; onChange: (f: InsightFilter) => void }) {
  const { t } = useTranslation('dashboard');
  const subs = useSubsidiaries();
  const f = props.value;
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label={t('components.period')}
        value={f.period}
        onChange={(v) => props.onChange({ ...f, period: v as InsightFilter['period'] })}
        data={[
          { value: 'day', label: t('components.daily') },
          { value: 'week', label: t('components.weekly') },
          { value: 'month', label: t('components.monthly') },
        ]}
      />
      <Select
        aria-label={t('components.currency')}
        w={110}
        value={f.currency}
        allowDeselect={false}
        onChange={(v) => props.onChange({ ...f, currency: (v ?? 'NGN') as InsightFilter['currency'] })}
        data={['NGN', 'USD', 'GBP']}
      />
      {!!subs.data?.length && (
        <Select
          aria-label={t('components.subsidiary')}
          w={200}
          placeholder={t('components.allSubsidiaries')}
          clearable
          value={f.subsidiaryId ?? null}
          onChange={(v) => props.onChange({ ...f, subsidiaryId: v ?? undefined })}
          data={subs.data.map((s) => ({ value: s.id, label: s.name }))}
        />
      )}
    </Group>
  );
}

/** Downloads one panel as CSV through the API (`format=csv`). */
export function PanelCsvButton(props: {
  path: string;
  filter: InsightFilter;
  panel?: string;
  filename: string;
}) {
  const { t } = useTranslation('dashboard');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="subtle"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { blob, filename } = await fetchFile(props.path, {
            query: { ...insightQuery(props.filter), format: 'csv', panel: props.panel },
            accept: 'text/csv, application/json',
            fallbackName: props.filename,
            failMessage: 'Could not download the panel',
          });
          saveBlob(blob, filename);
        } catch (err) {
          toastError(err instanceof Error ? err.message : t('components.couldNotDownloadThePanel'));
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('components.csv')}
    </Button>
  );
}

export function Panel(props: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={props.testId}>
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{props.title}</Text>
        {props.action}
      </Group>
      {props.children}
    </Card>
  );
}
