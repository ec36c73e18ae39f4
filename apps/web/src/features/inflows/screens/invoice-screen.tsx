// /inflows/invoices/:id (002 §2 Invoice detail): totals and status, the approval actions and trail
// (the shared approvals modals), products, installments, settlement splits, overage and the
// transaction attempts; share payment link, send reminder, cancel and retry failed settlements.
import { Alert, Button, Card, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { InvoiceDetail } from '@owo/contract/inflows';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { toastSuccess } from '../../../lib/toast';
import { useCan } from '../../../lib/session';
import { ApprovalActions, TrailList } from '../../approvals';
import { InvoiceCommissions } from '../../commissions';
import { ConfirmModal } from '../../../components/confirm-modal';
import { inflowApi, refreshInflows, useInvoice, useInvoiceTransactions } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { inflowStatusLabel } from '../components';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import {
  AttemptsSection,
  InstallmentsSection,
  InvoiceSummary,
  OverageSection,
  ProductsSection,
  RefundModal,
  SettlementsSection,
} from './invoice-sections';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { messageText } from '../../../lib/messages';

type Mutations = ReturnType<typeof useInvoiceMutations>;

/** Retry failed settlements, cancel, send a reminder, mark delivered: each toasts the server's message. */
function useInvoiceMutations(
  id: string | undefined,
  setCancelling: (v: boolean) => void,
  setDelivering: (v: boolean) => void,
) {
  const retry = useApiMutation({
    mutationFn: () => inflowApi.retrySettlements(id!),
    onSuccess: () => void refreshInflows(),
  });
  // Both toast the server's message (useApiMutation); a cancel also refreshes the invoice.
  const cancel = useApiMutation({
    mutationFn: () => inflowApi.cancelInvoice(id!),
    onSuccess: () => {
      setCancelling(false);
      void refreshInflows();
    },
  });
  const remind = useApiMutation({ mutationFn: () => inflowApi.sendReminder(id!) });
  const deliver = useApiMutation({
    mutationFn: () => inflowApi.markDelivered(id!),
    onSuccess: () => {
      setDelivering(false);
      void refreshInflows();
    },
  });
  return { retry, cancel, remind, deliver };
}

/** Which of the invoice's actions its state allows. */
function invoiceRules(inv: InvoiceDetail) {
  // The API's 409 rule for reminders, shares and cancellation: approved and not (fully) paid.
  const payable =
    inv.approvalStatus === 'approved' && !['fullyPaid', 'completed', 'cancelled'].includes(inv.status);
  const cancellable = payable && inv.amountPaidMinor < inv.amountMinor;
  // 002 §4: Retry Failed Settlements when (a) the invoice is fullyPaid without allocations or (b) it
  // has allocations and is neither draft nor pending; in both cases a settlement is pending or failed.
  const allocated = inv.partners.length > 0 || inv.invoiceSettlements.length > 0;
  const settling =
    inv.invoiceSettlements.some((s) => s.status === 'pending' || s.status === 'failed') &&
    ((inv.status === 'fullyPaid' && !allocated) || (allocated && !['draft', 'pending'].includes(inv.status)));
  return { payable, cancellable, settling };
}

/** Share the pay link (the device's share sheet, else copied). */
async function shareLink(inv: InvoiceDetail) {
  if (!inv.payLink) return;
  if (navigator.share)
    await navigator
      .share({
        title: i18n.t('inflows:invoiceScreen.invoice', { reference: inv.reference }),
        url: inv.payLink,
      })
      .catch(() => undefined);
  else {
    await navigator.clipboard?.writeText(inv.payLink).catch(() => undefined);
    toastSuccess(i18n.t('inflows:invoiceScreen.paymentLinkCopied'));
  }
}

/** The header's actions besides approval: edit, PDF, reminder, share, cancel, delivery, retry. */
function InvoiceActionButtons(props: {
  inv: InvoiceDetail;
  m: Mutations;
  canPost: boolean;
  canPut: boolean;
  canDeliver: boolean;
  onCancel: () => void;
  onDeliver: () => void;
}) {
  const { t } = useTranslation('inflows');
  const { inv, m } = props;
  const navigate = useNavigate();
  const r = invoiceRules(inv);
  // 002 §4: the delivery prompt shows to a role that may update delivery, on an approved,
  // non-draft invoice whose delivery is still pending.
  const deliverable =
    props.canDeliver &&
    inv.status !== 'draft' &&
    inv.approvalStatus === 'approved' &&
    inv.deliveryStatus === 'pending';
  return (
    <>
      {props.canPost && inv.approvalStatus === 'rejected' && (
        <Button
          variant="secondary"
          onClick={() => navigate(paths.inflows.editInvoice.href({ invoiceId: inv.id }))}
        >
          {t('invoiceScreen.editInvoice')}
        </Button>
      )}
      {inv.status !== 'draft' && (
        <Button
          variant="secondary"
          component="a"
          href={`/api/inflows/invoice/${inv.id}/pdf`}
          target="_blank"
          rel="noopener"
        >
          {t('invoiceScreen.downloadPdf')}
        </Button>
      )}
      {props.canPost && r.payable && inv.collectionAccount && (
        <Button variant="secondary" loading={m.remind.isPending} onClick={() => m.remind.mutate()}>
          {t('invoiceScreen.sendReminder')}
        </Button>
      )}
      {r.payable && inv.payLink && (
        <Button variant="secondary" onClick={() => void shareLink(inv)}>
          {t('invoiceScreen.sharePaymentLink')}
        </Button>
      )}
      {props.canPut && r.cancellable && (
        <Button variant="danger" onClick={() => props.onCancel()}>
          {t('invoiceScreen.cancelInvoice')}
        </Button>
      )}
      {deliverable && (
        <Button variant="secondary" onClick={() => props.onDeliver()}>
          {t('invoiceScreen.confirmDelivery')}
        </Button>
      )}
      {props.canPost && r.settling && (
        <Button loading={m.retry.isPending} onClick={() => m.retry.mutate()}>
          {t('invoiceScreen.retryFailedSettlements')}
        </Button>
      )}
    </>
  );
}

/** The cancel and delivery confirmations. */
function InvoiceConfirmModals(props: {
  inv: InvoiceDetail;
  m: Mutations;
  cancelling: boolean;
  delivering: boolean;
  setCancelling: (v: boolean) => void;
  setDelivering: (v: boolean) => void;
}) {
  const { t } = useTranslation('inflows');
  const { inv, m, cancelling, delivering, setCancelling, setDelivering } = props;
  return (
    <>
      <ConfirmModal
        opened={cancelling}
        title={t('invoiceScreen.cancelInvoice')}
        text={t('invoiceScreen.cancelInvoiceUnpaidInstallmentsAre', { reference: inv.reference })}
        confirm={t('invoiceScreen.cancelInvoice')}
        loading={m.cancel.isPending}
        onConfirm={() => m.cancel.mutate()}
        onClose={() => setCancelling(false)}
      />
      <ConfirmModal
        opened={delivering}
        title={t('invoiceScreen.confirmDelivery')}
        text={t('invoiceScreen.confirmThatTheGoodsOr', { reference: inv.reference, name: inv.customer.name })}
        confirm={t('invoiceScreen.confirmDelivery')}
        loading={m.deliver.isPending}
        onConfirm={() => m.deliver.mutate()}
        onClose={() => setDelivering(false)}
      />
    </>
  );
}

/** The invoice's header: back, amount, status badges, reference and the actions given. */
function InvoiceHeader({ inv, actions }: { inv: InvoiceDetail; actions: React.ReactNode }) {
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  return (
    <PageHeader
      mb={0}
      above={
        <Button variant="subtle" px={0} onClick={() => navigate(paths.inflows.invoices.href())}>
          {t('invoiceScreen.back')}
        </Button>
      }
      title={formatMoney(inv.amountMinor)}
      badges={
        <>
          <StatusBadge status={inv.status} label={inflowStatusLabel(inv.status)} />
          {inv.deliveryStatus === 'delivered' && (
            <StatusBadge status="delivered" label={inflowStatusLabel('delivered')} />
          )}
        </>
      }
      description={
        <>
          {t('invoiceScreen.requestedBy', {
            reference: inv.reference,
            dateTime: formatDateTime(inv.createdAt),
            createdBy: inv.createdBy,
          })}
        </>
      }
      actions={actions}
    />
  );
}

/** /inflows/invoices/:id */
export function InvoiceScreen() {
  const { t } = useTranslation('inflows');
  const { id } = useParams();
  const q = useInvoice(id);
  const canPost = useCan('inflows', 'post');
  const canPut = useCan('inflows', 'put');
  const canRefund = useCan('invoiceRefunds', 'post');
  const canDeliver = useCan('invoiceDelivery', 'patch');
  const [cancelling, setCancelling] = useState(false);
  const [delivering, setDelivering] = useState(false);
  const [refunding, setRefunding] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const txs = useInvoiceTransactions(id ?? '', { page, limit: 20 });
  const m = useInvoiceMutations(id, setCancelling, setDelivering);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('invoiceScreen.invoiceNotFound'))}</Alert>;
  const inv = q.data;
  return (
    <Stack gap="lg">
      <InvoiceHeader
        inv={inv}
        actions={
          <ApprovalActions
            item={inv.approvalWorkflowPendingApprovalItem}
            onDone={() => void refreshInflows()}
            extra={
              <InvoiceActionButtons
                inv={inv}
                m={m}
                canPost={canPost}
                canPut={canPut}
                canDeliver={canDeliver}
                onCancel={() => setCancelling(true)}
                onDeliver={() => setDelivering(true)}
              />
            }
          />
        }
      />
      <InvoiceSummary inv={inv} />
      <ProductsSection inv={inv} />
      <InstallmentsSection inv={inv} />
      <SettlementsSection inv={inv} />
      {inv.invoiceCollectionRefunds.length > 0 && (
        <OverageSection inv={inv} canRefund={canRefund} onRefund={setRefunding} />
      )}
      <AttemptsSection txs={txs} page={page} setPage={setPage} />
      <InvoiceCommissions invoiceId={inv.id} />
      <RefundModal invoiceId={inv.id} refundId={refunding} onClose={() => setRefunding(null)} />
      <InvoiceConfirmModals
        inv={inv}
        m={m}
        cancelling={cancelling}
        delivering={delivering}
        setCancelling={setCancelling}
        setDelivering={setDelivering}
      />
      {inv.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Title order={5} mb="sm">
            {t('invoiceScreen.approvalHistory')}
          </Title>
          <TrailList item={inv.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
    </Stack>
  );
}
