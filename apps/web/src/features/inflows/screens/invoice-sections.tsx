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

const STRATEGY: Record<string, string> = {
  consolidated: 'Once after all collections',
  'per-collection': 'After every collection',
  'per-installment': 'After every installment',
};

type Inv = { inv: InvoiceDetail };

/** The invoice's figures, customer, collection account, approval and pay link. */
export function InvoiceSummary({ inv }: Inv) {
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label="Initial amount" value={formatMoney(inv.initialAmountMinor)} />
        <DetailField
          label="Discount"
          value={
            inv.discountType
              ? inv.discountType === 'percentage'
                ? `${inv.discount}% (${formatMoney(inv.discountAmountMinor)})`
                : formatMoney(inv.discountAmountMinor)
              : null
          }
        />
        <DetailField label="Discounted amount" value={formatMoney(inv.amountMinor)} />
        <DetailField label="Amount paid" value={formatMoney(inv.amountPaidMinor)} />
        <DetailField label="Mode of partners settlement" value={STRATEGY[inv.settlementStrategy]} />
        <DetailField label="Customer" value={`${inv.customer.name} · ${inv.customer.email}`} />
        <DetailField
          label="Collection account"
          value={
            inv.collectionAccount
              ? `${inv.collectionAccount.accountNumber} · ${inv.collectionAccount.bankName}`
              : null
          }
        />
        <DetailField
          label="Approval"
          value={<StatusBadge status={inv.approvalStatus} label={inflowStatusLabel(inv.approvalStatus)} />}
        />
        {inv.payLink && (
          <DetailField
            label="Pay link"
            value={
              <a href={inv.payLink} target="_blank" rel="noreferrer">
                Open the pay page
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
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>QTY</Table.Th>
          <Table.Th>Amount</Table.Th>
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
  return (
    <Section title="Products">
      <ProductsTable inv={inv} />
    </Section>
  );
}

/** The collection installments and their status. */
export function InstallmentsSection({ inv }: Inv) {
  return (
    <Section title="Collection Installments">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Amount Paid</Table.Th>
            <Table.Th>Due Date</Table.Th>
            <Table.Th>Status</Table.Th>
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
  return (
    <Section title="Settlement Splits">
      {inv.invoiceSettlements.length === 0 ? (
        <Text p="md" c="dimmed" size="sm">
          No data available
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Percentage</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.invoiceSettlements.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{s.customerName}</Table.Td>
                <Table.Td>{formatDate(s.createdAt)}</Table.Td>
                <Table.Td>{s.percentage}%</Table.Td>
                <Table.Td>
                  {formatMoney(s.amountMinor)}
                  {s.capped ? ' (capped)' : ''}
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
  const { inv } = props;
  return (
    <Section title="Overage Payment">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Refundable</Table.Th>
            <Table.Th>Status</Table.Th>
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
                  <Button size="xs" variant="light" onClick={() => props.onRefund(r.id)}>
                    Refund
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
  const { txs, page, setPage } = props;
  return (
    <Section title="Transaction Attempts">
      <ListBody query={txs} isEmpty={!txs.data?.items.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Fee</Table.Th>
              <Table.Th>Status</Table.Th>
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
    <Modal opened={!!props.refundId} onClose={props.onClose} title="Refund overage">
      <Stack>
        <Text size="sm">The overpaid amount is sent back to the account you give.</Text>
        <BankSelect
          banks={banks.data}
          value={bankCode}
          onChange={setBankCode}
          error={errors['refundAccountDetails.bankCode']?.[0] ?? errors.bankCode?.[0]}
        />
        <TextInput
          label="Account number"
          maxLength={10}
          value={accountNumber}
          onChange={(e) => setAccountNumber(e.currentTarget.value)}
          error={errors['refundAccountDetails.accountNumber']?.[0] ?? errors.accountNumber?.[0]}
        />
        <Group justify="flex-end">
          <Button loading={refund.isPending} onClick={() => refund.mutate()}>
            Refund
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
