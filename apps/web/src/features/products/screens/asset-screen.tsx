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
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Asset = NonNullable<ReturnType<typeof useAsset>['data']>;

/** The asset's identifying fields. */
function AssetFieldsCard({ a }: { a: Asset }) {
  const { t } = useTranslation('products');
  return (
    <Card>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        <DetailField label={t('assetScreen.type')} value={a.type} />
        <DetailField label={t('assetScreen.brand')} value={a.brand} />
        <DetailField label={t('assetScreen.modelNumber')} value={a.modelNo} />
        <DetailField label={t('assetScreen.serialNumber')} value={a.serialNo} />
        <DetailField label={t('assetScreen.location')} value={a.location} />
      </SimpleGrid>
    </Card>
  );
}

/** Confirms, deletes the asset and returns to the list. */
function DeleteAssetModal(props: { a: Asset; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('products');
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
      title={t('assetScreen.deleteAsset')}
      text={t('assetScreen.delete', { type: a.type, serialNo: a.serialNo })}
      confirm={t('assetScreen.delete2')}
      loading={del.isPending}
      onConfirm={() => del.mutate()}
      onClose={props.onClose}
    />
  );
}

/** /assets/:id: one payout asset with its inventory. */
export function AssetScreen() {
  const { t } = useTranslation('products');
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
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('assetScreen.assetNotFound'))}</Alert>;
  const a = q.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.assets.list.href()} size="sm">
        {t('assetScreen.assets')}
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
            {a.active ? t('assetScreen.active') : t('assetScreen.inactive')}
          </Badge>
        }
        actions={
          <>
            <Button
              variant="secondary"
              component={Link}
              to={paths.assets.payoutDetails.href({ assetId: a.id })}
            >
              {t('assetScreen.payoutDetails')}
            </Button>
            {canEdit && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('assetScreen.editAsset')}
              </Button>
            )}
            {canToggle && (
              <Button variant="secondary" loading={toggle.isPending} onClick={() => toggle.mutate(!a.active)}>
                {a.active ? t('assetScreen.deactivate') : t('assetScreen.activate')}
              </Button>
            )}
            {canDelete && (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                {t('assetScreen.delete2')}
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
  const { t } = useTranslation('products');
  const a = props.asset;
  return (
    <Card padding={0}>
      <Group justify="space-between" p="md">
        <Text fw={600}>{t('assetScreen.inventory')}</Text>
        <Text size="sm">{t('assetScreen.value', { amount: formatMoney(a.valueMinor) })}</Text>
      </Group>
      {a.inventory.length === 0 ? (
        <Text p="md" pt={0} c="dimmed" size="sm">
          {t('assetScreen.noDataAvailable')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('assetScreen.product')}</Table.Th>
              <Table.Th ta="right">{t('assetScreen.price')}</Table.Th>
              <Table.Th ta="right">{t('assetScreen.quantity')}</Table.Th>
              <Table.Th ta="right">{t('assetScreen.total')}</Table.Th>
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
