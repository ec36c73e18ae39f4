import { Alert, Badge, Button, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import { NoData } from '../../../components/list';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { ApprovalActions } from '../../approvals';
import { BillsTable } from '../../payouts';
import { refreshPayees, usePayee } from '../api';
import { VendorFormModal } from '../components/vendor-form-modal';
import { paths } from '../../../lib/paths';
import type { PayeeDetail } from '@owo/contract/payees';
import { PageHeader } from '../../../components/page-header';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /vendors/:id: details, bank account (and a pending change to approve), payments, open bills. */
export function VendorScreen() {
  const { id } = useParams();
  // Every vendor page the spec names (/vendors/invite, /vendors/import-vendors, …) has its own route;
  // anything else here is not a vendor id.
  if (!id || !UUID.test(id)) return <Alert color="red">Vendor not found</Alert>;
  return <Vendor id={id} />;
}

function Vendor(props: { id: string }) {
  const navigate = useNavigate();
  const q = usePayee(props.id);
  const canEdit = useCan('payee', 'put');
  const [editing, setEditing] = useState(false);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Vendor not found'}</Alert>;
  const v = q.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.vendors.root.href())}>
            ← Vendors
          </Button>
        }
        title={v.name}
        description={<>Vendor since {formatDate(v.createdAt)}</>}
        actions={<VendorHeaderActions v={v} canEdit={canEdit} onEdit={() => setEditing(true)} />}
      />
      <Card>
        <Title order={5} mb="sm">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DetailField label="Email" value={v.email} />
          <DetailField label="Phone" value={v.phone} />
          <DetailField label="Billing address" value={v.billingAddress} />
        </SimpleGrid>
      </Card>
      <BankAccountCard v={v} />
      <VendorPaymentsCard payments={v.payments} />
      <VendorOpenBillsCard bills={v.openBills} />
      {editing && <VendorFormModal opened vendor={v} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

function VendorHeaderActions({
  v,
  canEdit,
  onEdit,
}: {
  v: PayeeDetail;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const navigate = useNavigate();
  const canPay = useCan('payouts', 'post');
  const canInvite = useCan('payee', 'post');
  return (
    <>
      {canPay && (
        <Button variant="secondary" onClick={() => navigate(paths.payouts.direct.href({ payeeId: v.id }))}>
          Pay vendor
        </Button>
      )}
      {canInvite && (
        <Button
          variant="secondary"
          onClick={() => navigate(paths.vendors.invite.href({ payeeId: v.id, email: v.email, name: v.name }))}
        >
          Ask vendor to update details
        </Button>
      )}
      {canEdit && <Button onClick={() => onEdit()}>Edit</Button>}
    </>
  );
}

/** The vendor's bank account, and a pending change with its approval actions. */
function BankAccountCard({ v }: { v: PayeeDetail }) {
  const change = v.pendingBankChange;
  return (
    <Card>
      <Title order={5} mb="sm">
        Bank account
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label="Bank" value={v.bankName} />
        <DetailField label="Account number" value={v.accountNumber} />
        <DetailField label="Account name" value={v.accountName} />
      </SimpleGrid>
      {change && (
        <Alert color="yellow" mt="md" title="Bank change awaiting approval" data-testid="pending-bank-change">
          <Stack gap="xs">
            <Text size="sm">
              {change.requestedBy || 'A team member'} asked on {formatDateTime(change.requestedAt)} to pay
              this vendor at <b>{change.bankName}</b> {change.accountNumber} ({change.accountName}). Payments
              keep going to the account above until someone else approves it.
            </Text>
            <ApprovalActions item={v.bankChangeApproval} onDone={() => void refreshPayees()} />
          </Stack>
        </Alert>
      )}
    </Card>
  );
}

/** Bills requested from the vendor or received from it, not yet sent for payment; a row opens its bill. */
function VendorOpenBillsCard({ bills }: { bills: PayeeDetail['openBills'] }) {
  return (
    <Card padding={0} data-testid="vendor-open-bills">
      <Title order={5} p="md" pb={0}>
        Open bills
      </Title>
      {bills.length === 0 ? <NoData /> : <BillsTable items={bills} />}
    </Card>
  );
}

function VendorPaymentsCard({ payments }: { payments: PayeeDetail['payments'] }) {
  const navigate = useNavigate();
  return (
    <Card padding={0}>
      <Title order={5} p="md" pb={0}>
        Payments
      </Title>
      {payments.length === 0 ? (
        <NoData />
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Narration</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((p) => (
              <Table.Tr
                key={p.id}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(paths.payouts.detail.href({ ref: p.id }))}
              >
                <Table.Td>{formatDate(p.createdAt)}</Table.Td>
                <Table.Td>{p.reference}</Table.Td>
                <Table.Td>{p.narration}</Table.Td>
                <Table.Td>{formatMoney(p.amountMinor, p.currency)}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{p.status}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
