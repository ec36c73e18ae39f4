// Pay someone, scheduling (000 §4.3): pay on a date (tomorrow or later), or once approved.
import { Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { useDraft } from '../../../lib/drafts';
import { PAY_SOMEONE_DRAFT, type PaySomeoneDraft } from './api';
import { Frame, useGuard, useNav } from './shared';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

export function SchedulingScreen() {
  const { t } = useTranslation('payouts');
  const path = paths.paySomeoneFlow.scheduling.href();
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const ok = useGuard(!!draft?.recipient);
  const [date, setDate] = useState(draft?.scheduling?.scheduledDate ?? '');
  if (!ok) return null;
  return (
    <Frame path={path} title={t('schedulingScreen.whenShouldItBePaid')}>
      <Card>
        <Stack>
          <DateField
            label={t('schedulingScreen.payOnOptional')}
            description={t('schedulingScreen.tomorrowOrLaterLeaveEmpty')}
            value={date}
            onChange={setDate}
          />
          <Group justify="space-between">
            <Button variant="secondary" onClick={nav.back}>
              {t('schedulingScreen.back')}
            </Button>
            <Button
              onClick={() => {
                setDraft({ ...draft!, scheduling: { scheduledDate: date } });
                nav.next();
              }}
            >
              {t('schedulingScreen.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
