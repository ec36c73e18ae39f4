import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { MeterImportPreview } from '@owo/contract/marketplace';
import { ImportActions, ImportPage, ImportTable, ImportUploadCard } from '../../../components/import';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { marketplaceApi, refreshMarketplace } from '../api';

type MeterRow = MeterImportPreview['rows'][number];

/** /marketplace/import-meters (issue 26 §1): a CSV or xlsx file, verified row by row on the server. */
export function ImportMetersScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const preview = useApiMutation({
    mutationFn: (f: File) => marketplaceApi.importPreview(f),
    onSuccess: (res) => navigate(paths.marketplace.importMetersSummary.href(), { state: res.data }),
  });
  return (
    <ImportPage
      maw={720}
      back={{ label: `← ${t('assets')}`, onClick: () => void navigate(paths.marketplace.meters.href()) }}
      title={t('import.title')}
      description={t('import.subtitle')}
    >
      <ImportUploadCard
        help={<Text size="sm">{t('import.columns')}</Text>}
        fileLabel={t('import.file')}
        filePlaceholder={t('import.filePlaceholder')}
        uploading={preview.isPending}
        uploadLabel={t('import.verify')}
        onUpload={(f) => f && preview.mutate(f)}
      />
    </ImportPage>
  );
}

/** Saves the valid rows, then opens the meters list. */
function useConfirmImport(data: MeterImportPreview | null) {
  const navigate = useNavigate();
  return useApiMutation({
    mutationFn: () =>
      marketplaceApi.importConfirm({
        meters: (data?.rows ?? [])
          .filter((r) => r.ok)
          .map((r) => ({
            meterNo: r.meterNo,
            disco: r.disco as never,
            vendType: r.vendType as 'prepaid' | 'postpaid',
            phoneNo: r.phoneNo,
            state: r.state,
            label: r.label,
          })),
      }),
    onSuccess: () => {
      void refreshMarketplace();
      void navigate(paths.marketplace.meters.href());
    },
  });
}

/** Each row: the meter as read and verified, or what is wrong with it. */
function SummaryTable({ rows }: { rows: MeterRow[] }) {
  const { t } = useTranslation('marketplace');
  return (
    <ImportTable<MeterRow>
      rows={rows}
      rowNo={(r) => r.row}
      rowLabel={t('import.row')}
      rowTestId={(r) => `import-row-${r.row}`}
      minWidth={760}
      columns={[
        { label: t('cols.meter'), value: (r) => r.meterNo || '—' },
        { label: t('cols.disco'), value: (r) => r.disco || '—' },
        {
          label: t('cols.type'),
          value: (r) => (
            <Text span size="sm" tt="capitalize">
              {r.vendType || '—'}
            </Text>
          ),
        },
        { label: t('cols.name'), value: (r) => r.name ?? '—' },
        { label: t('cols.address'), value: (r) => r.address ?? '—' },
        {
          label: t('import.result'),
          value: (r) =>
            r.ok ? (
              <Badge color="green" variant="light">
                {t('import.verified')}
              </Badge>
            ) : (
              <Stack gap={2}>
                {r.errors.map((e) => (
                  <Text key={e} size="xs" c="red.7">
                    {e}
                  </Text>
                ))}
              </Stack>
            ),
        },
      ]}
    />
  );
}

/** /marketplace/import-meters/summary: each row's result; only the user's confirmation saves. */
export function ImportSummaryScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const data = useLocation().state as MeterImportPreview | null;
  const confirm = useConfirmImport(data);
  if (!data) return <Navigate to={paths.marketplace.importMeters.href()} replace />;
  return (
    <ImportPage
      back={{
        label: `← ${t('import.back')}`,
        onClick: () => void navigate(paths.marketplace.importMeters.href()),
      }}
      title={t('import.summaryTitle')}
      description={
        <span data-testid="import-summary">
          {t('import.summary', { valid: data.valid, total: data.rows.length, failed: data.failed })}
        </span>
      }
      actions={
        <ImportActions
          confirm={{
            label: t('import.save', { count: data.valid }),
            onClick: () => confirm.mutate(),
            loading: confirm.isPending,
            disabled: !data.valid,
          }}
        />
      }
    >
      {data.failed > 0 && (
        <Text size="sm" c="orange.8">
          {t('import.failedNote')}
        </Text>
      )}
      <SummaryTable rows={data.rows} />
    </ImportPage>
  );
}
