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

/** /assets/products/:id: one product or service. */
export function ProductScreen() {
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
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Product not found'}</Alert>;
  const p = q.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.assets.products.href()} size="sm">
        ← Products and services
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
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit product
              </Button>
            )}
            {canDelete && (
              <Button color="red" variant="light" loading={del.isPending} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
          </>
        }
      />
      <Card>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <DetailField label="Price" value={formatMoney(p.amountMinor)} />
          <DetailField label="Default quantity" value={String(p.quantity)} />
          <DetailField label="Total" value={formatMoney(p.totalMinor)} />
          <DetailField label="Description" value={p.description ?? '—'} />
        </SimpleGrid>
      </Card>
      <ProductModal opened={editing} product={p} onClose={() => setEditing(false)} />
      <ConfirmModal
        opened={confirming}
        title="Delete product"
        text={`Delete ${p.name}? It is also removed from asset inventories.`}
        confirm="Delete"
        loading={del.isPending}
        onConfirm={() => del.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
