import { Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { assetBody, type PayoutAsset } from '@owo/contract/products';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/forms';
import { useApiMutation } from '../../lib/query';
import { productsApi, refreshProducts } from './api';
import { ManageProductsModal, type ProductLine } from './manage-products-modal';
import { useTranslation } from 'react-i18next';

const FIELDS = ['type', 'brand', 'modelNo', 'serialNo', 'location'] as const;

/** Add or edit a payout asset (001 §2; every field required, 001 §5); closes on success. */
export function AssetModal(props: { opened: boolean; asset?: PayoutAsset | null; onClose: () => void }) {
  const { t } = useTranslation('products');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.asset ? t('assetModal.editAsset') : t('assetModal.addAsset')}
      size="lg"
      centered
    >
      {props.opened && (
        <AssetForm key={props.asset?.id ?? 'new'} asset={props.asset} onClose={props.onClose} />
      )}
    </Modal>
  );
}

/** The asset's inventory as product lines for the picker. */
const inventoryLines = (a: PayoutAsset | null | undefined): ProductLine[] =>
  (a?.inventory ?? []).map((l) => ({
    product: {
      id: l.productId,
      name: l.name,
      description: null,
      amount: l.amount,
      amountMinor: l.amountMinor,
      category: 'Outflow',
      quantity: 1,
      total: l.amount,
      totalMinor: l.amountMinor,
    },
    quantity: l.quantity,
  }));

/** The asset's products, each with its quantity and value. */
function InventoryLines({ lines }: { lines: ProductLine[] }) {
  const { t } = useTranslation('products');
  return lines.length === 0 ? (
    <Text size="sm" c="dimmed">
      {t('assetModal.noProductsInThisAsset')}
    </Text>
  ) : (
    <Table>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.product.id}>
            <Table.Td>{l.product.name}</Table.Td>
            <Table.Td>× {l.quantity}</Table.Td>
            <Table.Td ta="right">{formatMoney(l.product.amountMinor * l.quantity)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AssetForm(props: { asset?: PayoutAsset | null; onClose: () => void }) {
  const { t } = useTranslation('products');
  const a = props.asset;
  const form = useZodForm(assetBody, {
    defaultValues: {
      type: a?.type ?? '',
      brand: a?.brand ?? '',
      modelNo: a?.modelNo ?? '',
      serialNo: a?.serialNo ?? '',
      location: a?.location ?? '',
      inventory: [],
    },
  });
  const [lines, setLines] = useState<ProductLine[]>(inventoryLines(a));
  const [picking, setPicking] = useState(false);
  const save = useApiMutation({
    mutationFn: (v: { type: string; brand: string; modelNo: string; serialNo: string; location: string }) =>
      productsApi.saveAsset(
        { ...v, inventory: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })) },
        a?.id,
      ),
    form,
    onSuccess: () => {
      void refreshProducts();
      props.onClose();
    },
  });
  const { errors } = form.formState;
  const value = lines.reduce((s, l) => s + l.product.amountMinor * l.quantity, 0);
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((name) => (
            <TextInput
              key={name}
              label={t(`assetModal.fields.${name}.label`)}
              placeholder={t(`assetModal.fields.${name}.placeholder`)}
              withAsterisk
              {...form.register(name)}
              error={errors[name]?.message}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('assetModal.inventory')}
          </Text>
          <Button variant="secondary" size="xs" onClick={() => setPicking(true)}>
            {t('assetModal.manageProducts')}
          </Button>
        </Group>
        <InventoryLines lines={lines} />
        {errors.root?.server && (
          <Text c="red" size="sm">
            {errors.root.server.message}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm">{t('assetModal.inventoryValue', { amount: formatMoney(value) })}</Text>
          <Group>
            <Button variant="secondary" onClick={props.onClose}>
              {t('assetModal.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {a ? t('assetModal.saveChanges') : t('assetModal.addAsset')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ManageProductsModal
        opened={picking}
        value={lines}
        onChange={setLines}
        onClose={() => setPicking(false)}
        title={t('assetModal.managePaymentProducts')}
      />
    </form>
  );
}
