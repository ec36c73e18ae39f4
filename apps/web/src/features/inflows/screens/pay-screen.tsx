// The public pay page (issue 24 §2): /payment-collection/invoice/:token, no sign-in; the token is the
// invoice's pay link (a link token, issue 34 §3), never an id. A cancelled invoice's link says so.
// Titled "Pay invoice" with the company's name (the spec's 'New Expense Payment' is a leftover).
import {
  Alert,
  Badge,
  Card,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePublicInvoice } from '../api';
import type { PublicInvoice } from '@owo/contract';
import { LINK_STATUS } from '@owo/contract/http';
import { INFLOW_MSG } from '@owo/contract/inflows';
import { isApiError } from '../../../lib/api';
import { PageHeader } from '../../../components/page-header';

export function PayInvoiceScreen() {
  const { token = '' } = useParams();
  const q = usePublicInvoice(token);
  const cancelled = isApiError(q.error) && q.error.status === LINK_STATUS.revoked;
  return (
    <Container size="sm" py="xl">
      {q.isLoading ? (
        <Center>
          <Loader />
        </Center>
      ) : q.error || !q.data ? (
        cancelled ? (
          <Alert color="yellow" title="Invoice cancelled">
            {INFLOW_MSG.invoiceLinkCancelled}
          </Alert>
        ) : (
          <Alert color="red" title="Invoice not found">
            This payment link is not valid. Ask the sender for a new one.
          </Alert>
        )
      ) : (
        <InvoicePayCard data={q.data} />
      )}
    </Container>
  );
}

/** The invoice and where to pay it: the public pay page's body, reused by the customer portal. */
export function InvoicePayCard({ data }: { data: PublicInvoice }) {
  const q = { data };
  return (
    <Card withBorder padding="xl">
      <Stack>
        <PageHeader
          mb={0}
          title="Pay invoice"
          description={
            <>
              {q.data.companyName} · {q.data.reference}
            </>
          }
        />
        <Text>Billed to {q.data.customerName}</Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>QTY</Table.Th>
              <Table.Th>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.products.map((p, i) => (
              <Table.Tr key={i}>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.quantity}</Table.Td>
                <Table.Td>{formatMoney(p.amountMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text>Invoice total</Text>
          <Text fw={600}>{formatMoney(q.data.amountMinor)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Paid so far</Text>
          <Text>{formatMoney(q.data.amountPaidMinor)}</Text>
        </Group>
        <Divider />
        {q.data.amountDueMinor > 0 ? (
          <>
            <Group justify="space-between">
              <Text fw={600}>Amount due now</Text>
              <Title order={3} data-testid="amount-due">
                {formatMoney(q.data.amountDueMinor)}
              </Title>
            </Group>
            {q.data.nextDueDate && <Text size="sm">Due {formatDate(q.data.nextDueDate)}</Text>}
            <Card bg="gray.0">
              <Text size="sm" c="dimmed">
                Pay by bank transfer into
              </Text>
              <Title order={3} data-testid="pay-account-number">
                {q.data.accountNumber}
              </Title>
              <Text>{q.data.bankName}</Text>
              <Text size="sm">{q.data.accountName}</Text>
            </Card>
          </>
        ) : (
          <Badge color="green" size="lg" data-testid="paid-badge">
            Paid in full
          </Badge>
        )}
      </Stack>
    </Card>
  );
}
