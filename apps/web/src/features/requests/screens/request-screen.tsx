import { Alert, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { RequestDecision } from '@owo/contract/requests';
import { DetailField } from '../../../components/detail-field';
import { DateField } from '../../../components/date-field';
import { ApiError } from '../../../lib/api';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ApprovalActions } from '../../approvals';
import { refreshRequests, requestApi, useFundRequest } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { PURPOSE_LABELS, STATUS_LABELS } from './status';
import { PageHeader } from '../../../components/page-header';

const TITLES: Record<RequestDecision, string> = {
  pay: 'Approve and pay',
  approve: 'Approve only',
  schedule: 'Approve and schedule',
  moreInfo: 'Request more info',
};

/** /request/:ref: the request, the shared approval actions and trail, and the approver's four choices. */
export function RequestScreen() {
  const { ref } = useParams();
  const q = useFundRequest(ref);
  const [choice, setChoice] = useState<RequestDecision | null>(null);
  const canPay = useCan('approvalWorkflows', 'post');
  const pay = useApiMutation({
    mutationFn: () => requestApi.pay(ref!),
    onSuccess: () => void refreshRequests(),
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Request not found'}</Alert>;
  const r = q.data;
  const item = r.approvalWorkflowPendingApprovalItem;
  const canApprove = !!item?.canApprove;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={<>Request {r.reference}</>}
        description={
          <>
            Requested by {r.maker.name} on {formatDateTime(r.createdAt)}
          </>
        }
        actions={<StatusBadge status={r.status} label={STATUS_LABELS[r.status]} />}
      />
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DetailField label="Amount" value={formatMoney(r.amountMinor, r.currency)} />
          <DetailField label="Purpose" value={PURPOSE_LABELS[r.purpose]} />
          <DetailField label="Narration" value={r.narration} />
          <DetailField label="Payee" value={`${r.payee.name}${r.payeeKind === 'self' ? ' (self)' : ''}`} />
          <DetailField label="Bank" value={r.payee.bankName} />
          <DetailField label="Account" value={`${r.payee.accountNumber} · ${r.payee.accountName}`} />
          {r.scheduledDate && <DetailField label="Scheduled for" value={formatDate(r.scheduledDate)} />}
        </SimpleGrid>
      </Card>
      <Card>
        <Stack gap="sm">
          <Title order={5}>Approval</Title>
          {r.status === 'moreInfo' && (
            <Alert color="orange">The approver asked for more information. Answer it with Resolve.</Alert>
          )}
          {canApprove && (
            <Group gap="sm">
              <Button onClick={() => setChoice('pay')}>Approve and pay</Button>
              <Button variant="light" onClick={() => setChoice('approve')}>
                Approve only
              </Button>
              <Button variant="light" onClick={() => setChoice('schedule')}>
                Approve and schedule
              </Button>
              <Button variant="light" color="orange" onClick={() => setChoice('moreInfo')}>
                Request more info
              </Button>
            </Group>
          )}
          {r.status === 'approved' && canPay && (
            <Group>
              <Button loading={pay.isPending} onClick={() => pay.mutate()}>
                Pay now
              </Button>
            </Group>
          )}
          {/* The shared actions: Resolve for the maker and the trail (the four choices replace Approve/Reject). */}
          <ApprovalActions
            item={item ? { ...item, canApprove: false } : null}
            onDone={() => void refreshRequests()}
          />
        </Stack>
      </Card>
      {choice && ref && <ChoiceModal refKey={ref} choice={choice} onClose={() => setChoice(null)} />}
    </Stack>
  );
}

function ChoiceModal(props: { refKey: string; choice: RequestDecision; onClose: () => void }) {
  const [comments, setComments] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const m = useApiMutation({
    mutationFn: () =>
      requestApi.decide(props.refKey, {
        decision: props.choice,
        comments,
        ...(props.choice === 'schedule' ? { scheduledDate: date } : {}),
      }),
    onSuccess: () => {
      void refreshRequests();
      props.onClose();
    },
  });
  const errors = (m.error instanceof ApiError ? m.error.errors : undefined) as
    Record<string, string[]> | undefined;
  return (
    <Modal opened onClose={props.onClose} title={TITLES[props.choice]} centered>
      <Stack>
        {props.choice === 'schedule' && (
          <DateField label="Pay on" value={date} onChange={setDate} error={errors?.scheduledDate?.[0]} />
        )}
        <Textarea
          label={props.choice === 'moreInfo' ? 'What do you need to know?' : 'Comment'}
          autosize
          minRows={3}
          maxLength={1000}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          error={errors?.comments?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={m.isPending} onClick={() => m.mutate()}>
            {TITLES[props.choice]}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
