// Pay someone, review (000 §4.3): the summary, re-quoted on Continue; a short balance goes to step 9.
import { Alert, Button, Card, Group } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useDraft } from '../../../lib/drafts';
import { useApiMutation } from '../../../lib/query';
import { NoApproverNotice } from '../../approvals';
import { PAY_SOMEONE_DRAFT, paySomeoneApi, type PaySomeoneDraft } from './api';
import { Frame, Summary, useGuard, useNav } from './shared';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function ReviewScreen() {
  const { t } = useTranslation('payouts');
  const path = paths.paySomeoneFlow.review.href();
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const navigate = useNavigate();
  const ok = useGuard(!!draft?.recipient && draft.wirePurpose !== undefined);
  const requote = useApiMutation({
    silentSuccess: true,
    silentError: true,
    mutationFn: () => {
      const a = draft!.amountAndSource!;
      return paySomeoneApi.quote(a.walletId, a.amount, a.currency);
    },
    onSuccess: (res) => {
      setDraft({
        ...draft!,
        amountAndSource: {
          ...draft!.amountAndSource!,
          quote: res.data,
          isPaymentRequired: res.data.isPaymentRequired,
        },
      });
      void navigate(
        res.data.isPaymentRequired
          ? paths.paySomeoneFlow.addFunds.href()
          : paths.paySomeoneFlow.confirm.href(),
      );
    },
  });
  if (!ok || !draft) return null;
  return (
    <Frame path={path} title={t('reviewScreen.reviewThePayment')}>
      <Card>
        <Summary draft={draft} />
      </Card>
      <NoApproverNotice
        type="payout"
        amount={draft.amountAndSource?.currency === 'NGN' ? draft.amountAndSource.amount : undefined}
      />
      {requote.error && (
        <Alert color="red">
          {messageText(Object.values(requote.error.errors ?? {}).flat()[0] ?? requote.error.message)}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="secondary" onClick={nav.back}>
          {t('reviewScreen.back')}
        </Button>
        <Button loading={requote.isPending} onClick={() => requote.mutate()}>
          {t('reviewScreen.continue')}
        </Button>
      </Group>
    </Frame>
  );
}
