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
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /vendors/:id: details, bank account (and a pending change to approve), payments, open bills. */
export function VendorScreen() {
  const { t } = useTranslation('payees');
  const { id } = useParams();
  // Every vendor page the spec names (/vendors/invite, /vendors/import-vendors, …) has its own route;
  // anything else here is not a vendor id.
  if (!id || !UUID.test(id)) return <Alert color="red">{t('vendorScreen.vendorNotFound')}</Alert>;
  return <Vendor id={id} />;
}

function Vendor(props: { id: string }) {
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  const q = usePayee(props.id);
  const canEdit = useCan('payee', 'put');
  const [editing, setEditing] = useState(false);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('vendorScreen.vendorNotFound'))}</Alert>;
  const v = q.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.vendors.root.href())}>
            {t('vendorScreen.vendors')}
          </Button>
        }
        title={v.name}
        description={<>{t('vendorScreen.vendorSince', { date: formatDate(v.createdAt) })}</>}
        actions={<VendorHeaderActions v={v} canEdit={canEdit} onEdit={() => setEditing(true)} />}
      />
      <Card>
        <Title order={5} mb="sm">
          {t('vendorScreen.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DetailField label={t('vendorScreen.email')} value={v.email} />
          <DetailField label={t('vendorScreen.phone')} value={v.phone} />
          <DetailField label={t('vendorScreen.billingAddress')} value={v.billingAddress} />
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
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  const canPay = useCan('payouts', 'post');
  const canInvite = useCan('payee', 'post');
  return (
    <>
      {canPay && (
        <Button variant="secondary" onClick={() => navigate(paths.payouts.direct.href({ payeeId: v.id }))}>
          {t('vendorScreen.payVendor')}
        </Button>
      )}
      {canInvite && (
        <Button
          variant="secondary"
          onClick={() => navigate(paths.vendors.invite.href({ payeeId: v.id, email: v.email, name: v.name }))}
        >
          {t('vendorScreen.askVendorToUpdateDetails')}
        </Button>
      )}
      {canEdit && <Button onClick={() => onEdit()}>{t('vendorScreen.edit')}</Button>}
    </>
  );
}

/** The vendor's bank account, and a pending change with its approval actions. */
function BankAccountCard({ v }: { v: PayeeDetail }) {
  const { t } = useTranslation('payees');
  const change = v.pendingBankChange;
  return (
    <Card>
      <Title order={5} mb="sm">
        {t('vendorScreen.bankAccount')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label={t('vendorScreen.bank')} value={v.bankName} />
        <DetailField label={t('vendorScreen.accountNumber')} value={v.accountNumber} />
        <DetailField label={t('vendorScreen.accountName')} value={v.accountName} />
      </SimpleGrid>
      {change && (
        <Alert
          color="yellow"
          mt="md"
          title={t('vendorScreen.bankChangeAwaitingApproval')}
          data-testid="pending-bank-change"
        >
          <Stack gap="xs">
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="vendorScreen.askedToPayThisVendorAt"
                values={{
                  who: change.requestedBy || t('vendorScreen.aTeamMember'),
                  date: formatDateTime(change.requestedAt),
                  bank: change.bankName,
                  accountNumber: change.accountNumber,
                  accountName: change.accountName,
                }}
                shouldUnescape
                components={{ b: <b /> }}
              />
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
  const { t } = useTranslation('payees');
  return (
    <Card padding={0} data-testid="vendor-open-bills">
      <Title order={5} p="md" pb={0}>
        {t('vendorScreen.openBills')}
      </Title>
      {bills.length === 0 ? <NoData /> : <BillsTable items={bills} />}
    </Card>
  );
}

function VendorPaymentsCard({ payments }: { payments: PayeeDetail['payments'] }) {
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  return (
    <Card padding={0}>
      <Title order={5} p="md" pb={0}>
        {t('vendorScreen.payments')}
      </Title>
      {payments.length === 0 ? (
        <NoData />
      ) : (
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('vendorScreen.date')}</Table.Th>
              <Table.Th>{t('vendorScreen.reference')}</Table.Th>
              <Table.Th>{t('vendorScreen.narration')}</Table.Th>
              <Table.Th>{t('vendorScreen.amount')}</Table.Th>
              <Table.Th>{t('vendorScreen.status')}</Table.Th>
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
