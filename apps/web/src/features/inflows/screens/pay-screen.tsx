// The public pay page (issue 24 §2): /payment-collection/invoice/:token, no sign-in; the token is the
// invoice's pay link (a link token, issue 34 §3), never an id. A cancelled invoice's link says so.
// Titled "Pay invoice" with the company's name (the spec's 'New Expense Payment' is a leftover).
import { Alert, Badge, Card, Center, Divider, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { CompanyMark } from '../../../components/company-mark';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePublicInvoice } from '../api';
import type { PublicInvoice } from '@owo/contract';
import { fromMinor } from '@owo/contract/money';
import { LINK_STATUS } from '@owo/contract/http';
import { INFLOW_MSG } from '@owo/contract/inflows';
import { isApiError } from '../../../lib/api';
import { PageHeader } from '../../../components/page-header';
import { CopyRow } from '../../../components/copy-row';
import { PublicFrame } from '../../../components/public-frame';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function PayInvoiceScreen() {
  const { t } = useTranslation('inflows');
  const { token = '' } = useParams();
  const q = usePublicInvoice(token);
  const cancelled = isApiError(q.error) && q.error.status === LINK_STATUS.revoked;
  return (
    <PublicFrame>
      {q.isLoading ? (
        <Center>
          <Loader />
        </Center>
      ) : q.error || !q.data ? (
        cancelled ? (
          <Alert color="yellow" title={t('payScreen.invoiceCancelled')}>
            {messageText(INFLOW_MSG.invoiceLinkCancelled)}
          </Alert>
        ) : (
          <Alert color="red" title={t('payScreen.invoiceNotFound')}>
            {t('payScreen.thisPaymentLinkIsNot')}
          </Alert>
        )
      ) : (
        <InvoicePayCard data={q.data} />
      )}
    </PublicFrame>
  );
}

/** The invoice and where to pay it: the public pay page's body, reused by the customer portal. */
export function InvoicePayCard({ data }: { data: PublicInvoice }) {
  const { t } = useTranslation('inflows');
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack>
        <Group gap="md" wrap="nowrap" align="center">
          <CompanyMark name={data.companyName} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" data-testid="pay-company">
              {data.companyName}
            </Text>
            <Text size="sm" c="dimmed">
              {t('payScreen.invoice', { reference: data.reference })}
            </Text>
          </Stack>
        </Group>
        <PageHeader
          mb={0}
          title={t('payScreen.payInvoice')}
          description={<>{t('payScreen.billedTo', { customerName: data.customerName })}</>}
        />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payScreen.item')}</Table.Th>
              <Table.Th>{t('payScreen.qty')}</Table.Th>
              <Table.Th ta="right">{t('payScreen.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.products.map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(p.amountMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text>{t('payScreen.invoiceTotal')}</Text>
          <Text fw={600}>{formatMoney(data.amountMinor)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>{t('payScreen.paidSoFar')}</Text>
          <Text>{formatMoney(data.amountPaidMinor)}</Text>
        </Group>
        <Divider />
        {data.amountDueMinor > 0 ? (
          <>
            <Group justify="space-between">
              <Text fw={600}>{t('payScreen.amountDueNow')}</Text>
              <Title order={3} data-testid="amount-due">
                {formatMoney(data.amountDueMinor)}
              </Title>
            </Group>
            {data.nextDueDate && (
              <Text size="sm">{t('payScreen.due', { date: formatDate(data.nextDueDate) })}</Text>
            )}
            <PayByTransfer data={data} />
          </>
        ) : (
          <Badge color="green" size="lg" data-testid="paid-badge">
            {t('payScreen.paidInFull')}
          </Badge>
        )}
      </Stack>
    </Card>
  );
}

/** Where to send the money, each detail with a Copy button. */
function PayByTransfer({ data }: { data: PublicInvoice }) {
  const { t } = useTranslation('inflows');
  return (
    <Card bg="teal.0" radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="pay-by-transfer">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('payScreen.payByBankTransfer')}
        </Text>
        <CopyRow
          label={t('payScreen.accountNumber')}
          value={data.accountNumber}
          testId="pay-account-number"
          strong
        />
        <CopyRow label={t('payScreen.bank')} value={data.bankName} />
        <CopyRow label={t('payScreen.accountName')} value={data.accountName} />
        <CopyRow
          label={t('payScreen.amount')}
          value={formatMoney(data.amountDueMinor)}
          copy={fromMinor(data.amountDueMinor)}
        />
        <Text size="xs" c="dimmed">
          {t('payScreen.thisAccountIsForThis', { reference: data.reference })}
        </Text>
      </Stack>
    </Card>
  );
}
