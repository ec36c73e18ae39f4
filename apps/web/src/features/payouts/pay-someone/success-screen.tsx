// Pay someone, success (000 §4.3): the payment sent for approval, and a way to pay someone else.
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { PAY_SOMEONE_DRAFT, type PaySomeoneDraft } from './api';
import { BASE, Frame, useGuard } from './shared';
import { paths } from '../../../lib/paths';

export function SuccessScreen() {
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const ok = useGuard(!!draft?.done);
  const navigate = useNavigate();
  if (!ok || !draft?.done) return null;
  const p = draft.done;
  return (
    <Frame path={paths.paySomeoneFlow.success.href()} title="Payment sent for approval">
      <Card>
        <Stack align="center" gap="xs" data-testid="pay-someone-success">
          <Text size="xl" fw={700}>
            {formatMoney(p.recipientAmountMinor ?? p.amountMinor, p.recipientCurrency ?? p.currency)}
          </Text>
          <Text size="sm">to {p.payee.name}</Text>
          <Text size="sm" c="dimmed">
            Reference {p.reference} ·{' '}
            {p.scheduledDate ? `to be paid on ${formatDate(p.scheduledDate)}` : 'paid once approved'}
          </Text>
        </Stack>
      </Card>
      <Group justify="center">
        <Anchor component={Link} to={paths.payouts.detail.href({ ref: p.id })}>
          View payment
        </Anchor>
        <Button
          onClick={() => {
            setDraft(undefined);
            void navigate(BASE);
          }}
        >
          Pay someone else
        </Button>
      </Group>
    </Frame>
  );
}
