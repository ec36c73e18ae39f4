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
import { requestPurposeLabel, requestStatusLabel } from './status';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** /request/:ref: the request, the shared approval actions and trail, and the approver's four choices. */
export function RequestScreen() {
  const { t } = useTranslation('requests', { keyPrefix: 'requestScreen' });
  const { ref } = useParams();
  const q = useFundRequest(ref);
  const [choice, setChoice] = useState<RequestDecision | null>(null);
  const canPay = useCan('approvalWorkflows', 'post');
  const pay = useApiMutation({
    mutationFn: () => requestApi.pay(ref!),
    onSuccess: () => void refreshRequests(),
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('requestNotFound'))}</Alert>;
  const r = q.data;
  const item = r.approvalWorkflowPendingApprovalItem;
  const canApprove = !!item?.canApprove;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={<>{t('request', { reference: r.reference })}</>}
        description={<>{t('requestedByOn', { name: r.maker.name, dateTime: formatDateTime(r.createdAt) })}</>}
        actions={<StatusBadge status={r.status} label={requestStatusLabel(r.status)} />}
      />
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DetailField label={t('amount')} value={formatMoney(r.amountMinor, r.currency)} />
          <DetailField label={t('purpose')} value={requestPurposeLabel(r.purpose)} />
          <DetailField label={t('narration')} value={r.narration} />
          <DetailField
            label={t('payee')}
            value={`${r.payee.name}${r.payeeKind === 'self' ? ' (self)' : ''}`}
          />
          <DetailField label={t('bank')} value={r.payee.bankName} />
          <DetailField label={t('account')} value={`${r.payee.accountNumber} · ${r.payee.accountName}`} />
          {r.scheduledDate && <DetailField label={t('scheduledFor')} value={formatDate(r.scheduledDate)} />}
        </SimpleGrid>
      </Card>
      <Card>
        <Stack gap="sm">
          <Title order={5}>{t('approval')}</Title>
          {r.status === 'moreInfo' && <Alert color="orange">{t('theApproverAskedForMore')}</Alert>}
          {canApprove && (
            <Group gap="sm">
              <Button onClick={() => setChoice('pay')}>{t('approveAndPay')}</Button>
              <Button variant="secondary" onClick={() => setChoice('approve')}>
                {t('approveOnly')}
              </Button>
              <Button variant="secondary" onClick={() => setChoice('schedule')}>
                {t('approveAndSchedule')}
              </Button>
              <Button variant="secondary" onClick={() => setChoice('moreInfo')}>
                {t('requestMoreInfo')}
              </Button>
            </Group>
          )}
          {r.status === 'approved' && canPay && (
            <Group>
              <Button loading={pay.isPending} onClick={() => pay.mutate()}>
                {t('payNow')}
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
  const { t } = useTranslation('requests');
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
    <Modal opened onClose={props.onClose} title={t(`requestScreen.decisions.${props.choice}`)} centered>
      <Stack>
        {props.choice === 'schedule' && (
          <DateField
            label={t('requestScreen.payOn')}
            value={date}
            onChange={setDate}
            error={errors?.scheduledDate?.[0]}
          />
        )}
        <Textarea
          label={
            props.choice === 'moreInfo' ? t('requestScreen.whatDoYouNeedTo') : t('requestScreen.comment')
          }
          autosize
          minRows={3}
          maxLength={1000}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
          error={errors?.comments?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('requestScreen.cancel')}
          </Button>
          <Button loading={m.isPending} onClick={() => m.mutate()}>
            {t(`requestScreen.decisions.${props.choice}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
