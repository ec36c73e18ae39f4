// Pay someone, step 2 (000 §4.3; reseller accounts only): on whose behalf the payment is sent.
import { Button, Card, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAY_SOMEONE_MSG } from '@owo/contract/payouts-pay-someone';
import { useDraft } from '../../../lib/drafts';
import { PAY_SOMEONE_DRAFT, type PaySomeoneDraft } from './api';
import { Frame, useGuard, useIsReseller, useNav } from './shared';
import { paths } from '../../../lib/paths';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type SenderForm = { name: string; address: string; country: string; phone: string };

function senderErrors(f: SenderForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.name.trim()) e.name = 'Sender name is required';
  if (!f.address.trim()) e.address = 'Sender address is required';
  if (!/^[A-Za-z]{2}$/.test(f.country.trim())) e.country = messageText(PAY_SOMEONE_MSG.countryInvalid);
  return e;
}

/** The draft's sender details section, as typed (trimmed, country in capitals). */
const senderDetailsOf = (f: SenderForm) => ({
  name: f.name.trim(),
  address: f.address.trim(),
  country: f.country.trim().toUpperCase(),
  phone: f.phone.trim() || undefined,
});

export function SenderDetailsScreen() {
  const { t } = useTranslation('payouts');
  const path = paths.paySomeoneFlow.senderDetails.href();
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const reseller = useIsReseller();
  const ok = useGuard(!!draft?.recipient);
  const s = draft?.senderDetails;
  const [f, setF] = useState<SenderForm>({
    name: s?.name ?? '',
    address: s?.address ?? '',
    country: s?.country ?? 'NG',
    phone: s?.phone ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  useEffect(() => {
    if (ok && !reseller) void navigate(paths.paySomeoneFlow.wirePurpose.href(), { replace: true });
  }, [ok, reseller, navigate]);
  if (!ok) return null;
  return (
    <Frame path={path} title={t('senderDetailsScreen.onWhoseBehalfAreYou')}>
      <Card>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('senderDetailsScreen.asAResellerTellUs')}
          </Text>
          <TextInput
            label={t('senderDetailsScreen.senderName')}
            required
            value={f.name}
            onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
            error={errors.name}
          />
          <Textarea
            label={t('senderDetailsScreen.senderAddress')}
            required
            value={f.address}
            onChange={(e) => setF({ ...f, address: e.currentTarget.value })}
            error={errors.address}
          />
          <FormGrid>
            <TextInput
              label={t('senderDetailsScreen.country2Letters')}
              maxLength={2}
              value={f.country}
              onChange={(e) => setF({ ...f, country: e.currentTarget.value })}
              error={errors.country}
            />
            <TextInput
              label={t('senderDetailsScreen.phoneOptional')}
              value={f.phone}
              onChange={(e) => setF({ ...f, phone: e.currentTarget.value })}
            />
          </FormGrid>
          <Group justify="space-between">
            <Button variant="secondary" onClick={nav.back}>
              {t('senderDetailsScreen.back')}
            </Button>
            <Button
              onClick={() => {
                const e = senderErrors(f);
                setErrors(e);
                if (Object.keys(e).length) return;
                setDraft({
                  ...draft!,
                  senderDetails: senderDetailsOf(f),
                });
                nav.next();
              }}
            >
              {t('senderDetailsScreen.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
