import { Alert, Anchor, Badge, Button, Card, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { productsApi, refreshProducts, useProduct } from '../api';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ProductModal } from '../product-modal';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** /assets/products/:id: one product or service. */
export function ProductScreen() {
  const { t } = useTranslation('products');
  const { id } = useParams();
  const navigate = useNavigate();
  const q = useProduct(id);
  const canEdit = useCan('productsAndServices', 'put');
  const canDelete = useCan('productsAndServices', 'delete');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const del = useApiMutation({
    mutationFn: () => productsApi.deleteProduct(id!),
    onSuccess: () => {
      void refreshProducts();
      void navigate(paths.assets.products.href());
    },
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('productScreen.productNotFound'))}</Alert>;
  const p = q.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.assets.products.href()} size="sm">
        {t('productScreen.productsAndServices')}
      </Anchor>
      <PageHeader
        mb={0}
        title={p.name}
        badges={
          <Badge variant="light" color={p.category === 'Inflow' ? 'teal' : 'orange'}>
            {p.category}
          </Badge>
        }
        actions={
          <>
            {canEdit && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('productScreen.editProduct')}
              </Button>
            )}
            {canDelete && (
              <Button variant="danger" loading={del.isPending} onClick={() => setConfirming(true)}>
                {t('productScreen.delete')}
              </Button>
            )}
          </>
        }
      />
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <DetailField label={t('productScreen.price')} value={formatMoney(p.amountMinor)} />
          <DetailField label={t('productScreen.defaultQuantity')} value={String(p.quantity)} />
          <DetailField label={t('productScreen.total')} value={formatMoney(p.totalMinor)} />
          <DetailField label={t('productScreen.description')} value={p.description ?? '—'} />
        </SimpleGrid>
      </Card>
      <ProductModal opened={editing} product={p} onClose={() => setEditing(false)} />
      <ConfirmModal
        opened={confirming}
        title={t('productScreen.deleteProduct')}
        text={t('productScreen.deleteItIsAlsoRemoved', { name: p.name })}
        confirm={t('productScreen.delete')}
        loading={del.isPending}
        onConfirm={() => del.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
