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

export function PayoutReviewScreen() {
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
          title={p ? `Review payout · ${formatMoney(p.amountMinor, p.currency)}` : 'Review payout'}
          badges={p && <StatusBadge status={p.status} />}
          description={p && `${p.reference} · ${formatDateTime(p.createdAt)} · by ${p.maker.name}`}
          actions={<CloseButton aria-label="Close" onClick={close} />}
        />
        {q.isLoading ? (
          <Loader />
        ) : q.error || !p ? (
          <Alert color="red">{q.error?.message ?? 'Payout not found'}</Alert>
        ) : (
          <>
            {p.failureReason && <Alert color="red">{p.failureReason}</Alert>}
            <Text>
              Pay <b>{p.payee.name}</b> {formatMoney(p.amountMinor + p.feeMinor, p.currency)} including the
              fee
            </Text>
            <PayoutFields p={p} />
            {item ? (
              <Card>
                <Title order={5} mb="sm">
                  Approval history
                </Title>
                <TrailList item={item} />
              </Card>
            ) : (
              <Alert>This payout needs no approval.</Alert>
            )}
            <ApprovalActions item={item ?? null} onDone={() => void refreshPayouts()} />
          </>
        )}
      </Stack>
    </Container>
  );
}
