import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDraft } from '../../../lib/drafts';
import { useApiMutation } from '../../../lib/query';
import { marketplaceApi, PURCHASE_DRAFT, refreshMarketplace, type PurchaseDraft } from '../api';
import { PaymentInitiatedModal, ReviewTable } from '../components/buy-modal';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

/** /marketplace/buy-electricity/review: the bulk order, Make Payment, then 'Payment Initiated'. */
export function BulkReviewScreen() {
  const { t } = useTranslation('marketplace');
  const navigate = useNavigate();
  const [draft, setDraft] = useDraft<PurchaseDraft>(PURCHASE_DRAFT);
  const [done, setDone] = useState(false);
  const pay = useApiMutation({
    mutationFn: (d: PurchaseDraft) =>
      marketplaceApi.buy({
        walletId: d.walletId,
        assets: d.meters.map((m) => ({ assetId: m.id, amount: m.amount })),
        categoryId: d.categoryId,
      }),
    silentSuccess: true,
    onSuccess: () => {
      void refreshMarketplace();
      setDone(true);
    },
  });
  if (done) return <PaymentInitiatedModal opened onClose={() => setDraft(undefined)} />; // the draft is cleared on close
  if (!draft) return <Alert color="yellow">{t('bulkReviewScreen.nothingToReviewChooseMeters')}</Alert>;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.marketplace.buyElectricity.href())}>
            ← {t('form.back')}
          </Button>
        }
        title={t('buyFlow.review')}
      />
      {pay.error?.errors?.categoryId && (
        // Over the chosen category's monthly budget (422): change it on the previous step.
        <Alert color="red" title={pay.error.errors.categoryId[0]}>
          <Button
            variant="subtle"
            px={0}
            size="compact-sm"
            onClick={() =>
              navigate(paths.marketplace.buyElectricity.href(), {
                state: { categoryError: pay.error?.errors?.categoryId?.[0] },
              })
            }
          >
            {t('bulkReviewScreen.changeTheCategory')}
          </Button>
        </Alert>
      )}
      <Card padding={0}>
        <ReviewTable draft={draft} />
      </Card>
      <Group justify="flex-end">
        <Button loading={pay.isPending} onClick={() => pay.mutate(draft)}>
          {t('buyFlow.makePayment')}
        </Button>
      </Group>
    </Stack>
  );
}
