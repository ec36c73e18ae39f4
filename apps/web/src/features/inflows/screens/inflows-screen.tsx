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
import { CustomerList, PartnerList, SEARCH_PLACEHOLDER, TransactionsList } from './inflows-lists';

const TABS = [
  { key: 'transactions', title: 'Transactions', path: '/inflows' },
  { key: 'invoices', title: 'Invoices', path: '/inflows/invoices' },
  { key: 'drafts', title: 'Drafts', path: '/inflows/drafts' },
  { key: 'partners', title: 'Partners', path: '/inflows/partners' },
  { key: 'customers', title: 'Customers', path: '/inflows/customers' },
  { key: 'pending', title: 'Pending Approvals', path: '/inflows/pending' },
  { key: 'rejected', title: 'Rejected Approvals', path: '/inflows/rejected' },
] as const;

export function InflowsScreen() {
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
    (t) => (t.key !== 'partners' || canSeePartners) && (t.key !== 'customers' || canSeeCustomers),
  );
  const current = tabs.find((t) => t.key === tab) ?? tabs[0];
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="Invoices"
        actions={
          <>
            <Button variant="default" onClick={() => navigate(paths.paymentInvitations.href())}>
              Payment invitations
            </Button>
            {canPartner && (
              <Button variant="default" onClick={() => setModal('partner')}>
                New Partner
              </Button>
            )}
            {canCustomer && (
              <Button variant="default" onClick={() => setModal('customer')}>
                New Customer
              </Button>
            )}
            {canInvoice && (
              <Button onClick={() => navigate(paths.inflows.newInvoice.href({ new: 'page' }))}>
                New Invoice
              </Button>
            )}
          </>
        }
      />
      <Tabs value={current.key} onChange={(v) => navigate(tabs.find((t) => t.key === v)!.path)}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.key} value={t.key}>
              {t.title}
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
const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'partlyPaid', label: 'Partly paid' },
  { value: 'fullyPaid', label: 'Fully paid' },
];
const APPROVAL_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** The invoices (or drafts) list; with `customerId`, one customer's (the customer detail, 002 §2). */
export function InvoiceList(props: { drafts: boolean; customerId?: string; title?: string }) {
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
                  { key: 'status', label: 'Payment status', options: STATUS_OPTIONS },
                  { key: 'approvalStatus', label: 'Approval status', options: APPROVAL_OPTIONS },
                ]
          }
          value={filters}
          onChange={setFilters}
          searchPlaceholder={SEARCH_PLACEHOLDER}
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
  const navigate = useNavigate();
  const phone = usePhone();
  if (phone)
    return (
      <RowCards
        label={drafts ? 'Draft invoices' : 'Invoices'}
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
            <Table.Th>Created on</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Created by</Table.Th>
            <Table.Th />
          </Table.Tr>
        ) : (
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Payment status</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Approval status</Table.Th>
            <Table.Th>Customer</Table.Th>
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
          variant="light"
          onClick={() => navigate(paths.inflows.editInvoice.href({ invoiceId: i.id }))}
        >
          Continue
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
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useInvoiceApprovals(props.kind, page);
  return (
    <Card padding={0}>
      <ListBody query={list} isEmpty={!list.data?.items.length}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Requested by</Table.Th>
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
        Invoices you can act on at their current approval level.
      </Text>
    </Card>
  );
}
