import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { productsApi, refreshProducts, useAsset } from '../api';
import { AssetModal } from '../asset-modal';
import { ConfirmModal } from '../../../components/confirm-modal';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

type Asset = NonNullable<ReturnType<typeof useAsset>['data']>;

/** The asset's identifying fields. */
function AssetFieldsCard({ a }: { a: Asset }) {
  return (
    <Card>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <DetailField label="Type" value={a.type} />
        <DetailField label="Brand" value={a.brand} />
        <DetailField label="Model number" value={a.modelNo} />
        <DetailField label="Serial number" value={a.serialNo} />
        <DetailField label="Location" value={a.location} />
      </SimpleGrid>
    </Card>
  );
}

/** Confirms, deletes the asset and returns to the list. */
function DeleteAssetModal(props: { a: Asset; opened: boolean; onClose: () => void }) {
  const { a } = props;
  const navigate = useNavigate();
  const del = useApiMutation({
    mutationFn: () => productsApi.deleteAsset(a.id),
    onSuccess: () => {
      void refreshProducts();
      void navigate(paths.assets.list.href());
    },
  });
  return (
    <ConfirmModal
      opened={props.opened}
      title="Delete asset"
      text={`Delete ${a.type} ${a.serialNo}?`}
      confirm="Delete"
      loading={del.isPending}
      onConfirm={() => del.mutate()}
      onClose={props.onClose}
    />
  );
}

/** /assets/:id: one payout asset with its inventory. */
export function AssetScreen() {
  const { id } = useParams();
  const q = useAsset(id);
  const canEdit = useCan('payoutAsset', 'put');
  const canToggle = useCan('payoutAsset', 'patch');
  const canDelete = useCan('payoutAsset', 'delete');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toggle = useApiMutation({
    mutationFn: (active: boolean) => productsApi.setAssetActive(id!, active),
    onSuccess: () => void refreshProducts(),
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Asset not found'}</Alert>;
  const a = q.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.assets.list.href()} size="sm">
        ← Assets
      </Anchor>
      <PageHeader
        mb={0}
        title={
          <>
            {a.type} · {a.brand}
          </>
        }
        badges={
          <Badge variant="light" color={a.active ? 'teal' : 'gray'}>
            {a.active ? 'Active' : 'Inactive'}
          </Badge>
        }
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={paths.assets.payoutDetails.href({ assetId: a.id })}
            >
              Payout details
            </Button>
            {canEdit && (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit asset
              </Button>
            )}
            {canToggle && (
              <Button variant="light" loading={toggle.isPending} onClick={() => toggle.mutate(!a.active)}>
                {a.active ? 'Deactivate' : 'Activate'}
              </Button>
            )}
            {canDelete && (
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
          </>
        }
      />
      <AssetFieldsCard a={a} />
      <InventoryCard asset={a} />
      <AssetModal opened={editing} asset={a} onClose={() => setEditing(false)} />
      <DeleteAssetModal a={a} opened={confirming} onClose={() => setConfirming(false)} />
    </Stack>
  );
}

export function InventoryCard(props: { asset: Asset }) {
  const a = props.asset;
  return (
    <Card padding={0}>
      <Group justify="space-between" p="md">
        <Text fw={600}>Inventory</Text>
        <Text size="sm">Value {formatMoney(a.valueMinor)}</Text>
      </Group>
      {a.inventory.length === 0 ? (
        <Text p="md" pt={0} c="dimmed" size="sm">
          No data available
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.inventory.map((l) => (
              <Table.Tr key={l.productId}>
                <Table.Td>
                  <Anchor component={Link} to={paths.assets.product.href({ id: l.productId })}>
                    {l.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(l.amountMinor)}</Table.Td>
                <Table.Td ta="right">{l.quantity}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.totalMinor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
