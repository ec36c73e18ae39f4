// /inflows/payment-invitations (issue 23 §0): the company's expected payments. Create one (the payer
// is mailed a single-use link), follow it to Paid when the deposit arrives, resend or cancel it.
import { Box, Button, Card, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  PAYMENT_INVITATION_STATUS_LABELS,
  PAYMENT_INVITATION_STATUSES,
  type PaymentInvitation,
} from '@owo/contract/payment-invitations';
import { ConfirmModal } from '../../../components/confirm-modal';
import {
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  listQuery,
  useListState,
} from '../../../components/list';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import {
  PAYMENT_INVITATION_GROUPS,
  paymentInvitationApi,
  refreshPaymentInvitations,
  usePaymentInvitations,
} from '../api';
import { CreateInvitationModal } from './create-modal';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

const STATUS_OPTIONS = PAYMENT_INVITATION_STATUSES.map((s) => ({
  value: s,
  label: PAYMENT_INVITATION_STATUS_LABELS[s],
}));

export function PaymentInvitationsScreen() {
  const { t } = useTranslation('payment-invitations');
  const navigate = useNavigate();
  const canCreate = useCan('inflows', 'post');
  const canCancel = useCan('inflows', 'put');
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<PaymentInvitation | null>(null);
  const { filters, page, setFilters, setPage } = useListState(PAYMENT_INVITATION_GROUPS);
  const list = usePaymentInvitations(listQuery(filters, PAYMENT_INVITATION_GROUPS, page));
  const resend = useApiMutation({
    mutationFn: (id: string) => paymentInvitationApi.resend(id),
    onSuccess: () => void refreshPaymentInvitations(),
  });
  return (
    <Stack gap="lg">
      <Button variant="subtle" px={0} w="fit-content" onClick={() => navigate(paths.inflows.root.href())}>
        {t('invitationsScreen.inflows')}
      </Button>
      <PageHeader
        mb={0}
        title={t('invitationsScreen.paymentInvitations')}
        description={<>{t('invitationsScreen.askSomeoneWhoOwesYou')}</>}
        actions={
          canCreate && (
            <Button onClick={() => setCreating(true)}>{t('invitationsScreen.newPaymentInvitation')}</Button>
          )
        }
      />
      <Card padding={0}>
        <Group justify="flex-end" p="md" pb={0}>
          <ExportCsvButton
            path="/payment-invitations"
            filters={filters}
            groups={PAYMENT_INVITATION_GROUPS}
            filename="owo-payment-invitations.csv"
          />
        </Group>
        <Box px="md">
          <FilterBar
            groups={[{ key: 'status', label: t('invitationsScreen.status'), options: STATUS_OPTIONS }]}
            value={filters}
            onChange={setFilters}
            searchPlaceholder={t('invitationsScreen.searchPayerNameOrEmail')}
          />
        </Box>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <InvitationsTable
            items={list.data?.items ?? []}
            canCreate={canCreate}
            canCancel={canCancel}
            onResend={(id) => resend.mutate(id)}
            onCancel={setCancelling}
          />
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <CreateInvitationModal opened={creating} onClose={() => setCreating(false)} />
      <CancelInvitationModal cancelling={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}

type InvitationActions = {
  canCreate: boolean;
  canCancel: boolean;
  onResend: (id: string) => void;
  onCancel: (i: PaymentInvitation) => void;
};

function InvitationsTable({ items, ...actions }: InvitationActions & { items: PaymentInvitation[] }) {
  const { t } = useTranslation('payment-invitations');
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('invitationsScreen.date')}</Table.Th>
          <Table.Th>{t('invitationsScreen.payer')}</Table.Th>
          <Table.Th>{t('invitationsScreen.amount')}</Table.Th>
          <Table.Th>{t('invitationsScreen.status')}</Table.Th>
          <Table.Th>{t('invitationsScreen.expiresPaidOn')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((i) => (
          <InvitationRow key={i.id} i={i} {...actions} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InvitationRow({ i, ...actions }: InvitationActions & { i: PaymentInvitation }) {
  const { t } = useTranslation('payment-invitations');
  return (
    <Table.Tr data-testid="payment-invitation-row">
      <Table.Td>{formatDate(i.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm">{i.payerName}</Text>
        <Text size="xs" c="dimmed">
          {i.payerEmail}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatMoney(i.amountMinor, i.currency)}</Text>
        <Text size="xs" c="dimmed" title={t('invitationsScreen.theReferenceADepositS')}>
          {t('invitationsScreen.ref', { paymentReference: i.paymentReference })}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={i.status} label={PAYMENT_INVITATION_STATUS_LABELS[i.status]} />
      </Table.Td>
      <Table.Td>{i.status === 'paid' ? formatDate(i.paidAt) : formatDate(i.expiresAt)}</Table.Td>
      <Table.Td>
        <InvitationMenu i={i} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}

function InvitationMenu({
  i,
  canCreate,
  canCancel,
  onResend,
  onCancel,
}: InvitationActions & { i: PaymentInvitation }) {
  const { t } = useTranslation('payment-invitations');
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          size="xs"
          variant="secondary"
          aria-label={t('invitationsScreen.actionsFor', { payerName: i.payerName })}
        >
          ⋯
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {i.transactionId && (
          <Menu.Item onClick={() => navigate(paths.transaction.href({ transactionId: i.transactionId! }))}>
            {t('invitationsScreen.viewDeposit')}
          </Menu.Item>
        )}
        {canCreate && (i.status === 'pending' || i.status === 'expired') && (
          <Menu.Item onClick={() => onResend(i.id)}>{t('invitationsScreen.sendAgain')}</Menu.Item>
        )}
        {canCancel && ['pending', 'expired', 'payerConfirmed'].includes(i.status) && (
          <Menu.Item color="red" onClick={() => onCancel(i)}>
            {t('invitationsScreen.cancelInvitation')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The cancel confirmation; a cancelled invitation's link stops working. */
function CancelInvitationModal({
  cancelling,
  onClose,
}: {
  cancelling: PaymentInvitation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('payment-invitations');
  const cancel = useApiMutation({
    mutationFn: (id: string) => paymentInvitationApi.cancel(id),
    onSuccess: () => {
      onClose();
      void refreshPaymentInvitations();
    },
  });
  return (
    <ConfirmModal
      opened={!!cancelling}
      title={t('invitationsScreen.cancelPaymentInvitation')}
      text={
        cancelling
          ? t('invitationsScreen.theLinkSentToStops', {
              payerEmail: cancelling.payerEmail,
              paymentReference: cancelling.paymentReference,
            })
          : ''
      }
      confirm={t('invitationsScreen.cancelInvitation')}
      loading={cancel.isPending}
      onConfirm={() => cancelling && cancel.mutate(cancelling.id)}
      onClose={onClose}
    />
  );
}
