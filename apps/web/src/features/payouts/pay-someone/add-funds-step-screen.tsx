// Pay someone, step 9 (000 §4.3): the balance is short; add funds, then the balance is checked again.
import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDraft } from '../../../lib/drafts';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { PAY_SOMEONE_DRAFT, paySomeoneApi, type PaySomeoneDraft } from './api';
import { Frame, useGuard } from './shared';
import { paths } from '../../../lib/paths';
import { Trans, useTranslation } from 'react-i18next';

export function AddFundsStepScreen() {
  const { t } = useTranslation('payouts');
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const navigate = useNavigate();
  const ok = useGuard(!!draft?.amountAndSource && !!draft.recipient);
  const check = useApiMutation({
    silentSuccess: true,
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
      if (!res.data.isPaymentRequired) void navigate(paths.paySomeoneFlow.confirm.href());
    },
  });
  // Back from the funding flow: check the balance again at once.
  const checked = useRef(false);
  useEffect(() => {
    if (ok && !checked.current) {
      checked.current = true;
      check.mutate();
    }
  }, [ok, check]);
  if (!ok || !draft) return null;
  const a = draft.amountAndSource!;
  const q = a.quote;
  const short = Math.max(0, q.totalMinor - q.availableBalanceMinor);
  return (
    <Frame path={paths.paySomeoneFlow.addFunds.href()} title={t('addFundsStepScreen.addFundsToContinue')}>
      <Card>
        <Stack>
          <Alert
            color="yellow"
            title={t('addFundsStepScreen.yourBalanceIsShort')}
            data-testid="short-balance"
          >
            <Trans
              t={t}
              i18nKey="addFundsStepScreen.thisPaymentNeeds"
              values={{
                amount: formatMoney(q.totalMinor, a.walletCurrency),
                amount2: formatMoney(q.availableBalanceMinor, a.walletCurrency),
                short: formatMoney(short, a.walletCurrency),
              }}
              components={{ b: <b /> }}
            />
          </Alert>
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.paySomeoneFlow.review.href())}>
              {t('addFundsStepScreen.back')}
            </Button>
            <Group>
              <Button variant="secondary" loading={check.isPending} onClick={() => check.mutate()}>
                {t('addFundsStepScreen.iHaveAddedFunds')}
              </Button>
              <Button
                component={Link}
                to={paths.wallet.addFunds.href({
                  wallet: a.walletId,
                  returnTo: paths.paySomeoneFlow.addFunds.href(),
                })}
              >
                {t('addFundsStepScreen.addFunds')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
