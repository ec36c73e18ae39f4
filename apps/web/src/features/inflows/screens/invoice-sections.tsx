import { Button, Card, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceDetail } from '@owo/contract/inflows';
import { DetailField } from '../../../components/detail-field';
import { ListBody, ListPagination } from '../../../components/list';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useBanks } from '../../profile';
import { inflowApi, refreshInflows, useInvoiceTransactions } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { inflowStatusLabel } from '../components';
import { BankSelect } from '../../../components/bank-select';
import { useTranslation } from 'react-i18next';

type Inv = { inv: InvoiceDetail };

/** The invoice's figures, customer, collection account, approval and pay link. */
export function InvoiceSummary({ inv }: Inv) {
  const { t } = useTranslation('inflows');
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label={t('invoiceSections.initialAmount')} value={formatMoney(inv.initialAmountMinor)} />
        <DetailField
          label={t('invoiceSections.discount')}
          value={
            inv.discountType
              ? inv.discountType === 'percentage'
                ? `${inv.discount}% (${formatMoney(inv.discountAmountMinor)})`
                : formatMoney(inv.discountAmountMinor)
              : null
          }
        />
        <DetailField label={t('invoiceSections.discountedAmount')} value={formatMoney(inv.amountMinor)} />
        <DetailField label={t('invoiceSections.amountPaid')} value={formatMoney(inv.amountPaidMinor)} />
        <DetailField
          label={t('invoiceSections.modeOfPartnersSettlement')}
          value={t(`invoiceSections.strategy.${inv.settlementStrategy}`)}
        />
        <DetailField
          label={t('invoiceSections.customer')}
          value={`${inv.customer.name} · ${inv.customer.email}`}
        />
        <DetailField
          label={t('invoiceSections.collectionAccount')}
          value={
            inv.collectionAccount
              ? `${inv.collectionAccount.accountNumber} · ${inv.collectionAccount.bankName}`
              : null
          }
        />
        <DetailField
          label={t('invoiceSections.approval')}
          value={<StatusBadge status={inv.approvalStatus} label={inflowStatusLabel(inv.approvalStatus)} />}
        />
        {inv.payLink && (
          <DetailField
            label={t('invoiceSections.payLink')}
            value={
              <a href={inv.payLink} target="_blank" rel="noreferrer">
                {t('invoiceSections.openThePayPage')}
              </a>
            }
          />
        )}
      </SimpleGrid>
    </Card>
  );
}

/** An invoice's product lines: name, quantity, amount (the detail page and the wizard's review). */
export function ProductsTable({ inv }: Inv) {
  const { t } = useTranslation('inflows');
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('invoiceSections.name')}</Table.Th>
          <Table.Th>{t('invoiceSections.qty')}</Table.Th>
          <Table.Th>{t('invoiceSections.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {inv.products.map((p, i) => (
          <Table.Tr key={i}>
            <Table.Td>{p.name}</Table.Td>
            <Table.Td>{p.quantity}</Table.Td>
            <Table.Td>{formatMoney(p.amountMinor)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The invoice's products. */
export function ProductsSection({ inv }: Inv) {
  const { t } = useTranslation('inflows');
  return (
    <Section title={t('invoiceSections.products')}>
      <ProductsTable inv={inv} />
    </Section>
  );
}

/** The collection installments and their status. */
export function InstallmentsSection({ inv }: Inv) {
  const { t } = useTranslation('inflows');
  return (
    <Section title={t('invoiceSections.collectionInstallments')}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoiceSections.name')}</Table.Th>
            <Table.Th>{t('invoiceSections.amount')}</Table.Th>
            <Table.Th>{t('invoiceSections.amountPaid2')}</Table.Th>
            <Table.Th>{t('invoiceSections.dueDate')}</Table.Th>
            <Table.Th>{t('invoiceSections.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inv.invoiceInstallments.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                {i.name} ({i.percentage}%)
              </Table.Td>
              <Table.Td>{formatMoney(i.amountMinor)}</Table.Td>
              <Table.Td>{formatMoney(i.amountPaidMinor)}</Table.Td>
              <Table.Td>{i.dueDate ? formatDate(i.dueDate) : '—'}</Table.Td>
              <Table.Td>
                <StatusBadge status={i.status} label={inflowStatusLabel(i.status)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** The partners' settlement splits. */
export function SettlementsSection({ inv }: Inv) {
  const { t } = useTranslation('inflows');
  return (
    <Section title={t('invoiceSections.settlementSplits')}>
      {inv.invoiceSettlements.length === 0 ? (
        <Text p="md" c="dimmed" size="sm">
          {t('invoiceSections.noDataAvailable')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoiceSections.name')}</Table.Th>
              <Table.Th>{t('invoiceSections.date')}</Table.Th>
              <Table.Th>{t('invoiceSections.percentage')}</Table.Th>
              <Table.Th>{t('invoiceSections.amount')}</Table.Th>
              <Table.Th>{t('invoiceSections.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.invoiceSettlements.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.customerName}</Table.Td>
                <Table.Td>{formatDate(s.createdAt)}</Table.Td>
                <Table.Td>{s.percentage}%</Table.Td>
                <Table.Td>
                  {s.capped
                    ? t('invoiceSections.amountCapped', { amount: formatMoney(s.amountMinor) })
                    : formatMoney(s.amountMinor)}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={s.status} label={inflowStatusLabel(s.status)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** The overpayments to refund (Refund opens the refund dialog for a pending one). */
export function OverageSection(props: Inv & { canRefund: boolean; onRefund: (id: string) => void }) {
  const { t } = useTranslation('inflows');
  const { inv } = props;
  return (
    <Section title={t('invoiceSections.overagePayment')}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoiceSections.account')}</Table.Th>
            <Table.Th>{t('invoiceSections.date')}</Table.Th>
            <Table.Th>{t('invoiceSections.refundable')}</Table.Th>
            <Table.Th>{t('invoiceSections.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {inv.invoiceCollectionRefunds.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                {r.accountName}
                {r.accountNumber ? ` · ${r.accountNumber}` : ''}
              </Table.Td>
              <Table.Td>{formatDate(r.createdAt)}</Table.Td>
              <Table.Td>{formatMoney(r.refundableAmountMinor)}</Table.Td>
              <Table.Td>
                <StatusBadge
                  status={r.processing ? 'processing' : r.status}
                  label={inflowStatusLabel(r.processing ? 'processing' : r.status)}
                />
              </Table.Td>
              <Table.Td>
                {props.canRefund && r.status === 'pending' && !r.processing && (
                  <Button size="xs" variant="secondary" onClick={() => props.onRefund(r.id)}>
                    {t('invoiceSections.refund')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** The invoice's transaction attempts, a page at a time. */
export function AttemptsSection(props: {
  txs: ReturnType<typeof useInvoiceTransactions>;
  page: number;
  setPage: (page: number) => void;
}) {
  const { t } = useTranslation('inflows');
  const { txs, page, setPage } = props;
  return (
    <Section title={t('invoiceSections.transactionAttempts')}>
      <ListBody query={txs} isEmpty={!txs.data?.items.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoiceSections.date')}</Table.Th>
              <Table.Th>{t('invoiceSections.type')}</Table.Th>
              <Table.Th>{t('invoiceSections.name')}</Table.Th>
              <Table.Th>{t('invoiceSections.amount')}</Table.Th>
              <Table.Th>{t('invoiceSections.fee')}</Table.Th>
              <Table.Th>{t('invoiceSections.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(txs.data?.items ?? []).map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>{formatDateTime(x.updatedAt)}</Table.Td>
                <Table.Td>{x.type}</Table.Td>
                <Table.Td>{x.itemData.recipientName}</Table.Td>
                <Table.Td>{formatMoney(x.amountMinor)}</Table.Td>
                <Table.Td>{formatMoney(x.itemData.transactionFeeMinor)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={x.status} label={inflowStatusLabel(x.status)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListBody>
      <ListPagination pagination={txs.data?.pagination} page={page} onChange={setPage} />
    </Section>
  );
}

export function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Card padding={0}>
      <Title order={5} p="md" pb={0}>
        {props.title}
      </Title>
      {props.children}
    </Card>
  );
}

/** The refund of an overage to the account the user gives. */
export function RefundModal(props: { invoiceId: string; refundId: string | null; onClose: () => void }) {
  const { t } = useTranslation('inflows');
  const banks = useBanks();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const refund = useApiMutation({
    mutationFn: () =>
      inflowApi.initRefund(props.invoiceId, props.refundId!, { bankCode: bankCode ?? '', accountNumber }),
    onSuccess: () => {
      void refreshInflows();
      props.onClose();
    },
    onError: (err) => setErrors(err.errors ?? {}),
  });
  return (
    <Modal opened={!!props.refundId} onClose={props.onClose} title={t('invoiceSections.refundOverage')}>
      <Stack>
        <Text size="sm">{t('invoiceSections.theOverpaidAmountIsSent')}</Text>
        <BankSelect
          banks={banks.data}
          value={bankCode}
          onChange={setBankCode}
          error={errors['refundAccountDetails.bankCode']?.[0] ?? errors.bankCode?.[0]}
        />
        <TextInput
          label={t('invoiceSections.accountNumber')}
          maxLength={10}
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.currentTarget.value)}
          error={errors['refundAccountDetails.accountNumber']?.[0] ?? errors.accountNumber?.[0]}
        />
        <Group justify="flex-end">
          <Button loading={refund.isPending} onClick={() => refund.mutate()}>
            {t('invoiceSections.refund')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
