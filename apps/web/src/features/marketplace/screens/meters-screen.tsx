import { Button, Card, Group, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Meter } from '@owo/contract/marketplace';
import { FilterBar, ListBody, ListPagination, useListState } from '../../../components/list';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { marketplaceApi, METER_GROUPS, refreshMarketplace, useDiscos, useMeters } from '../api';
import { MeterModal } from '../components/meter-modal';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

/** The saved meters as rows, each with Delete for those allowed. */
function MetersTable({ items }: { items: Meter[] }) {
  const { t } = useTranslation('marketplace');
  const canDelete = useCan('marketplaceAssets', 'delete');
  const del = useApiMutation({
    mutationFn: (id: string) => marketplaceApi.deleteMeter(id),
    onSuccess: () => void refreshMarketplace(),
  });
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('cols.meter')}</Table.Th>
          <Table.Th>{t('cols.label')}</Table.Th>
          <Table.Th>{t('cols.name')}</Table.Th>
          <Table.Th>{t('cols.address')}</Table.Th>
          <Table.Th>{t('cols.disco')}</Table.Th>
          <Table.Th>{t('cols.type')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td>{m.meterNo}</Table.Td>
            <Table.Td>{m.label ?? '—'}</Table.Td>
            <Table.Td>{m.name}</Table.Td>
            <Table.Td>{m.address}</Table.Td>
            <Table.Td>{m.disco}</Table.Td>
            <Table.Td tt="capitalize">{m.vendType}</Table.Td>
            <Table.Td>
              {canDelete && (
                <Button size="xs" variant="danger" onClick={() => del.mutate(m.id)}>
                  {t('metersScreen.delete')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /marketplace/meters, titled Assets (001 §2): saved meters and the new-meter flow. */
export function MetersScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const canPost = useCan('marketplaceAssets', 'post');
  const discos = useDiscos();
  const { filters, page, setFilters, setPage } = useListState(METER_GROUPS);
  const list = useMeters(filters, page);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.marketplace.root.href())}>
            ← {t('title')}
          </Button>
        }
        title={t('assets')}
        description={t('assetsSubtitle')}
        actions={
          canPost && (
            <Group gap="sm">
              <Button variant="secondary" onClick={() => navigate(paths.marketplace.importMeters.href())}>
                {t('import.button')}
              </Button>
              <Button onClick={() => setAdding(true)}>{t('newMeter')}</Button>
            </Group>
          )
        }
      />
      <Card>
        <FilterBar
          groups={[
            {
              key: 'disco',
              label: t('cols.disco'),
              options: (discos.data ?? []).map((d) => ({ value: d, label: d })),
            },
            {
              key: 'vendType',
              label: t('cols.type'),
              options: [
                { value: 'prepaid', label: t('form.prepaid') },
                { value: 'postpaid', label: t('form.postpaid') },
              ],
            },
          ]}
          value={filters}
          onChange={setFilters}
          presets={[]}
          dates={false}
          searchPlaceholder={t('metersScreen.searchByMeterNumberName')}
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <MetersTable items={list.data?.items ?? []} />
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <MeterModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
