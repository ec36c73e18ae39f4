// Pay someone, scheduling (000 §4.3): pay on a date (tomorrow or later), or once approved.
import { Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { useDraft } from '../../../lib/drafts';
import { PAY_SOMEONE_DRAFT, type PaySomeoneDraft } from './api';
import { Frame, useGuard, useNav } from './shared';
import { paths } from '../../../lib/paths';

export function SchedulingScreen() {
  const path = paths.paySomeoneFlow.scheduling.href();
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const ok = useGuard(!!draft?.recipient);
  const [date, setDate] = useState(draft?.scheduling?.scheduledDate ?? '');
  if (!ok) return null;
  return (
    <Frame path={path} title="When should it be paid?">
      <Card>
        <Stack>
          <DateField
            label="Pay on (optional)"
            description="Tomorrow or later; leave empty to pay as soon as it is approved"
            value={date}
            onChange={setDate}
          />
          <Group justify="space-between">
            <Button variant="secondary" onClick={nav.back}>
              Back
            </Button>
            <Button
              onClick={() => {
                setDraft({ ...draft!, scheduling: { scheduledDate: date } });
                nav.next();
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
