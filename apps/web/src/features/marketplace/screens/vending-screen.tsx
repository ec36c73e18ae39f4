import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ApprovalActions, TrailList } from '../../approvals';
import { marketplaceApi, refreshMarketplace, useVending } from '../api';
import { approvalLabel, vendStatusLabel } from '../components/status';
import { TokenText } from '../components/token';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import type { VendingDetail } from '@owo/contract/marketplace';
import { messageText } from '../../../lib/messages';

/** The purchase's summary and the meter it was for. */
function SummaryCards({ v }: { v: VendingDetail }) {
  const { t } = useTranslation('marketplace');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card>
        <Title order={5} mb="sm">
          {t('detail.summary')}
        </Title>
        <SimpleGrid cols={2}>
          <DetailField label={t('cols.amount')} value={formatMoney(v.amountMinor, v.currency)} />
          <DetailField label={t('buyFlow.serviceCharge')} value={formatMoney(0, v.currency)} />
          <DetailField
            label={t('cols.approval')}
            value={<StatusBadge status={v.approvalStatus} label={approvalLabel(v.approvalStatus)} />}
          />
          <DetailField
            label={t('cols.status')}
            value={<StatusBadge status={v.vendStatus} label={vendStatusLabel(v.vendStatus)} />}
          />
        </SimpleGrid>
      </Card>
      <Card>
        <Title order={5} mb="sm">
          {t('detail.asset')}
        </Title>
        <SimpleGrid cols={2}>
          <DetailField label={t('cols.meter')} value={v.assetIdentifier} />
          <DetailField label={t('cols.label')} value={v.assetLabel} />
          <DetailField label={t('cols.name')} value={v.metadata.name} />
          <DetailField label={t('cols.disco')} value={v.metadata.disco} />
          <DetailField label={t('cols.type')} value={v.metadata.vendType} />
          <DetailField label={t('cols.address')} value={v.metadata.address} />
        </SimpleGrid>
      </Card>
    </SimpleGrid>
  );
}

/** What the vending provider answered: token, units, receipt, debt. */
function ResponseCard({ r }: { r: VendingDetail['response'] }) {
  const { t } = useTranslation('marketplace');
  return (
    <Card>
      <Title order={5} mb="sm">
        {t('detail.response')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label={t('detail.token')} value={<TokenText token={r?.token} />} />
        <DetailField label={t('detail.units')} value={r?.units ? `${r.units} kWh` : null} />
        <DetailField label={t('detail.receiptNo')} value={r?.receiptNo} />
        <DetailField label={t('detail.orderId')} value={r?.orderId} />
        <DetailField
          label={t('detail.debtAmount')}
          value={r?.debtAmountMinor == null ? null : formatMoney(r.debtAmountMinor)}
        />
        <DetailField
          label={t('detail.debtRemaining')}
          value={r?.debtRemainingMinor == null ? null : formatMoney(r.debtRemainingMinor)}
        />
      </SimpleGrid>
    </Card>
  );
}

/** A rejected purchase: change its amount and send it again. */
function UpdateAmountModal(props: {
  id: string;
  opened: boolean;
  onClose: () => void;
  amount: string | number;
  setAmount: (a: string | number) => void;
}) {
  const { t } = useTranslation('marketplace');
  const { amount, setAmount } = props;
  const update = useApiMutation({
    mutationFn: () => marketplaceApi.update(props.id, String(amount)),
    onSuccess: () => {
      props.onClose();
      void refreshMarketplace();
    },
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('detail.updateTitle')}>
      <Stack>
        <NumberInput
          label={t('buyFlow.amount')}
          min={0}
          decimalScale={2}
          value={amount}
          onChange={setAmount}
        />
        <Group justify="flex-end">
          <Button loading={update.isPending} onClick={() => update.mutate()}>
            {t('detail.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /marketplace/vendings/{id}: summary, asset details, approval history and the vending response. */
export function VendingScreen() {
  const { t } = useTranslation('marketplace');
  const { id } = useParams();
  const navigate = useNavigate();
  const q = useVending(id);
  const canPatch = useCan('marketplaceVendings', 'patch');
  const [updating, setUpdating] = useState(false);
  const [amount, setAmount] = useState<string | number>('');
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('vendingScreen.vendingNotFound'))}</Alert>;
  const v = q.data;
  const rejected = v.approvalStatus === 'rejected';
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.marketplace.vendingHistory.href())}>
            ← {t('tabs.vending-history')}
          </Button>
        }
        title={formatMoney(v.amountMinor, v.currency)}
        badges={
          <>
            <StatusBadge status={v.vendStatus} label={vendStatusLabel(v.vendStatus)} />
            <StatusBadge status={v.approvalStatus} label={approvalLabel(v.approvalStatus)} />
          </>
        }
        description={
          <>
            {v.reference} · {formatDateTime(v.createdAt)}
            {v.orderSize > 1 && <> · {t('vendingScreen.oneOfMetersInThisOrder', { count: v.orderSize })}</>}
          </>
        }
        actions={
          <ApprovalActions
            item={v.approvalWorkflowPendingApprovalItem}
            onDone={() => void refreshMarketplace()}
            extra={
              rejected && canPatch ? (
                <Button variant="secondary" onClick={() => (setAmount(v.amount), setUpdating(true))}>
                  {t('detail.update')}
                </Button>
              ) : null
            }
          />
        }
      />
      {v.failureReason && (
        <Alert color="red">{t('vendingScreen.theMoneyIsBackIn', { failureReason: v.failureReason })}</Alert>
      )}
      <SummaryCards v={v} />
      <ResponseCard r={v.response} />
      {v.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Title order={5} mb="sm">
            {t('detail.approvalHistory')}
          </Title>
          <TrailList item={v.approvalWorkflowPendingApprovalItem} />
        </Card>
      )}
      <UpdateAmountModal
        id={id!}
        opened={updating}
        onClose={() => setUpdating(false)}
        amount={amount}
        setAmount={setAmount}
      />
    </Stack>
  );
}
