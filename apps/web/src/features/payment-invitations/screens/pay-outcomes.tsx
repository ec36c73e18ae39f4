// The payment invitation's end screens: a link that cannot be paid, a paid invitation, a payment made.
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_INVITATION_MSG, type PublicPaymentInvitation } from '@owo/contract/payment-invitations';
import { isApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';

export function LinkProblem(props: { error: unknown }) {
  const e = isApiError(props.error) ? props.error : null;
  const s = e?.httpStatus ?? 0;
  const cancelled = s === 410 && e?.message === PAYMENT_INVITATION_MSG.cancelledLink;
  const [title, text] =
    s === 410
      ? [cancelled ? 'Invitation cancelled' : 'Link expired', e?.message ?? PAYMENT_INVITATION_MSG.expired]
      : s === 429
        ? ['Too many attempts', 'Please try again in a little while.']
        : ['Link not valid', PAYMENT_INVITATION_MSG.unknown];
  return (
    <Alert color={s === 410 || s === 429 ? 'yellow' : 'red'} title={title} data-testid="link-problem">
      {text}
    </Alert>
  );
}

export function Done(props: { inv: PublicPaymentInvitation }) {
  const paid = props.inv.status === 'paid';
  return (
    <Card>
      <Stack>
        <Title order={3}>{paid ? 'Payment received' : 'Payment confirmed'}</Title>
        <Text>
          {paid
            ? `${props.inv.companyName} has received your payment of ${formatMoney(props.inv.amountMinor, props.inv.currency)}.`
            : `You told ${props.inv.companyName} that you sent ${formatMoney(props.inv.amountMinor, props.inv.currency)}. It is marked paid when the money arrives.`}
        </Text>
      </Stack>
    </Card>
  );
}

export function Success(props: { inv: PublicPaymentInvitation }) {
  return (
    <Card data-testid="payment-invitation-success">
      <Stack>
        <Title order={3}>Thank you</Title>
        <Text>{PAYMENT_INVITATION_MSG.confirmed}.</Text>
        <Text size="sm" c="dimmed">
          {props.inv.companyName} sees your payment as soon as it arrives. You can close this page.
        </Text>
      </Stack>
    </Card>
  );
}
