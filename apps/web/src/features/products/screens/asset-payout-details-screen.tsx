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

/**
 * /assets/payout/details?assetId=…: full screen, closing to /asset-list (001 §2). The asset a payout
 * is made for, with the inventory the payout covers, and the asset payouts (payoutOption `asset`)
 * made for it, newest first; a row opens its payout.
 */
export function AssetPayoutDetailsScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const assetId = params.get('assetId');
  const q = useAsset(assetId);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader
          mb={0}
          title="Asset payout details"
          actions={<CloseButton aria-label="Close" onClick={() => navigate(paths.assets.list.href())} />}
        />
        {!assetId ? (
          <Alert color="yellow">Choose an asset from the asset list to see its payout details.</Alert>
        ) : q.isLoading ? (
          <Loader />
        ) : q.error || !q.data ? (
          <Alert color="red">{q.error?.message ?? 'Asset not found'}</Alert>
        ) : (
          <>
            <Card>
              <SimpleGrid cols={{ base: 2, sm: 3 }}>
                <DetailField label="Asset" value={`${q.data.type} · ${q.data.brand}`} />
                <DetailField label="Model number" value={q.data.modelNo} />
                <DetailField label="Serial number" value={q.data.serialNo} />
                <DetailField label="Location" value={q.data.location} />
                <DetailField label="Status" value={q.data.active ? 'Active' : 'Inactive'} />
              </SimpleGrid>
            </Card>
            <InventoryCard asset={q.data} />
            <AssetPayouts assetId={q.data.id} />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.assets.detail.href({ id: q.data.id })}>
                Open asset
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
  const q = useAssetPayouts(props.assetId);
  return (
    <Card padding={0}>
      <Text fw={600} p="md">
        Payouts for this asset
      </Text>
      <ListBody query={q} isEmpty={!q.data?.length}>
        <Table.ScrollContainer minWidth={640}>
          <PayoutsTable items={q.data ?? []} />
        </Table.ScrollContainer>
      </ListBody>
    </Card>
  );
}
