import { Badge, Button, Card, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FilterBar, ListBody, ListPagination, useListState } from '../../../components/list';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useProducts } from '../api';
import { ProductModal } from '../product-modal';
import { AssetAreaTabs } from './tabs';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

const GROUPS = [] as const;

/** /assets/products: products and services (001 §2 Assets and products). */
export function ProductsScreen() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const { filters, page, setFilters, setPage } = useListState(GROUPS);
  const list = useProducts({ page, search: filters.search });
  const canAdd = useCan('productsAndServices', 'post');
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('productsScreen.productsAndServices')}
        description={t('productsScreen.productsAndServicesUsedOn')}
        actions={canAdd && <Button onClick={() => setAdding(true)}>{t('productsScreen.addProduct')}</Button>}
      />
      <AssetAreaTabs value="products" />
      <FilterBar
        groups={[]}
        presets={[]}
        dates={false}
        value={filters}
        onChange={setFilters}
        searchPlaceholder={t('productsScreen.searchProducts')}
      />
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('productsScreen.name')}</Table.Th>
                <Table.Th>{t('productsScreen.description')}</Table.Th>
                <Table.Th>{t('productsScreen.category')}</Table.Th>
                <Table.Th ta="right">{t('productsScreen.price')}</Table.Th>
                <Table.Th ta="right">{t('productsScreen.quantity')}</Table.Th>
                <Table.Th ta="right">{t('productsScreen.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((p) => (
                <Table.Tr
                  key={p.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(paths.assets.product.href({ id: p.id }))}
                >
                  <Table.Td fw={500}>{p.name}</Table.Td>
                  <Table.Td c="dimmed">{p.description ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.category === 'Inflow' ? 'teal' : 'orange'}>
                      {p.category}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(p.amountMinor)}</Table.Td>
                  <Table.Td ta="right">{p.quantity}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.totalMinor)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <ProductModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
