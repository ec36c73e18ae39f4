import { Badge, Button, Card, Group, SegmentedControl, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FilterBar, ListBody, ListPagination, useListState } from '../../../components/list';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useAssets } from '../api';
import { AssetModal } from '../asset-modal';
import { AssetAreaTabs } from './tabs';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import type { PayoutAsset } from '@owo/contract/products';
import { useTranslation } from 'react-i18next';

const GROUPS = ['active'] as const;

/** The assets as rows; a row opens the asset. */
function AssetsTable({ items }: { items: PayoutAsset[] }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('assetsScreen.type')}</Table.Th>
          <Table.Th>{t('assetsScreen.brandModel')}</Table.Th>
          <Table.Th>{t('assetsScreen.serialNumber')}</Table.Th>
          <Table.Th>{t('assetsScreen.location')}</Table.Th>
          <Table.Th ta="right">{t('assetsScreen.inventory')}</Table.Th>
          <Table.Th ta="right">{t('assetsScreen.value')}</Table.Th>
          <Table.Th>{t('assetsScreen.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((a) => (
          <Table.Tr
            key={a.id}
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(paths.assets.detail.href({ id: a.id }))}
          >
            <Table.Td fw={500}>{a.type}</Table.Td>
            <Table.Td>
              {a.brand} · {a.modelNo}
            </Table.Td>
            <Table.Td>{a.serialNo}</Table.Td>
            <Table.Td>{a.location}</Table.Td>
            <Table.Td ta="right">{t('assetsScreen.products', { length: a.inventory.length })}</Table.Td>
            <Table.Td ta="right">{formatMoney(a.valueMinor)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={a.active ? 'teal' : 'gray'}>
                {a.active ? t('assetsScreen.active') : t('assetsScreen.inactive')}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /asset-list: payout assets with their inventory value (001 §2 Assets and products). */
export function AssetsScreen() {
  const { t } = useTranslation('products');
  const { filters, page, setFilters, setPage } = useListState(GROUPS);
  const list = useAssets({ page, search: filters.search, active: filters.active });
  const canAdd = useCan('payoutAsset', 'post');
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('assetsScreen.assets')}
        description={t('assetsScreen.equipmentYouPayForWith')}
        actions={canAdd && <Button onClick={() => setAdding(true)}>{t('assetsScreen.addAsset')}</Button>}
      />
      <AssetAreaTabs value="assets" />
      <Group justify="space-between" align="flex-end">
        <div style={{ flex: 1 }}>
          <FilterBar
            groups={[]}
            presets={[]}
            dates={false}
            value={filters}
            onChange={(f) => setFilters({ ...f, active: filters.active })}
            searchPlaceholder={t('assetsScreen.searchByTypeBrandModel')}
          />
        </div>
        <SegmentedControl
          value={filters.active ?? ''}
          onChange={(v) => setFilters({ ...filters, active: v || undefined })}
          data={[
            { value: '', label: t('assetsScreen.all') },
            { value: 'true', label: t('assetsScreen.active') },
            { value: 'false', label: t('assetsScreen.inactive') },
          ]}
        />
      </Group>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <AssetsTable items={list.data?.items ?? []} />
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <AssetModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
