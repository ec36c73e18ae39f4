import { Badge, Button, Card, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ExportCsvButton, FilterBar, ListBody, ListPagination, useListState } from '../../../components/list';
import { useCan } from '../../../lib/session';
import { PAYEE_GROUPS, usePayees } from '../api';
import { VendorFormModal } from '../components/vendor-form-modal';
import type { Payee } from '@owo/contract/payees';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

/** /vendors (001 §2 Vendors): the list kit (search in the URL, 20 per page, CSV export). */
export function VendorsScreen() {
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  const { filters, page, setFilters, setPage } = useListState(PAYEE_GROUPS);
  const list = usePayees(filters, page);
  const canCreate = useCan('payee', 'post');
  const [adding, setAdding] = useState(false);
  const pagination = list.data?.pagination;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('vendorsScreen.vendors')}
        description={
          <>
            {pagination
              ? t('vendorsScreen.thePeopleAndCompaniesYouCounted', { totalItems: pagination.totalItems })
              : t('vendorsScreen.thePeopleAndCompaniesYou')}
          </>
        }
        actions={
          <>
            <ExportCsvButton
              path="/payee"
              filters={filters}
              groups={PAYEE_GROUPS}
              filename="owo-vendors.csv"
            />
            {canCreate && (
              <>
                <Button variant="secondary" onClick={() => navigate(paths.vendors.import.href())}>
                  {t('vendorsScreen.importVendors')}
                </Button>
                <Button variant="secondary" onClick={() => navigate(paths.vendors.invite.href())}>
                  {t('vendorsScreen.inviteVendor')}
                </Button>
                <Button onClick={() => setAdding(true)}>{t('vendorsScreen.addVendor')}</Button>
              </>
            )}
          </>
        }
      />
      <Card>
        <FilterBar
          groups={[]}
          value={filters}
          onChange={setFilters}
          presets={[]}
          dates={false}
          searchPlaceholder={t('vendorsScreen.searchByNameEmailOr')}
        />
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <VendorsTable items={list.data?.items ?? []} />
        </ListBody>
        <ListPagination pagination={pagination} page={page} onChange={setPage} />
      </Card>
      {adding && (
        <VendorFormModal
          opened
          onClose={() => setAdding(false)}
          onSaved={(v) => navigate(paths.vendors.detail.href({ id: v.id }))}
        />
      )}
    </Stack>
  );
}

function VendorsTable({ items }: { items: Payee[] }) {
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('vendorsScreen.name')}</Table.Th>
          <Table.Th>{t('vendorsScreen.email')}</Table.Th>
          <Table.Th>{t('vendorsScreen.bank')}</Table.Th>
          <Table.Th>{t('vendorsScreen.account')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((v) => (
          <Table.Tr
            key={v.id}
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(paths.vendors.detail.href({ id: v.id }))}
          >
            <Table.Td>{v.name}</Table.Td>
            <Table.Td>{v.email}</Table.Td>
            <Table.Td>{v.bankName}</Table.Td>
            <Table.Td>
              {v.accountNumber} · {v.accountName}
            </Table.Td>
            <Table.Td>
              {v.pendingBankChange && (
                <Badge color="yellow" variant="light">
                  {t('vendorsScreen.bankChangePending')}
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
