// /payouts/direct/assets-selection (001 §2, Payout Asset Selection): an asset payout's second step,
// after the vendor and before the payment details: the assets (with their inventory) it pays for.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAYOUT_MSG } from '@owo/contract/payouts';
import { PageHeader } from '../../../components/page-header';
import { useDraft } from '../../../lib/drafts';
import { paths } from '../../../lib/paths';
import { PAYOUT_DRAFT, type PayoutDraft } from '../api';
import { AssetSelection } from '../components/payout-fields';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function AssetsSelectionScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const [draft, setDraft] = useDraft<PayoutDraft>(PAYOUT_DRAFT);
  const [assets, setAssets] = useState<string[]>(draft?.assets ?? []);
  const [error, setError] = useState('');
  const ready = draft?.payoutOption === 'asset' && !!draft.payeeId;
  useEffect(() => {
    if (!ready) void navigate(paths.payouts.direct.href(), { replace: true });
  }, [ready, navigate]);
  if (!ready) return null;
  const onContinue = () => {
    if (!assets.length) return setError(messageText(PAYOUT_MSG.assetsRequired));
    setDraft({ ...draft, assets });
    void navigate(paths.payouts.paymentDetails.href());
  };
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        mb={0}
        title={t('assetsSelectionScreen.payoutAssetSelection')}
        description={t('assetsSelectionScreen.step1Of3Vendor')}
      />
      <Card>
        <Stack>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="assetsSelectionScreen.paying"
              values={{ name: draft.payeeName }}
              shouldUnescape
              components={{ b: <b /> }}
            />
          </Text>
          <AssetSelection
            value={assets}
            onChange={(ids) => {
              setAssets(ids);
              setError('');
            }}
            error={error}
          />
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.payouts.direct.href())}>
              {t('assetsSelectionScreen.back')}
            </Button>
            <Button onClick={onContinue}>{t('assetsSelectionScreen.continue')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
