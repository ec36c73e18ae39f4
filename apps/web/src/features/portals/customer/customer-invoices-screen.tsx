// /customer/invoice and /customer/invoice/:id behind the customer guard (000 §2.11; issue 24 §4):
// the approved invoices one company addressed to the signed-in email, a switcher between the
// companies that know the email (one profile each, 000 §3), and one invoice with its pay details.
import { Alert, Anchor, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import type { CustomerProfile } from '@owo/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { store, useStore } from '../../../lib/store';
import { InvoicePayCard } from '../../inflows';
import { useCustomerInvoice, useCustomerInvoices } from './api';
import { PageHeader } from '../../../components/page-header';
import { ListBody, ListPagination } from '../../../components/list';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';

const LABELLED = new Set(['pending', 'partlyPaid', 'fullyPaid', 'completed', 'draft', 'cancelled']);
const statusLabel = (s: string) =>
  LABELLED.has(s) ? i18n.t(`portals:customerInvoicesScreen.statuses.${s}`) : s;

function useProfiles() {
  const all = useStore((s) => s.customer.allCustomerProfiles) as CustomerProfile[];
  const current = useStore((s) => s.customer.currentCustomerProfile) as CustomerProfile | null;
  return { all, current: current ?? all[0] ?? null };
}

export function CustomerInvoicesScreen() {
  const { id } = useParams();
  return id ? <CustomerInvoiceDetail id={id} /> : <CustomerInvoiceList />;
}

function CompanySwitcher() {
  const { t } = useTranslation('portals');
  const { all, current } = useProfiles();
  if (all.length < 2)
    return current ? (
      <Text c="dimmed">{t('customerInvoicesScreen.from', { companyName: current.companyName })}</Text>
    ) : null;
  return (
    <Select
      label={t('customerInvoicesScreen.company')}
      aria-label={t('customerInvoicesScreen.company')}
      data-testid="customer-company"
      w={260}
      allowDeselect={false}
      data={all.map((p) => ({ value: p.accountId, label: p.companyName }))}
      value={current?.accountId ?? null}
      onChange={(v) => {
        const next = all.find((p) => p.accountId === v);
        if (next) store.set({ customer: { ...store.get().customer, currentCustomerProfile: next } });
      }}
    />
  );
}

function CustomerInvoiceList() {
  const { t } = useTranslation('portals');
  const email = useStore((s) => s.customer.email);
  const { current } = useProfiles();
  // The page belongs to one company: a switch starts the other company's list at page 1.
  const [paged, setPaged] = useState<{ accountId?: string; page: number }>({ page: 1 });
  const page = paged.accountId === current?.accountId ? paged.page : 1;
  const setPage = (p: number) => setPaged({ accountId: current?.accountId, page: p });
  const q = useCustomerInvoices(current?.accountId, page);
  const rows = q.data?.data ?? [];
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <PageHeader
        mb={0}
        title={t('customerInvoicesScreen.yourInvoices')}
        description={<>{t('customerInvoicesScreen.signedInAs', { email: email ?? '' })}</>}
        actions={<CompanySwitcher />}
      />
      <ListBody query={q} isEmpty={rows.length === 0}>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" bg="white" withTableBorder data-testid="customer-invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customerInvoicesScreen.reference')}</Table.Th>
                <Table.Th>{t('customerInvoicesScreen.date')}</Table.Th>
                <Table.Th>{t('customerInvoicesScreen.amount')}</Table.Th>
                <Table.Th>{t('customerInvoicesScreen.paid')}</Table.Th>
                <Table.Th>{t('customerInvoicesScreen.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.customer.invoice.href({ id: i.id })}>
                      {i.reference}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(i.createdAt)}</Table.Td>
                  <Table.Td>{formatMoney(i.amountMinor)}</Table.Td>
                  <Table.Td>{formatMoney(i.amountPaidMinor)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={i.status} label={statusLabel(i.status)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListBody>
      <ListPagination pagination={q.data?.metadata?.pagination} page={page} onChange={setPage} />
    </Stack>
  );
}

function CustomerInvoiceDetail({ id }: { id: string }) {
  const { t } = useTranslation('portals');
  const q = useCustomerInvoice(id);
  return (
    <Stack gap="md" maw={640} mx="auto">
      <Anchor component={Link} to={paths.customer.invoices.path} fz="sm">
        {t('customerInvoicesScreen.yourInvoices2')}
      </Anchor>
      {q.isLoading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : q.error || !q.data ? (
        <Alert color="red" title={t('customerInvoicesScreen.invoiceNotFound')}>
          {t('customerInvoicesScreen.thisInvoiceIsNotAvailable')}
        </Alert>
      ) : (
        <>
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              {t('customerInvoicesScreen.invoice', { reference: q.data.reference })}
            </Text>
            <StatusBadge status={q.data.status} label={statusLabel(q.data.status)} />
          </Group>
          <InvoicePayCard data={q.data} />
        </>
      )}
    </Stack>
  );
}
