// The bill's full-screen review (/bills/:ref/review, closing to /payouts) where a received bill is
// sent for payment, now or on a date; and the scheduled bill (/bills/scheduled/:ref, inside the
// dashboard): the payment it became, its date, moved or cancelled there (001 §2 Bills).
import {
  Alert,
  Button,
  Card,
  CloseButton,
  Container,
  Group,
  Loader,
  Select,
  Stack,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Bill } from '@owo/contract/payouts-bills';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ApprovalActions, NoApproverNotice } from '../../approvals';
import { CategorySelect } from '../../categories';
import { useWallets } from '../../money';
import { billApi, refreshPayouts, useBill, usePayout } from '../api';
import { PayoutFields } from '../components/payout-detail-fields';
import { ScheduleCard, usePayoutScheduleActions } from '../components/payout-schedule';
import { BillFields } from './bills';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

const newKey = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The payment details of a received bill: the wallet, a budget category and an optional pay date. */
function BillPaymentForm({ bill }: { bill: Bill }) {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const wallets = useWallets();
  const [walletId, setWalletId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [scheduledDate, setScheduledDate] = useState('');
  const [key] = useState(newKey);
  const pay = useApiMutation({
    mutationFn: () =>
      billApi.toPayout(
        bill.reference,
        { walletId: walletId!, categoryId, scheduledDate: scheduledDate || null },
        key,
      ),
    onSuccess: (res) => {
      void refreshPayouts();
      void navigate(
        res.data.scheduledDate
          ? paths.bills.scheduled.href({ ref: bill.reference })
          : paths.payouts.detail.href({ ref: res.data.id }),
      );
    },
  });
  const ngn = (wallets.data ?? []).filter((w) => w.currency === 'NGN');
  const err = (k: string) => pay.error?.errors?.[k]?.[0];
  return (
    <Card>
      <Stack>
        <Title order={5}>{t('billReview.paymentDetails')}</Title>
        <NoApproverNotice type="payout" amount={bill.amount ?? undefined} />
        <Select
          label={t('billReview.payFrom')}
          data={ngn.map((w) => ({ value: w.id, label: `${w.name} · ${formatMoney(w.balanceMinor)}` }))}
          value={walletId}
          onChange={setWalletId}
          error={err('walletId')}
        />
        <CategorySelect value={categoryId} onChange={setCategoryId} />
        <DateField
          label={t('billReview.payOnOptional')}
          description={
            bill.dueDate
              ? t('billReview.dueTomorrowOrLaterLeave', { date: formatDate(bill.dueDate) })
              : t('billReview.tomorrowOrLaterLeaveEmpty')
          }
          value={scheduledDate}
          onChange={setScheduledDate}
          error={err('scheduledDate')}
        />
        <Group justify="flex-end">
          <Button disabled={!walletId} loading={pay.isPending} onClick={() => pay.mutate()}>
            {scheduledDate ? t('billReview.schedulePayment') : t('billReview.sendForApproval')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /bills/:ref/review: full screen; the bill as the vendor sent it, then its payment details. */
export function BillReviewScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const q = useBill(ref);
  const canPay = useCan('payouts', 'post');
  const close = () => void navigate(paths.payouts.list.href({ list: 'bills' }));
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader
          mb={0}
          title={t('billReview.reviewBill')}
          description={q.data ? `${q.data.email} · ${q.data.invoiceNumber ?? ''}` : undefined}
          badges={q.data && <StatusBadge status={q.data.status} />}
          actions={<CloseButton aria-label={t('billReview.close')} onClick={close} />}
        />
        {q.isLoading ? (
          <Loader />
        ) : q.error || !q.data ? (
          <Alert color="red">{messageText(q.error?.message ?? t('billReview.billNotFound'))}</Alert>
        ) : (
          <>
            {q.data.amountMinor !== null && <Title order={3}>{formatMoney(q.data.amountMinor)}</Title>}
            <BillFields b={q.data} />
            {q.data.status === 'submitted' && canPay ? (
              <BillPaymentForm bill={q.data} />
            ) : (
              <Alert>
                {q.data.status === 'sent'
                  ? t('billReview.thisBillWasAlreadySent')
                  : q.data.status === 'submitted'
                    ? t('billReview.youCannotSendBillsFor')
                    : t('billReview.theVendorHasNotSent')}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

/** /bills/scheduled/:ref: the bill's payment on its date; moved or cancelled while it has not run. */
export function BillScheduledScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const bill = useBill(ref);
  const payout = usePayout(bill.data?.payoutId ?? undefined);
  const canPut = useCan('payouts', 'put');
  const canDelete = useCan('payouts', 'delete');
  const actions = usePayoutScheduleActions(payout.data);
  if (bill.isLoading || payout.isLoading) return <Loader />;
  if (bill.error || !bill.data)
    return <Alert color="red">{messageText(bill.error?.message ?? t('billReview.billNotFound'))}</Alert>;
  const p = payout.data;
  const open = !!p?.scheduleId && ['pending', 'scheduled'].includes(p.status);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button
            variant="subtle"
            px={0}
            onClick={() => void navigate(paths.payouts.list.href({ list: 'bills' }))}
          >
            {t('billReview.bills')}
          </Button>
        }
        title={
          p
            ? t('billReview.scheduledBill', { amount: formatMoney(p.amountMinor, p.currency) })
            : t('billReview.scheduledBill2')
        }
        badges={p && <StatusBadge status={p.status} />}
        description={
          p?.scheduledDate ? t('billReview.paysOn', { date: formatDate(p.scheduledDate) }) : undefined
        }
        actions={
          p && (
            <>
              <Button
                variant="secondary"
                onClick={() => void navigate(paths.payouts.detail.href({ ref: p.id }))}
              >
                {t('billReview.openThePayout')}
              </Button>
              <ApprovalActions
                item={p.approvalWorkflowPendingApprovalItem}
                onDone={() => void refreshPayouts()}
              />
            </>
          )
        }
      />
      {!p?.scheduledDate && <Alert>{t('billReview.thisBillIsNotScheduled')}</Alert>}
      {p && <PayoutFields p={p} />}
      {open && (canPut || canDelete) && (
        <ScheduleCard canPut={canPut} canDelete={canDelete} actions={actions} />
      )}
      <Title order={5}>{t('billReview.theBill')}</Title>
      <BillFields b={bill.data} />
    </Stack>
  );
}
