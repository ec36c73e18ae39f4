// Pay someone, wire purpose (000 §4.3): required for USD and GBP, optional for naira payments.
import { Button, Card, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { PAY_SOMEONE_MSG, WIRE_PURPOSES, type WirePurpose } from '@owo/contract/payouts-pay-someone';
import { useDraft } from '../../../lib/drafts';
import { PAY_SOMEONE_DRAFT, type PaySomeoneDraft } from './api';
import { Frame, useGuard, useNav } from './shared';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function WirePurposeScreen() {
  const { t } = useTranslation('payouts');
  const path = paths.paySomeoneFlow.wirePurpose.href();
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const ok = useGuard(!!draft?.recipient);
  const required = draft?.amountAndSource?.currency !== 'NGN';
  const [purpose, setPurpose] = useState<string | null>(draft?.wirePurpose?.purpose ?? null);
  const [narration, setNarration] = useState(draft?.wirePurpose?.narration ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!ok) return null;
  return (
    <Frame path={path} title={t('wirePurposeScreen.whatIsThisPaymentFor')}>
      <Card>
        <Stack>
          <Text size="sm" c="dimmed">
            {required
              ? t('wirePurposeScreen.banksNeedThePurposeOf')
              : t('wirePurposeScreen.optionalForNairaPaymentsIt')}
          </Text>
          <Select
            label={t('wirePurposeScreen.purpose')}
            required={required}
            clearable={!required}
            data={WIRE_PURPOSES.map((p) => ({ value: p, label: t(`wirePurpose.${p}`) }))}
            value={purpose}
            onChange={setPurpose}
            error={errors.purpose}
          />
          <Textarea
            label={t('wirePurposeScreen.narration')}
            required={required}
            description={t('wirePurposeScreen.whatThePaymentIsFor')}
            maxLength={140}
            value={narration}
            onChange={(e) => setNarration(e.currentTarget.value)}
            error={errors.narration}
          />
          <Group justify="space-between">
            <Button variant="secondary" onClick={nav.back}>
              {t('wirePurposeScreen.back')}
            </Button>
            <Button
              onClick={() => {
                const e: Record<string, string> = {};
                const any = !!purpose || !!narration.trim();
                if (required || any) {
                  if (!purpose) e.purpose = messageText(PAY_SOMEONE_MSG.purposeRequired);
                  if (narration.trim().length < 3)
                    e.narration = messageText(PAY_SOMEONE_MSG.purposeNarrationRequired);
                }
                setErrors(e);
                if (Object.keys(e).length) return;
                setDraft({
                  ...draft!,
                  wirePurpose: any ? { purpose: purpose as WirePurpose, narration: narration.trim() } : null,
                });
                nav.next();
              }}
            >
              {t('wirePurposeScreen.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
