// The payment invitation's end screens: a link that cannot be paid, a paid invitation, a payment made.
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_INVITATION_MSG, type PublicPaymentInvitation } from '@owo/contract/payment-invitations';
import { isApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function LinkProblem(props: { error: unknown }) {
  const { t } = useTranslation('payment-invitations');
  const e = isApiError(props.error) ? props.error : null;
  const s = e?.httpStatus ?? 0;
  const cancelled = s === 410 && e?.message === PAYMENT_INVITATION_MSG.cancelledLink;
  const [title, text] =
    s === 410
      ? [
          cancelled ? t('payOutcomes.invitationCancelled') : t('payOutcomes.linkExpired'),
          messageText(e?.message ?? PAYMENT_INVITATION_MSG.expired),
        ]
      : s === 429
        ? [t('payOutcomes.tooManyAttempts'), t('payOutcomes.tryAgainLater')]
        : [t('payOutcomes.linkNotValid'), messageText(PAYMENT_INVITATION_MSG.unknown)];
  return (
    <Alert color={s === 410 || s === 429 ? 'yellow' : 'red'} title={title} data-testid="link-problem">
      {text}
    </Alert>
  );
}

export function Done(props: { inv: PublicPaymentInvitation }) {
  const { t } = useTranslation('payment-invitations');
  const paid = props.inv.status === 'paid';
  return (
    <Card>
      <Stack>
        <Title order={3}>{paid ? t('payOutcomes.paymentReceived') : t('payOutcomes.paymentConfirmed')}</Title>
        <Text>
          {paid
            ? t('payOutcomes.hasReceivedYourPaymentOf', {
                companyName: props.inv.companyName,
                amount: formatMoney(props.inv.amountMinor, props.inv.currency),
              })
            : t('payOutcomes.youToldThatYouSent', {
                companyName: props.inv.companyName,
                amount: formatMoney(props.inv.amountMinor, props.inv.currency),
              })}
        </Text>
      </Stack>
    </Card>
  );
}

export function Success(props: { inv: PublicPaymentInvitation }) {
  const { t } = useTranslation('payment-invitations');
  return (
    <Card data-testid="payment-invitation-success">
      <Stack>
        <Title order={3}>{t('payOutcomes.thankYou')}</Title>
        <Text>{messageText(PAYMENT_INVITATION_MSG.confirmed)}.</Text>
        <Text size="sm" c="dimmed">
          {t('payOutcomes.seesYourPaymentAsSoon', { companyName: props.inv.companyName })}
        </Text>
      </Stack>
    </Card>
  );
}
