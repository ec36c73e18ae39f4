// Pay someone, success (000 §4.3): the payment sent for approval, and a way to pay someone else.
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { PAY_SOMEONE_DRAFT, type PaySomeoneDraft } from './api';
import { BASE, Frame, useGuard } from './shared';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

export function SuccessScreen() {
  const { t } = useTranslation('payouts');
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const ok = useGuard(!!draft?.done);
  const navigate = useNavigate();
  if (!ok || !draft?.done) return null;
  const p = draft.done;
  return (
    <Frame path={paths.paySomeoneFlow.success.href()} title={t('successScreen.paymentSentForApproval')}>
      <Card>
        <Stack align="center" gap="xs" data-testid="pay-someone-success">
          <Text size="xl" fw={700}>
            {formatMoney(p.recipientAmountMinor ?? p.amountMinor, p.recipientCurrency ?? p.currency)}
          </Text>
          <Text size="sm">{t('successScreen.to', { name: p.payee.name })}</Text>
          <Text size="sm" c="dimmed">
            {p.scheduledDate
              ? t('successScreen.referenceToBePaidOn', {
                  reference: p.reference,
                  date: formatDate(p.scheduledDate),
                })
              : t('successScreen.referencePaidOnceApproved', { reference: p.reference })}
          </Text>
        </Stack>
      </Card>
      <Group justify="center">
        <Anchor component={Link} to={paths.payouts.detail.href({ ref: p.id })}>
          {t('successScreen.viewPayment')}
        </Anchor>
        <Button
          onClick={() => {
            setDraft(undefined);
            void navigate(BASE);
          }}
        >
          {t('successScreen.paySomeoneElse')}
        </Button>
      </Group>
    </Frame>
  );
}
