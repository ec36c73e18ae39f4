// /inflows and its tabs (002 §2 Inflows): Transactions, Invoices, Drafts, Partners, Customers,
// Pending Approvals, Rejected Approvals. Every list is the list kit's (filters in the URL, CSV).
import { Box, Button, Card, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Invoice } from '@owo/contract/inflows';
import {
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  listQuery,
  RowCards,
  usePhone,
  useListState,
} from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useInflowList, useInvoiceApprovals } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { CustomerModal, inflowStatusLabel, PartnerModal } from '../components';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { CustomerList, PartnerList, TransactionsList } from './inflows-lists';
import { useTranslation } from 'react-i18next';

const TABS = [
  { key: 'transactions', path: '/inflows' },
  { key: 'invoices', path: '/inflows/invoices' },
  { key: 'drafts', path: '/inflows/drafts' },
  { key: 'partners', path: '/inflows/partners' },
  { key: 'customers', path: '/inflows/customers' },
  { key: 'pending', path: '/inflows/pending' },
  { key: 'rejected', path: '/inflows/rejected' },
] as const;

export function InflowsScreen() {
  const { t } = useTranslation('inflows');
  const { tab = 'transactions' } = useParams();
  const navigate = useNavigate();
  const canPartner = useCan('inflowsPartners', 'post');
  const canInvoice = useCan('inflows', 'post');
  const canCustomer = useCan('inflowsCustomers', 'post');
  const canSeePartners = useCan('inflowsPartners', 'get');
  const canSeeCustomers = useCan('inflowsCustomers', 'get');
  const [modal, setModal] = useState<'customer' | 'partner' | null>(null);
  // Partners and Customers show only to a role that may read them (view-partners, view-customers).
  const tabs = TABS.filter(
    (tb) => (tb.key !== 'partners' || canSeePartners) && (tb.key !== 'customers' || canSeeCustomers),
  );
  const current = tabs.find((tb) => tb.key === tab) ?? tabs[0];
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('inflowsScreen.invoices')}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(paths.paymentInvitations.href())}>
              {t('inflowsScreen.paymentInvitations')}
            </Button>
            {canPartner && (
              <Button variant="secondary" onClick={() => setModal('partner')}>
                {t('inflowsScreen.newPartner')}
              </Button>
            )}
            {canCustomer && (
              <Button variant="secondary" onClick={() => setModal('customer')}>
                {t('inflowsScreen.newCustomer')}
              </Button>
            )}
            {canInvoice && (
              <Button onClick={() => navigate(paths.inflows.newInvoice.href({ new: 'page' }))}>
                {t('inflowsScreen.newInvoice')}
              </Button>
            )}
          </>
        }
      />
      <Tabs value={current.key} onChange={(v) => navigate(tabs.find((tb) => tb.key === v)!.path)}>
        <Tabs.List>
          {tabs.map((tb) => (
            <Tabs.Tab key={tb.key} value={tb.key}>
              {t(`inflowsScreen.tabs.${tb.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {current.key === 'transactions' && <TransactionsList />}
      {current.key === 'invoices' && <InvoiceList drafts={false} />}
      {current.key === 'drafts' && <InvoiceList drafts />}
      {current.key === 'partners' && <PartnerList />}
      {current.key === 'customers' && <CustomerList />}
      {(current.key === 'pending' || current.key === 'rejected') && <ApprovalList kind={current.key} />}
      <CustomerModal opened={modal === 'customer'} onClose={() => setModal(null)} />
      <PartnerModal opened={modal === 'partner'} onClose={() => setModal(null)} />
    </Stack>
  );
}

const INVOICE_GROUPS = ['status', 'approvalStatus'] as const;
const STATUS_VALUES = ['pending', 'partlyPaid', 'fullyPaid'] as const;
const APPROVAL_VALUES = ['pending', 'approved', 'rejected'] as const;

/** The invoices (or drafts) list; with `customerId`, one customer's (the customer detail, 002 §2). */
export function InvoiceList(props: { drafts: boolean; customerId?: string; title?: string }) {
  const { t } = useTranslation('inflows');
  const groups = props.drafts ? ([] as const) : INVOICE_GROUPS;
  const { filters, page, setFilters, setPage } = useListState(groups);
  const fixed = props.customerId ? { customerId: props.customerId } : undefined;
  const query = { ...listQuery(filters, groups, page), ...fixed };
  const path = props.drafts ? '/inflows/invoice/drafts' : '/inflows/invoice';
  const list = useInflowList<Invoice>(path, query);
  return (
    <Card padding={0}>
      <Group justify={props.title ? 'space-between' : 'flex-end'} p="md" pb={0}>
        {props.title && <Title order={5}>{props.title}</Title>}
        <ExportCsvButton
          path={path}
          filters={filters}
          groups={groups}
          fixed={fixed}
          filename={props.drafts ? 'owo-invoice-drafts.csv' : 'owo-invoices.csv'}
        />
      </Group>
      <Box px="md">
        <FilterBar
          groups={
            props.drafts
              ? []
              : [
                  {
                    key: 'status',
                    label: t('inflowsScreen.paymentStatus'),
                    options: STATUS_VALUES.map((value) => ({
                      value,
                      label: t(`inflowsScreen.paymentStatuses.${value}`),
                    })),
                  },
                  {
                    key: 'approvalStatus',
                    label: t('inflowsScreen.approvalStatus'),
                    options: APPROVAL_VALUES.map((value) => ({
                      value,
                      label: t(`inflowsScreen.approvalStatuses.${value}`),
                    })),
                  },
                ]
          }
          value={filters}
          onChange={setFilters}
          searchPlaceholder={t('inflowsLists.searchPlaceholder')}
        />
      </Box>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <InvoicesTable items={list.data?.items ?? []} drafts={props.drafts} />
      </ListBody>
      <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
    </Card>
  );
}

function InvoicesTable({ items, drafts }: { items: Invoice[]; drafts: boolean }) {
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  const phone = usePhone();
  if (phone)
    return (
      <RowCards
        label={drafts ? t('inflowsScreen.draftInvoices') : t('inflowsScreen.invoices')}
        rows={items.map((i) => ({
          key: i.id,
          title: i.customer.name,
          subtitle: `${formatDate(i.createdAt)}${drafts ? '' : ` · ${i.reference}`}`,
          amount: formatMoney(i.amountMinor),
          status: drafts ? undefined : <StatusBadge status={i.status} label={inflowStatusLabel(i.status)} />,
          onOpen: () =>
            navigate(
              drafts
                ? paths.inflows.editInvoice.href({ invoiceId: i.id })
                : paths.inflows.invoice.href({ id: i.id }),
            ),
        }))}
      />
    );
  return (
    <Table highlightOnHover>
      <Table.Thead>
        {drafts ? (
          <Table.Tr>
            <Table.Th>{t('inflowsScreen.createdOn')}</Table.Th>
            <Table.Th>{t('inflowsScreen.customer')}</Table.Th>
            <Table.Th>{t('inflowsScreen.amount')}</Table.Th>
            <Table.Th>{t('inflowsScreen.createdBy')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        ) : (
          <Table.Tr>
            <Table.Th>{t('inflowsScreen.date')}</Table.Th>
            <Table.Th>{t('inflowsScreen.amount')}</Table.Th>
            <Table.Th>{t('inflowsScreen.paymentStatus')}</Table.Th>
            <Table.Th>{t('inflowsScreen.reference')}</Table.Th>
            <Table.Th>{t('inflowsScreen.approvalStatus')}</Table.Th>
            <Table.Th>{t('inflowsScreen.customer')}</Table.Th>
          </Table.Tr>
        )}
      </Table.Thead>
      <Table.Tbody>
        {items.map((i) => (drafts ? <DraftRow key={i.id} i={i} /> : <InvoiceRow key={i.id} i={i} />))}
      </Table.Tbody>
    </Table>
  );
}

function DraftRow({ i }: { i: Invoice }) {
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  return (
    <Table.Tr>
      <Table.Td>{formatDate(i.createdAt)}</Table.Td>
      <Table.Td>{i.customer.name}</Table.Td>
      <Table.Td>{formatMoney(i.amountMinor)}</Table.Td>
      <Table.Td>{i.createdBy}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="secondary"
          onClick={() => navigate(paths.inflows.editInvoice.href({ invoiceId: i.id }))}
        >
          {t('inflowsScreen.continue')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

function InvoiceRow({ i }: { i: Invoice }) {
  const navigate = useNavigate();
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      onClick={() => navigate(paths.inflows.invoice.href({ id: i.id }))}
    >
      <Table.Td>{formatDate(i.createdAt)}</Table.Td>
      <Table.Td>{formatMoney(i.amountMinor)}</Table.Td>
      <Table.Td>
        <StatusBadge status={i.status} label={inflowStatusLabel(i.status)} />
      </Table.Td>
      <Table.Td>{i.reference}</Table.Td>
      <Table.Td>
        <StatusBadge status={i.approvalStatus} label={inflowStatusLabel(i.approvalStatus)} />
      </Table.Td>
      <Table.Td>{i.customer.name}</Table.Td>
    </Table.Tr>
  );
}

function ApprovalList(props: { kind: 'pending' | 'rejected' }) {
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useInvoiceApprovals(props.kind, page);
  return (
    <Card padding={0}>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inflowsScreen.date')}</Table.Th>
              <Table.Th>{t('inflowsScreen.reference')}</Table.Th>
              <Table.Th>{t('inflowsScreen.customer')}</Table.Th>
              <Table.Th>{t('inflowsScreen.amount')}</Table.Th>
              <Table.Th>{t('inflowsScreen.requestedBy')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.items ?? []).map((a) => (
              <Table.Tr
                key={a.pendingApprovalItem.id}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(paths.inflows.invoice.href({ id: a.resourceItem.id }))}
              >
                <Table.Td>{formatDate(a.resourceItem.createdAt)}</Table.Td>
                <Table.Td>{a.resourceItem.reference}</Table.Td>
                <Table.Td>{a.resourceItem.payee}</Table.Td>
                <Table.Td>{formatMoney(a.resourceItem.amountMinor)}</Table.Td>
                <Table.Td>{a.resourceItem.maker.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListBody>
      <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      <Text size="xs" c="dimmed" p="md">
        {t('inflowsScreen.invoicesYouCanActOn')}
      </Text>
    </Card>
  );
}
