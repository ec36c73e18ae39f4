import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ExpenseDetail } from '@owo/contract/expenses';
import { DetailField } from '../../../components/detail-field';
import { FileLinks, numberedLabel } from '../../../components/file-link';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan, useProfile } from '../../../lib/session';
import { accountsApi } from '../../accounts';
import { ApprovalActions, TrailList } from '../../approvals';
import { expenseApi, refreshExpenses, useExpense } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { messageText } from '../../../lib/messages';

/** Retry, re-approval, retiring (behind a confirmation) and receipts added to a paid expense. */
function useExpenseActions(ref: string | undefined) {
  const retry = useApiMutation({
    mutationFn: () => expenseApi.retry(ref!),
    onSuccess: () => void refreshExpenses(),
  });
  const reapprove = useApiMutation({
    mutationFn: () => expenseApi.reapprove(ref!),
    onSuccess: () => void refreshExpenses(),
  });
  const [confirmRetire, setConfirmRetire] = useState(false);
  const retire = useApiMutation({
    mutationFn: () => expenseApi.retire(ref!),
    onSuccess: () => {
      setConfirmRetire(false);
      void refreshExpenses();
    },
  });
  // Receipts recorded against a paid expense (retiring a cash advance needs at least one).
  const addReceipt = useApiMutation({
    mutationFn: async (file: File) => {
      const up = await accountsApi.upload(file);
      return expenseApi.attach(ref!, [{ uploader: up.data.uploader.name, fileName: up.data.fileName }]);
    },
    onSuccess: () => void refreshExpenses(),
  });
  return { retry, reapprove, confirmRetire, setConfirmRetire, retire, addReceipt };
}

type ExpenseActions = ReturnType<typeof useExpenseActions>;

/** What can be done next, beside the approval buttons: edit, re-approve, retry, add a receipt, retire. */
function NextSteps({ e, actions }: { e: ExpenseDetail; actions: ExpenseActions }) {
  const { t } = useTranslation('expenses');
  const navigate = useNavigate();
  const me = useProfile();
  const canPut = useCan('expenses', 'put');
  const canPost = useCan('expenses', 'post');
  const canPatch = useCan('expenses', 'patch');
  const { retry, reapprove, addReceipt } = actions;
  const isMaker = me.data?.id === e.maker.id;
  const editable = canPut && isMaker && (e.status === 'rejected' || e.status === 'failed');
  return (
    <>
      {editable && (
        <Button variant="secondary" onClick={() => navigate(paths.expenses.edit.href({ ref: e.id }))}>
          {t('expenseScreen.edit')}
        </Button>
      )}
      {e.status === 'failed' && isMaker && canPut && (
        <Button variant="secondary" loading={reapprove.isPending} onClick={() => reapprove.mutate()}>
          {t('expenseScreen.sendForReApproval')}
        </Button>
      )}
      {e.status === 'failed' && canPost && e.approvalWorkflowPendingApprovalItem?.status === 'approved' && (
        <Button loading={retry.isPending} onClick={() => retry.mutate()}>
          {t('expenseScreen.retryPayment')}
        </Button>
      )}
      {(e.status === 'completed' || e.status === 'paying') && canPatch && (
        <FileButton onChange={(f) => f && addReceipt.mutate(f)} accept="image/*,application/pdf">
          {(props) => (
            <Button variant="secondary" loading={addReceipt.isPending} {...props}>
              {t('expenseScreen.addReceipt')}
            </Button>
          )}
        </FileButton>
      )}
      {e.status === 'completed' && canPut && e.attachments.length > 0 && (
        <Button variant="secondary" onClick={() => actions.setConfirmRetire(true)}>
          {t('expenseScreen.retire')}
        </Button>
      )}
    </>
  );
}

/** Retiring asks first: it records the receipts against the paid expense and closes it. */
function RetireModal({ e, actions }: { e: ExpenseDetail; actions: ExpenseActions }) {
  const { t } = useTranslation('expenses');
  const { confirmRetire, setConfirmRetire, retire } = actions;
  return (
    <Modal
      opened={confirmRetire}
      onClose={() => setConfirmRetire(false)}
      title={t('expenseScreen.retireExpense')}
      centered
    >
      <Stack>
        <Text size="sm">
          {t('expenseScreen.retiringRecordsTheReceiptAgainst', { count: e.attachments.length })}
        </Text>
        {retire.error && <Alert color="red">{messageText(retire.error.message)}</Alert>}
        <Group justify="flex-end">
          <Button variant="secondary" onClick={() => setConfirmRetire(false)}>
            {t('expenseScreen.cancel')}
          </Button>
          <Button loading={retire.isPending} onClick={() => retire.mutate()}>
            {t('expenseScreen.retire')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Pay on <date>", the repeat and its end, and the next payment. */
function scheduleText(e: ExpenseDetail) {
  const repeats = e.recurrence && e.recurrence !== 'once';
  const key = !repeats
    ? 'payOn'
    : `${e.recurrence === 'weekly' ? 'payOnWeekly' : 'payOnMonthly'}${e.recurrenceEndDate ? 'Until' : ''}`;
  return [
    i18n.t(`expenses:expenseScreen.${key}`, {
      date: formatDate(e.scheduledDate),
      until: e.recurrenceEndDate ? formatDate(e.recurrenceEndDate) : '',
    }),
    e.nextRunOn ? i18n.t('expenses:expenseScreen.nextPayment', { date: formatDate(e.nextRunOn) }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The expense's fields: payee, fee, purpose, attachments, schedule, its recurring parent, retirement. */
function ExpenseFields({ e }: { e: ExpenseDetail }) {
  const { t } = useTranslation('expenses');
  const navigate = useNavigate();
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label={t('expenseScreen.beneficiary')} value={e.bankAccountName} />
        <DetailField label={t('expenseScreen.bank')} value={`${e.bankName} · ${e.bankAccountNumber}`} />
        <DetailField
          label={t('expenseScreen.fee')}
          value={e.feeMinor === null ? null : formatMoney(e.feeMinor, e.currency)}
        />
        <DetailField label={t('expenseScreen.description')} value={e.purpose.description} />
        <DetailField label={t('expenseScreen.category')} value={e.purpose.serviceName} />
        <DetailField
          label={t('expenseScreen.attachments')}
          value={
            e.attachments.length ? (
              <FileLinks
                files={e.attachments}
                label={numberedLabel(t('expenseScreen.receipt'), e.attachments.length)}
              />
            ) : null
          }
        />
        {e.scheduledDate && <DetailField label={t('expenseScreen.schedule')} value={scheduleText(e)} />}
        {e.parentExpenseId && (
          <DetailField
            label={t('expenseScreen.scheduledPaymentOf')}
            value={
              <Button
                variant="subtle"
                size="compact-sm"
                px={0}
                onClick={() => navigate(paths.expenses.detail.href({ ref: e.parentExpenseId! }))}
              >
                {t('expenseScreen.theRecurringExpense')}
              </Button>
            }
          />
        )}
        {e.status === 'retired' && (
          <DetailField label={t('expenseScreen.retired')} value="Receipts recorded against this payment" />
        )}
      </SimpleGrid>
    </Card>
  );
}

/** The expense's product lines: product, price, quantity and total. */
function ProductLinesTable({ lines }: { lines: ExpenseDetail['productsAndServices'] }) {
  const { t } = useTranslation('expenses');
  return (
    <Card padding={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('expenseScreen.product')}</Table.Th>
            <Table.Th>{t('expenseScreen.price')}</Table.Th>
            <Table.Th>{t('expenseScreen.quantity')}</Table.Th>
            <Table.Th>{t('expenseScreen.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>{formatMoney(l.amountMinor)}</Table.Td>
              <Table.Td>{l.quantity}</Table.Td>
              <Table.Td>{formatMoney(l.totalMinor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** /expense/:ref: the expense, its approval actions and trail, and what can be done next. */
export function ExpenseScreen() {
  const { t } = useTranslation('expenses');
  const { ref } = useParams();
  const navigate = useNavigate();
  const q = useExpense(ref);
  const actions = useExpenseActions(ref);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('expenseScreen.expenseNotFound'))}</Alert>;
  const e = q.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.expenses.root.href())}>
            {t('expenseScreen.back')}
          </Button>
        }
        title={formatMoney(e.amountMinor, e.currency)}
        badges={
          <StatusBadge status={e.status} label={t(`statusName.${e.status}`, { defaultValue: e.status })} />
        }
        description={
          <>
            {t('expenseScreen.by', {
              reference: e.reference,
              dateTime: formatDateTime(e.createdAt),
              name: e.maker.name,
            })}
          </>
        }
        actions={
          <ApprovalActions
            item={e.approvalWorkflowPendingApprovalItem}
            onDone={() => void refreshExpenses()}
            extra={<NextSteps e={e} actions={actions} />}
          />
        }
      />
      {e.failureReason && <Alert color="red">{e.failureReason}</Alert>}
      {actions.addReceipt.error && <Alert color="red">{messageText(actions.addReceipt.error.message)}</Alert>}
      <RetireModal e={e} actions={actions} />
      <ExpenseFields e={e} />
      {e.productsAndServices.length > 0 && <ProductLinesTable lines={e.productsAndServices} />}
      {e.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Title order={5} mb="sm">
            {t('expenseScreen.approvalHistory')}
          </Title>
          <TrailList item={e.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}
