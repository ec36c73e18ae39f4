import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Product } from '@owo/contract/products';
import { formatMoney } from '../../lib/format';
import { useProducts } from './api';
import { ProductModal } from './product-modal';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';

export type ProductLine = { product: Product; quantity: number };

/**
 * The shared 'Manage payment products' modal (001 §2 Shared modals): pick products and quantities
 * for an expense, payout or asset inventory. A product fetch error shows in red inside it (001 §8);
 * a product added here is created inline (Outflow, quantity 1) and picked at once.
 */
export function ManageProductsModal(props: {
  opened: boolean;
  value: ProductLine[];
  onClose: () => void;
  onChange: (lines: ProductLine[]) => void;
  title?: string;
}) {
  const { t } = useTranslation('products');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title ?? t('manageProductsModal.managePaymentProducts')}
      size="lg"
      centered
    >
      {props.opened && <Picker {...props} />}
    </Modal>
  );
}

/** One product: its tick box, and once picked, its quantity and line total. */
function PickRow(props: {
  p: Product;
  line: ProductLine | undefined;
  toggle: (p: Product) => void;
  setQty: (id: string, quantity: number) => void;
}) {
  const { t } = useTranslation('products');
  const { p, line, toggle, setQty } = props;
  return (
    <Table.Tr>
      <Table.Td w={36}>
        <Checkbox
          checked={!!line}
          onChange={() => toggle(p)}
          aria-label={t('manageProductsModal.pick', { name: p.name })}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{p.name}</Text>
        <Text size="xs" c="dimmed">
          {formatMoney(p.amountMinor)} · {p.category}
        </Text>
      </Table.Td>
      <Table.Td w={120}>
        {line && (
          <NumberInput
            size="xs"
            min={0}
            allowDecimal={false}
            value={line.quantity}
            onChange={(v) => setQty(p.id, typeof v === 'number' ? v : 0)}
            aria-label={t('manageProductsModal.quantityOf', { name: p.name })}
          />
        )}
      </Table.Td>
      <Table.Td w={130} ta="right">
        {line ? formatMoney(p.amountMinor * line.quantity) : ''}
      </Table.Td>
    </Table.Tr>
  );
}

function Picker(props: {
  value: ProductLine[];
  onClose: () => void;
  onChange: (lines: ProductLine[]) => void;
}) {
  const { t } = useTranslation('products');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 500);
  const [lines, setLines] = useState<ProductLine[]>(props.value);
  const [adding, setAdding] = useState(false);
  const q = useProducts({ page: 1, search: debounced, limit: 50 });
  const picked = new Map(lines.map((l) => [l.product.id, l]));
  const toggle = (p: Product) =>
    setLines((ls) =>
      picked.has(p.id) ? ls.filter((l) => l.product.id !== p.id) : [...ls, { product: p, quantity: 1 }],
    );
  const setQty = (id: string, quantity: number) =>
    setLines((ls) => ls.map((l) => (l.product.id === id ? { ...l, quantity } : l)));
  const total = lines.reduce((s, l) => s + l.product.amountMinor * l.quantity, 0);
  return (
    <Stack>
      <Group>
        <TextInput
          style={{ flex: 1 }}
          placeholder={t('manageProductsModal.searchProducts')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          aria-label={t('manageProductsModal.searchProducts')}
        />
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {t('manageProductsModal.newProduct')}
        </Button>
      </Group>
      {q.error ? (
        <Text c="red" size="sm" role="alert" data-testid="product-fetch-error">
          {messageText(q.error.message)}
        </Text>
      ) : q.data && q.data.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('manageProductsModal.noDataAvailable')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320}>
          <Table>
            <Table.Tbody>
              {(q.data?.items ?? []).map((p) => {
                const line = picked.get(p.id);
                return <PickRow key={p.id} p={p} line={line} toggle={toggle} setQty={setQty} />;
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('manageProductsModal.total', { amount: formatMoney(total) })}
        </Text>
        <Group>
          <Button variant="secondary" onClick={props.onClose}>
            {t('manageProductsModal.cancel')}
          </Button>
          <Button
            onClick={() => {
              props.onChange(lines);
              props.onClose();
            }}
          >
            {t('manageProductsModal.done')}
          </Button>
        </Group>
      </Group>
      <ProductModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(p) => setLines((ls) => [...ls, { product: p, quantity: 1 }])}
      />
    </Stack>
  );
}
