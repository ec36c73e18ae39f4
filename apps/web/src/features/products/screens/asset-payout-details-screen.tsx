import {
  Alert,
  Button,
  Card,
  CloseButton,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import { ListBody } from '../../../components/list';
import { PayoutsTable, useAssetPayouts } from '../../payouts';
import { useAsset } from '../api';
import { InventoryCard } from './asset-screen';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/**
 * /assets/payout/details?assetId=…: full screen, closing to /asset-list (001 §2). The asset a payout
 * is made for, with the inventory the payout covers, and the asset payouts (payoutOption `asset`)
 * made for it, newest first; a row opens its payout.
 */
export function AssetPayoutDetailsScreen() {
  const { t } = useTranslation('products');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const assetId = params.get('assetId');
  const q = useAsset(assetId);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader
          mb={0}
          title={t('assetPayoutDetailsScreen.assetPayoutDetails')}
          actions={
            <CloseButton
              aria-label={t('assetPayoutDetailsScreen.close')}
              onClick={() => navigate(paths.assets.list.href())}
            />
          }
        />
        {!assetId ? (
          <Alert color="yellow">{t('assetPayoutDetailsScreen.chooseAnAssetFromThe')}</Alert>
        ) : q.isLoading ? (
          <Loader />
        ) : q.error || !q.data ? (
          <Alert color="red">
            {messageText(q.error?.message ?? t('assetPayoutDetailsScreen.assetNotFound'))}
          </Alert>
        ) : (
          <>
            <Card>
              <SimpleGrid cols={{ base: 2, sm: 3 }}>
                <DetailField
                  label={t('assetPayoutDetailsScreen.asset')}
                  value={`${q.data.type} · ${q.data.brand}`}
                />
                <DetailField label={t('assetPayoutDetailsScreen.modelNumber')} value={q.data.modelNo} />
                <DetailField label={t('assetPayoutDetailsScreen.serialNumber')} value={q.data.serialNo} />
                <DetailField label={t('assetPayoutDetailsScreen.location')} value={q.data.location} />
                <DetailField
                  label={t('assetPayoutDetailsScreen.status')}
                  value={
                    q.data.active
                      ? t('assetPayoutDetailsScreen.active')
                      : t('assetPayoutDetailsScreen.inactive')
                  }
                />
              </SimpleGrid>
            </Card>
            <InventoryCard asset={q.data} />
            <AssetPayouts assetId={q.data.id} />
            <Group justify="flex-end">
              <Button variant="secondary" component={Link} to={paths.assets.detail.href({ id: q.data.id })}>
                {t('assetPayoutDetailsScreen.openAsset')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The payouts made for the asset (GET /payouts?assetId=). */
function AssetPayouts(props: { assetId: string }) {
  const { t } = useTranslation('products');
  const q = useAssetPayouts(props.assetId);
  return (
    <Card padding={0}>
      <Text fw={600} p="md">
        {t('assetPayoutDetailsScreen.payoutsForThisAsset')}
      </Text>
      <ListBody query={q} isEmpty={!q.data?.length}>
        <Table.ScrollContainer minWidth={640}>
          <PayoutsTable items={q.data ?? []} />
        </Table.ScrollContainer>
      </ListBody>
    </Card>
  );
}
