import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ExpenseBody, ExpenseInput } from '@owo/contract/expenses';
import { toMinor } from '@owo/contract/money';
import type { Product } from '@owo/contract/products';
import { formatMoney } from '../../../lib/format';
import { useProductOptions } from '../api';
import { OPTION_SEARCH_MS, useDebounced } from '../timings';
import { useTranslation } from 'react-i18next';

/** The expense form (`useZodForm(expenseBody)`), passed to its parts. */
export type ExpenseFormApi = UseFormReturn<ExpenseBody, unknown, ExpenseInput>;

const minorOf = (v: unknown) => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,13}(\.\d{1,2})?$/.test(s) ? toMinor(s) : 0;
};

/** A line's total in kobo: price x quantity (the server computes the same, issue 21 §2). */
export const lineTotalMinor = (l: { amount?: unknown; quantity?: unknown }) =>
  minorOf(l.amount) * (Number.isInteger(l.quantity) ? (l.quantity as number) : 0);

/** The product picker's options: the search's answer plus every product picked so far. */
function useProductSearch() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, OPTION_SEARCH_MS);
  const products = useProductOptions(debounced.trim());
  const [seen, setSeen] = useState<Record<string, Product>>({});
  const options = [
    ...(products.data ?? []),
    ...Object.values(seen).filter((p) => !products.data?.some((x) => x.id === p.id)),
  ].map((p) => ({ value: p.id, label: `${p.name} · ${formatMoney(p.amountMinor)}` }));
  /** The picked product (from the answer or seen before), remembered so it stays an option. */
  const pick = (id: string | null) => {
    const p = products.data?.find((x) => x.id === id) ?? (id ? seen[id] : undefined);
    if (p) setSeen((s) => ({ ...s, [p.id]: p }));
    return p;
  };
  return { setSearch, products, options, pick };
}

type Line = NonNullable<ExpenseBody['productsAndServices']>[number];

/** One line: product, price, quantity, its total, and a remove button; the first carries the labels. */
function ProductLineRow(props: {
  form: ExpenseFormApi;
  i: number;
  v: Partial<Line>;
  search: ReturnType<typeof useProductSearch>;
  syncAmount: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('expenses');
  const { form, i, v, search, syncAmount } = props;
  const err = form.formState.errors.productsAndServices?.[i];
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap" data-testid="product-line">
      <Select
        style={{ flex: 3 }}
        label={i === 0 ? t('productLines.product') : undefined}
        aria-label={t('productLines.product')}
        placeholder={t('productLines.searchProducts')}
        searchable
        data={search.options}
        value={v.id || null}
        onSearchChange={search.setSearch}
        nothingFoundMessage={
          search.products.isFetching ? t('productLines.searching') : t('productLines.productNotFound')
        }
        onChange={(id) => {
          const p = search.pick(id);
          form.setValue(`productsAndServices.${i}.id`, id ?? '');
          if (p) form.setValue(`productsAndServices.${i}.amount`, p.amount);
          syncAmount();
        }}
        error={err?.id?.message}
      />
      <TextInput
        style={{ flex: 2 }}
        label={i === 0 ? t('productLines.price') : undefined}
        aria-label={t('productLines.price2')}
        value={String(v.amount ?? '')}
        onChange={(e) => {
          form.setValue(`productsAndServices.${i}.amount`, e.currentTarget.value);
          syncAmount();
        }}
        error={err?.amount?.message}
      />
      <NumberInput
        style={{ flex: 1 }}
        label={i === 0 ? t('productLines.quantity') : undefined}
        aria-label={t('productLines.quantity')}
        min={0}
        allowDecimal={false}
        value={v.quantity ?? 1}
        onChange={(q) => {
          form.setValue(`productsAndServices.${i}.quantity`, typeof q === 'number' ? q : 0);
          syncAmount();
        }}
        error={err?.quantity?.message}
      />
      <Stack gap={0} style={{ flex: 2 }} mt={i === 0 ? 28 : 6}>
        <Text size="sm" ta="right" data-testid="line-total">
          {formatMoney(lineTotalMinor(v))}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        mt={i === 0 ? 28 : 4}
        aria-label={t('productLines.removeProductLine')}
        onClick={props.onRemove}
      >
        ×
      </ActionIcon>
    </Group>
  );
}

/**
 * Product lines of an expense (001 §2): a product from the account's products and services
 * (searched 500 ms after typing), its price and quantity; total = price x quantity, and the
 * expense amount becomes the sum of the lines.
 */
export function ProductLines(props: { form: ExpenseFormApi; names?: Record<string, string> }) {
  const { t } = useTranslation('expenses');
  const { form } = props;
  const lines = useFieldArray({ control: form.control, name: 'productsAndServices' });
  const values = useWatch({ control: form.control, name: 'productsAndServices' }) ?? [];
  const search = useProductSearch();

  const syncAmount = () => {
    const all = form.getValues('productsAndServices') ?? [];
    const sum = all.reduce((s, l) => s + lineTotalMinor(l), 0);
    if (all.length) form.setValue('amount', (sum / 100).toFixed(2), { shouldValidate: true });
  };

  const grandTotal = values.reduce((s, l) => s + lineTotalMinor(l), 0);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500} size="sm">
          {t('productLines.productsAndServices')}
        </Text>
        <Button
          size="xs"
          variant="secondary"
          onClick={() => lines.append({ id: '', amount: '', quantity: 1, attachment: null })}
        >
          {t('productLines.addProductLine')}
        </Button>
      </Group>
      {search.products.error && (
        <Text size="sm" c="red">
          {(search.products.error as Error).message}
        </Text>
      )}
      {lines.fields.map((field, i) => (
        <ProductLineRow
          key={field.id}
          form={form}
          i={i}
          v={values[i] ?? {}}
          search={search}
          syncAmount={syncAmount}
          onRemove={() => {
            lines.remove(i);
            setTimeout(syncAmount);
          }}
        />
      ))}
      {lines.fields.length > 0 && (
        <Text size="sm" ta="right" fw={600}>
          {t('productLines.total', { amount: formatMoney(grandTotal) })}
        </Text>
      )}
    </Stack>
  );
}
