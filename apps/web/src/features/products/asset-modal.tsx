import { Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { assetBody, type PayoutAsset } from '@owo/contract/products';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/forms';
import { useApiMutation } from '../../lib/query';
import { productsApi, refreshProducts } from './api';
import { ManageProductsModal, type ProductLine } from './manage-products-modal';

const FIELDS = [
  ['type', 'Type', 'Generator'],
  ['brand', 'Brand', 'Mikano'],
  ['modelNo', 'Model number', 'MK-20'],
  ['serialNo', 'Serial number', 'SN-0001'],
  ['location', 'Location', 'Ikeja office'],
] as const;

/** Add or edit a payout asset (001 §2; every field required, 001 §5); closes on success. */
export function AssetModal(props: { opened: boolean; asset?: PayoutAsset | null; onClose: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.asset ? 'Edit asset' : 'Add asset'}
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
  return lines.length === 0 ? (
    <Text size="sm" c="dimmed">
      No products in this asset's inventory yet.
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
          {FIELDS.map(([name, label, placeholder]) => (
            <TextInput
              key={name}
              label={label}
              placeholder={placeholder}
              withAsterisk
              {...form.register(name)}
              error={errors[name]?.message}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Inventory
          </Text>
          <Button variant="light" size="xs" onClick={() => setPicking(true)}>
            Manage products
          </Button>
        </Group>
        <InventoryLines lines={lines} />
        {errors.root?.server && (
          <Text c="red" size="sm">
            {errors.root.server.message}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm">Inventory value {formatMoney(value)}</Text>
          <Group>
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {a ? 'Save changes' : 'Add asset'}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ManageProductsModal
        opened={picking}
        value={lines}
        onChange={setLines}
        onClose={() => setPicking(false)}
        title="Manage payment products"
      />
    </form>
  );
}
