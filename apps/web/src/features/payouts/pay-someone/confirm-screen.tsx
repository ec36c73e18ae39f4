// Pay someone, step 10 (000 §4.3): confirm transfer; one payout through POST /api/pay-someone with the
// draft's Idempotency-Key (the server enforces every rule again); it goes to approval.
import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { PAYOUT_MSG } from '@owo/contract/payouts';
import { useDraft } from '../../../lib/drafts';
import { useApiMutation } from '../../../lib/query';
import { refreshPayouts } from '../api';
import { PAY_SOMEONE_DRAFT, paySomeoneApi, type PaySomeoneDraft } from './api';
import { Frame, Summary, useGuard } from './shared';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function ConfirmScreen() {
  const { t } = useTranslation('payouts');
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const navigate = useNavigate();
  const ok = useGuard(!!draft?.amountAndSource && !!draft.recipient);
  const submit = useApiMutation({
    silentError: true,
    mutationFn: () => paySomeoneApi.create(draft!),
    onSuccess: (res) => {
      void refreshPayouts();
      setDraft({ ...draft!, done: res.data });
      void navigate(paths.paySomeoneFlow.success.href());
    },
    onError: (err) => {
      if (err.errors?.amount?.[0] === PAYOUT_MSG.insufficientFunds)
        void navigate(paths.paySomeoneFlow.addFunds.href());
    },
  });
  if (!ok || !draft) return null;
  return (
    <Frame path={paths.paySomeoneFlow.confirm.href()} title={t('confirmScreen.confirmTransfer')}>
      <Card>
        <Summary draft={draft} />
      </Card>
      {submit.error && (
        <Alert color="red">
          {messageText(Object.values(submit.error.errors ?? {}).flat()[0] ?? submit.error.message)}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {t('confirmScreen.thePaymentGoesToApproval')}
      </Text>
      <Group justify="space-between">
        <Button variant="secondary" onClick={() => navigate(paths.paySomeoneFlow.review.href())}>
          {t('confirmScreen.back')}
        </Button>
        <Button loading={submit.isPending} onClick={() => submit.mutate()}>
          {t('confirmScreen.confirmTransfer')}
        </Button>
      </Group>
    </Frame>
  );
}
