// A payout's schedule and recurrence on screen: move or cancel a scheduled payout, stop a series.
// Used by the payout detail (/payouts/{id}) and the scheduled bill (/bills/scheduled/{ref}).
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { PayoutDetail } from '@owo/contract/payouts';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DateField } from '../../../components/date-field';
import { formatDate } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { payoutApi, refreshPayouts } from '../api';
import { describeRecurrence } from './payout-fields';
import { useTranslation } from 'react-i18next';

/** The detail's schedule and recurrence actions: move or cancel the schedule, stop the series. */
export function usePayoutScheduleActions(payout: PayoutDetail | undefined) {
  const [date, setDate] = useState('');
  const move = useApiMutation({
    mutationFn: () => payoutApi.reschedule(payout!.scheduleId!, date),
    onSuccess: () => void refreshPayouts(),
  });
  const cancel = useApiMutation({
    mutationFn: () => payoutApi.cancelSchedule(payout!.scheduleId!),
    onSuccess: () => void refreshPayouts(),
  });
  const [stopping, setStopping] = useState(false);
  const stop = useApiMutation({
    mutationFn: () => payoutApi.stopRecurrence(payout!.recurrence!.id),
    onSuccess: () => {
      setStopping(false);
      void refreshPayouts();
    },
  });
  return { date, setDate, move, cancel, stopping, setStopping, stop };
}
export type ScheduleActions = ReturnType<typeof usePayoutScheduleActions>;

/** A repeating payout's series: its next date or end, the count made, and stopping it. */
export function RecurrenceCard(props: {
  recurrence: NonNullable<PayoutDetail['recurrence']>;
  canDelete: boolean;
  actions: ScheduleActions;
}) {
  const { t } = useTranslation('payouts');
  const { recurrence: r, actions } = props;
  return (
    <Card>
      <Group justify="space-between" align="center">
        <div>
          <Title order={5}>{describeRecurrence(r)}</Title>
          <Text size="sm" c="dimmed">
            {r.status === 'active'
              ? t('payoutSchedule.nextPayment', { date: formatDate(r.nextDate) })
              : r.status === 'cancelled'
                ? t('payoutSchedule.stopped')
                : t('payoutSchedule.ended')}
            {' · '}
            {t('payoutSchedule.repeatPaymentsMade', { count: r.occurrences })}
          </Text>
        </div>
        {props.canDelete && r.status === 'active' && (
          <Button variant="danger" onClick={() => actions.setStopping(true)}>
            {t('payoutSchedule.stopRepeating')}
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={actions.stopping}
        title={t('payoutSchedule.stopRepeating')}
        text={t('payoutSchedule.noFurtherPaymentsOfThis')}
        confirm="Stop repeating"
        loading={actions.stop.isPending}
        onConfirm={() => actions.stop.mutate()}
        onClose={() => actions.setStopping(false)}
      />
    </Card>
  );
}

/** A scheduled payout still open: move it to a new date, or cancel it. */
export function ScheduleCard(props: { canPut: boolean; canDelete: boolean; actions: ScheduleActions }) {
  const { t } = useTranslation('payouts');
  const { date, setDate, move, cancel } = props.actions;
  return (
    <Card>
      <Title order={5} mb="sm">
        {t('payoutSchedule.schedule')}
      </Title>
      <Group align="flex-end">
        {props.canPut && (
          <>
            <DateField label={t('payoutSchedule.newDate')} value={date} onChange={setDate} />
            <Button
              loading={move.isPending}
              disabled={!/^\d{4}-\d{2}-\d{2}$/.test(date)}
              onClick={() => move.mutate()}
            >
              {t('payoutSchedule.move')}
            </Button>
          </>
        )}
        {props.canDelete && (
          <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('payoutSchedule.cancelScheduledPayout')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
