// /payouts/review/:ref (001 §2 Payouts; full screen, closing to /payouts): an approver's review of
// one payout: what is paid to whom, from which wallet, the fee and total, and the approval trail,
// with the shared approve and reject actions.
import { Alert, Card, CloseButton, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ApprovalActions, TrailList } from '../../approvals';
import { refreshPayouts, usePayout } from '../api';
import { PayoutFields } from '../components/payout-detail-fields';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function PayoutReviewScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const q = usePayout(ref);
  const close = () => void navigate(paths.payouts.root.href());
  const p = q.data;
  const item = p?.approvalWorkflowPendingApprovalItem;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader
          mb={0}
          title={
            p
              ? t('payoutReview.reviewPayout', { amount: formatMoney(p.amountMinor, p.currency) })
              : t('payoutReview.reviewPayout2')
          }
          badges={p && <StatusBadge status={p.status} />}
          description={
            p &&
            t('payoutReview.by', {
              reference: p.reference,
              date: formatDateTime(p.createdAt),
              name: p.maker.name,
            })
          }
          actions={<CloseButton aria-label={t('payoutReview.close')} onClick={close} />}
        />
        {q.isLoading ? (
          <Loader />
        ) : q.error || !p ? (
          <Alert color="red">{messageText(q.error?.message ?? t('payoutReview.payoutNotFound'))}</Alert>
        ) : (
          <>
            {p.failureReason && <Alert color="red">{p.failureReason}</Alert>}
            <Text>
              <Trans
                t={t}
                i18nKey="payoutReview.pay"
                values={{ name: p.payee.name, amount: formatMoney(p.amountMinor + p.feeMinor, p.currency) }}
                shouldUnescape
                components={{ b: <b /> }}
              />
            </Text>
            <PayoutFields p={p} />
            {item ? (
              <Card>
                <Title order={5} mb="sm">
                  {t('payoutReview.approvalHistory')}
                </Title>
                <TrailList item={item} />
              </Card>
            ) : (
              <Alert>{t('payoutReview.thisPayoutNeedsNoApproval')}</Alert>
            )}
            <ApprovalActions item={item ?? null} onDone={() => void refreshPayouts()} />
          </>
        )}
      </Stack>
    </Container>
  );
}
