import { Alert, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { PendingApprovalItem } from '@owo/contract/approvals';
import type { ExpenseBody } from '@owo/contract/expenses';
import { toMinor } from '@owo/contract/money';
import { useDraft } from '../../../lib/drafts';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useAccountingAuthCheck } from '../../accounting';
import { NoApproverNotice } from '../../approvals';
import { EXPENSE_DRAFT, expenseApi, refreshExpenses, type ExpenseDraft } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Submitted = { id: string; approval: PendingApprovalItem | null; status: string };

/** Create or update the expense; on success, its approval status (a failing check keeps the answer's). */
function useSubmitExpense(ref: string | undefined) {
  const [done, setDone] = useState<Submitted | null>(null);
  const submit = useApiMutation({
    mutationFn: (body: ExpenseBody) => (ref ? expenseApi.update(ref, body) : expenseApi.create(body)),
    onSuccess: async (res) => {
      void refreshExpenses();
      // 001 §4: the success modal shows the approval status; a failing status check does not stop it.
      let approval: PendingApprovalItem | null = res.data.approvalWorkflowPendingApprovalItem;
      try {
        approval = (await expenseApi.approvalStatus(res.data.id)).data;
      } catch {
        /* keep what the create answered */
      }
      setDone({ id: res.data.id, approval, status: res.data.status });
    },
  });
  return { done, submit };
}

/** What will be submitted: amount, quote, lines, schedule, payee, description and receipts. */
function ReviewSummary({ draft, amount }: { draft: ExpenseDraft; amount: string }) {
  const { t } = useTranslation('expenses');
  const b = draft.body;
  return (
    <Card>
      <SimpleGrid cols={2}>
        <Text c="dimmed">{t('expenseReviewScreen.amount')}</Text>
        <Text fw={600}>{/^\d+(\.\d{1,2})?$/.test(amount) ? formatMoney(toMinor(amount)) : amount}</Text>
        {draft.quote && (
          <>
            <Text c="dimmed">{t('expenseReviewScreen.fee')}</Text>
            <Text data-testid="review-fee">{formatMoney(draft.quote.feeMinor, draft.quote.currency)}</Text>
            <Text c="dimmed">{t('expenseReviewScreen.totalDebited')}</Text>
            <Text fw={600}>{formatMoney(draft.quote.totalMinor, draft.quote.currency)}</Text>
          </>
        )}
        {(b.productsAndServices ?? []).length > 0 && (
          <>
            <Text c="dimmed">{t('expenseReviewScreen.productLines')}</Text>
            <Text>{t('expenseReviewScreen.lines', { count: (b.productsAndServices ?? []).length })}</Text>
          </>
        )}
        {b.scheduledDate && (
          <>
            <Text c="dimmed">{t('expenseReviewScreen.payOn')}</Text>
            <Text>
              {b.scheduledDate.split('-').reverse().join('/')}
              {b.recurrence && b.recurrence !== 'once' ? ` · ${b.recurrence}` : ''}
            </Text>
          </>
        )}
        <Text c="dimmed">{t('expenseReviewScreen.beneficiary')}</Text>
        <Text>{draft.accountName}</Text>
        <Text c="dimmed">{t('expenseReviewScreen.account')}</Text>
        <Text>{b.bankAccountNumber}</Text>
        <Text c="dimmed">{t('expenseReviewScreen.description')}</Text>
        <Text>{b.purpose?.description}</Text>
        <Text c="dimmed">{t('expenseReviewScreen.receipts')}</Text>
        <Text>{(b.attachments ?? []).length}</Text>
      </SimpleGrid>
    </Card>
  );
}

/** "Expense submitted": the approval status and who it waits for; leaving clears the draft. */
function SubmittedModal({ done, leave }: { done: Submitted | null; leave: (to: string) => void }) {
  const { t } = useTranslation('expenses');
  return (
    <Modal
      opened={!!done}
      onClose={() => leave(done ? paths.expenses.detail.href({ ref: done.id }) : paths.expenses.root.href())}
      title={t('expenseReviewScreen.expenseSubmitted')}
      centered
      size={421}
    >
      {done && (
        <Stack>
          <Text>
            <Trans
              t={t}
              i18nKey="expenseReviewScreen.approvalStatus"
              values={{ status: done.approval?.status ?? done.status }}
              components={{ badge: <Badge variant="light" /> }}
            />
          </Text>
          {done.approval?.status === 'pending' && (
            <Text size="sm" c="dimmed">
              {t('expenseReviewScreen.waitingForLevelOf', {
                approvers:
                  done.approval.currentApprovers.map((a) => a.name).join(', ') ||
                  t('expenseReviewScreen.anApprover'),
                level: done.approval.currentLevel + 1,
                totalLevels: done.approval.totalLevels,
              })}
            </Text>
          )}
          <Button onClick={() => leave(paths.expenses.detail.href({ ref: done.id }))}>
            {t('expenseReviewScreen.viewExpense')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

/** /expense/review-payment and /expense/:ref/edit/review: step two (Review & Submit). */
export function ExpenseReviewScreen() {
  const { t } = useTranslation('expenses');
  const { ref } = useParams();
  const navigate = useNavigate();
  const [draft, setDraft] = useDraft<ExpenseDraft>(EXPENSE_DRAFT);
  // 001 §4: check the accounting authorisation first (expired: the modal; check failing: go on).
  const books = useAccountingAuthCheck();
  const { done, submit } = useSubmitExpense(ref);
  if (!done && (!draft || draft.editing !== ref))
    return (
      <Navigate to={ref ? paths.expenses.edit.href({ ref }) : paths.expenses.newPayment.href()} replace />
    );
  const b = draft?.body;
  const amount = b ? String(b.amount) : '0';
  const leave = (to: string) => {
    setDraft(undefined);
    void navigate(to);
  };
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader mb={0} title={t('expenseReviewScreen.reviewSubmit')} />
      {draft && b && <ReviewSummary draft={draft} amount={amount} />}
      {!done && <NoApproverNotice type="expense" amount={amount} />}
      {submit.error && <Alert color="red">{messageText(submit.error.message)}</Alert>}
      <Group justify="space-between">
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {t('expenseReviewScreen.back')}
        </Button>
        <Button
          loading={submit.isPending || books.checking}
          onClick={() => b && void books.check(() => submit.mutate(b))}
        >
          {t('expenseReviewScreen.submit')}
        </Button>
      </Group>
      {books.modal}
      <SubmittedModal done={done} leave={leave} />
    </Stack>
  );
}
