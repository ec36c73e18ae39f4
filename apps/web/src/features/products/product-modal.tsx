import { Button, Group, Modal, NumberInput, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { PRODUCT_CATEGORIES, PRODUCT_MSG, type Product } from '@owo/contract/products';
import { useZodForm } from '../../lib/forms';
import { useApiMutation } from '../../lib/query';
import { productsApi, refreshProducts } from './api';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import { FormGrid } from '../../components/form-grid';

// The form keeps the price as typed (naira); the API converts it to kobo (001 §5 Products).
const productForm = z.object({
  name: z.string().trim().min(1, PRODUCT_MSG.nameRequired).max(120),
  description: z.string().trim().max(500).optional(),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,2})?$/, PRODUCT_MSG.priceMin),
  category: z.enum(PRODUCT_CATEGORIES, { error: PRODUCT_MSG.categoryRequired }),
  quantity: z
    .number({ error: () => i18n.t('products:productModal.quantityMin') })
    .int()
    .min(0, { error: () => i18n.t('products:productModal.quantityMin') }),
});

/**
 * Add or edit a product or service (001 §2 Assets and products); closes on success. Created
 * inline (from an expense or payout) it defaults to Outflow with a quantity of 1 (001 §9).
 */
export function ProductModal(props: {
  opened: boolean;
  product?: Product | null;
  onClose: () => void;
  onSaved?: (p: Product) => void;
}) {
  const { t } = useTranslation('products');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.product ? t('productModal.editProduct') : t('productModal.addProduct')}
      centered
    >
      {props.opened && <ProductForm key={props.product?.id ?? 'new'} {...props} />}
    </Modal>
  );
}

/** The product form, filled from the product when editing. */
function useProductForm(p: Product | null | undefined) {
  return useZodForm(productForm, {
    defaultValues: {
      name: p?.name ?? '',
      description: p?.description ?? '',
      amount: p?.amount ?? '',
      category: p?.category ?? 'Outflow',
      quantity: p?.quantity ?? 1,
    },
  });
}

function ProductForm(props: {
  product?: Product | null;
  onClose: () => void;
  onSaved?: (p: Product) => void;
}) {
  const { t } = useTranslation('products', { keyPrefix: 'productModal' });
  const p = props.product;
  const form = useProductForm(p);
  const save = useApiMutation({
    mutationFn: (v: z.output<typeof productForm>) =>
      productsApi.saveProduct({ ...v, description: v.description || null }, p?.id),
    form,
    onSuccess: (res) => {
      void refreshProducts();
      props.onSaved?.(res.data);
      props.onClose();
    },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <TextInput label={t('name')} withAsterisk {...form.register('name')} error={errors.name?.message} />
        <Textarea
          label={t('description')}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <TextInput
          label={t('price')}
          withAsterisk
          inputMode="decimal"
          {...form.register('amount')}
          error={errors.amount?.message}
        />
        <FormGrid>
          <Controller
            control={form.control}
            name="category"
            render={({ field, fieldState }) => (
              <Select
                label={t('category')}
                withAsterisk
                data={[...PRODUCT_CATEGORIES]}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                error={fieldState.error?.message}
                allowDeselect={false}
              />
            )}
          />
          <Controller
            control={form.control}
            name="quantity"
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('quantity')}
                min={0}
                allowDecimal={false}
                value={field.value}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                error={fieldState.error?.message}
              />
            )}
          />
        </FormGrid>
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {p ? t('saveChanges') : t('addProduct')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
