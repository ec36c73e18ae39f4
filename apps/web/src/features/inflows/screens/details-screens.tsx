// /inflows/customers/:id and /inflows/partners/:id (002 §2).
import { Alert, Button, Card, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useCustomer, useInflowList, usePartner } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { CustomerModal, inflowStatusLabel } from '../components';
import { InvoiceList } from './inflows-screen';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function CustomerScreen() {
  const { t } = useTranslation('inflows');
  const { id } = useParams();
  const navigate = useNavigate();
  const q = useCustomer(id);
  const canEdit = useCan('inflowsCustomers', 'put');
  const [editing, setEditing] = useState(false);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('detailsScreens.customerNotFound'))}</Alert>;
  const c = q.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.inflows.customers.href())}>
            {t('detailsScreens.backToCustomers')}
          </Button>
        }
        title={c.name}
        description={
          <>
            {c.email} {c.phoneNumber ? `· ${c.phoneNumber}` : ''}
          </>
        }
        actions={
          canEdit && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t('detailsScreens.editCustomer')}
            </Button>
          )
        }
      />
      {/* 002 §2: the customer detail accepts a filter query (`?status=`), kept in the URL like
          every list: the invoice list kit, filtered by the server to this customer. */}
      <InvoiceList drafts={false} customerId={c.id} title={t('detailsScreens.invoices')} />
      <CustomerModal opened={editing} onClose={() => setEditing(false)} customer={c} />
    </Stack>
  );
}

type PartnerTx = {
  id: string;
  accountNumber: string;
  amountMinor: number;
  percentage: string;
  createdAt: string;
  status: string;
  invoiceReference: string;
};

export function PartnerScreen() {
  const { t } = useTranslation('inflows');
  const { id } = useParams();
  const navigate = useNavigate();
  const q = usePartner(id);
  const [page, setPage] = useState(1);
  const txs = useInflowList<PartnerTx>(`/inflows/partners/${id}/transactions`, { page, limit: 10 }, !!id);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('detailsScreens.partnerNotFound'))}</Alert>;
  const p = q.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.inflows.partners.href())}>
            {t('detailsScreens.back')}
          </Button>
        }
        title={p.customerName}
      />
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stat label={t('detailsScreens.totalValue')} value={formatMoney(p.totalValueMinor)} />
          <Stat label={t('detailsScreens.totalValueReceived')} value={formatMoney(p.recievedValueMinor)} />
          <Stat label={t('detailsScreens.totalPendingValue')} value={formatMoney(p.pendingValueMinor)} />
          <Stat
            label={t('detailsScreens.bank')}
            value={`${p.bankName} · ${p.accountNumber} · ${p.accountName}`}
          />
          <Stat label={t('detailsScreens.share')} value={`${p.percentage}%`} />
          <Stat label={t('detailsScreens.amountCap')} value={p.capMinor ? formatMoney(p.capMinor) : '-'} />
        </SimpleGrid>
      </Card>
      <Card padding={0}>
        <ListBody
          query={txs}
          isEmpty={!txs.data?.items.length}
          emptyText={t('detailsScreens.noTransactionsYet')}
        >
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detailsScreens.accountNumber')}</Table.Th>
                <Table.Th>{t('detailsScreens.amount')}</Table.Th>
                <Table.Th>{t('detailsScreens.percentage')}</Table.Th>
                <Table.Th>{t('detailsScreens.date')}</Table.Th>
                <Table.Th>{t('detailsScreens.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(txs.data?.items ?? []).map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td>{x.accountNumber}</Table.Td>
                  <Table.Td>{formatMoney(x.amountMinor)}</Table.Td>
                  <Table.Td>{x.percentage}%</Table.Td>
                  <Table.Td>{formatDate(x.createdAt)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={x.status} label={inflowStatusLabel(x.status)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={txs.data?.pagination} page={page} onChange={setPage} />
      </Card>
    </Stack>
  );
}

function Stat(props: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" fw={500}>
        {props.value}
      </Text>
    </div>
  );
}
