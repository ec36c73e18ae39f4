import { Badge, Button, Card, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { MeterImportPreview } from '@owo/contract/marketplace';
import { useApiMutation } from '../../../lib/query';
import { marketplaceApi, refreshMarketplace } from '../api';

/** /marketplace/import-meters (issue 26 §1): a CSV or xlsx file, verified row by row on the server. */
export function ImportMetersScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const preview = useApiMutation({
    mutationFn: (f: File) => marketplaceApi.importPreview(f),
    onSuccess: (res) => navigate('/marketplace/import-meters/summary', { state: res.data }),
  });
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Button variant="subtle" px={0} onClick={() => navigate('/marketplace/meters')}>
          ← {t('assets')}
        </Button>
        <Title order={2}>{t('import.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('import.subtitle')}
        </Text>
      </div>
      <Card>
        <Stack>
          <Text size="sm">{t('import.columns')}</Text>
          <FileInput
            label={t('import.file')}
            placeholder={t('import.filePlaceholder')}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={setFile}
            clearable
          />
          <Group justify="flex-end">
            <Button disabled={!file} loading={preview.isPending} onClick={() => file && preview.mutate(file)}>
              {t('import.verify')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /marketplace/import-meters/summary: each row's result; only the user's confirmation saves. */
export function ImportSummaryScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const data = useLocation().state as MeterImportPreview | null;
  const confirm = useApiMutation({
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
      void navigate('/marketplace/meters');
    },
  });
  if (!data) return <Navigate to="/marketplace/import-meters" replace />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Button variant="subtle" px={0} onClick={() => navigate('/marketplace/import-meters')}>
            ← {t('import.back')}
          </Button>
          <Title order={2}>{t('import.summaryTitle')}</Title>
          <Text c="dimmed" size="sm" data-testid="import-summary">
            {t('import.summary', { valid: data.valid, total: data.rows.length, failed: data.failed })}
          </Text>
        </div>
        <Button disabled={!data.valid} loading={confirm.isPending} onClick={() => confirm.mutate()}>
          {t('import.save', { count: data.valid })}
        </Button>
      </Group>
      {data.failed > 0 && (
        <Text size="sm" c="orange.8">
          {t('import.failedNote')}
        </Text>
      )}
      <Card p={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.row')}</Table.Th>
                <Table.Th>{t('cols.meter')}</Table.Th>
                <Table.Th>{t('cols.disco')}</Table.Th>
                <Table.Th>{t('cols.type')}</Table.Th>
                <Table.Th>{t('cols.name')}</Table.Th>
                <Table.Th>{t('cols.address')}</Table.Th>
                <Table.Th>{t('import.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((r) => (
                <Table.Tr key={r.row} data-testid={`import-row-${r.row}`}>
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.meterNo || '—'}</Table.Td>
                  <Table.Td>{r.disco || '—'}</Table.Td>
                  <Table.Td tt="capitalize">{r.vendType || '—'}</Table.Td>
                  <Table.Td>{r.name ?? '—'}</Table.Td>
                  <Table.Td>{r.address ?? '—'}</Table.Td>
                  <Table.Td>
                    {r.ok ? (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
