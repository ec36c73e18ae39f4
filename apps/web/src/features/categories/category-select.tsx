import { Select, type SelectProps } from '@mantine/core';
import { formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { useCategories } from './api';
import { useTranslation } from 'react-i18next';

export type CategorySelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null | undefined;
  onChange: (categoryId: string | null) => void;
};

/**
 * The payout category picker (optional, clearable): spend chosen against a category counts toward
 * its monthly budget. Renders nothing for a member who cannot read payout categories.
 */
export function CategorySelect({ value, onChange, ...rest }: CategorySelectProps) {
  const { t } = useTranslation('categories');
  const canRead = useCan('payouts', 'get');
  const categories = useCategories();
  if (!canRead) return null;
  return (
    <Select
      label={t('categorySelect.budgetCategoryOptional')}
      placeholder={t('categorySelect.noCategory')}
      clearable
      searchable
      nothingFoundMessage={t('categorySelect.noCategories')}
      {...rest}
      data={(categories.data ?? []).map((c) => ({
        value: c.id,
        label:
          c.budgetMinor === null
            ? c.name
            : t('categorySelect.withBudget', { name: c.name, budget: formatMoney(c.budgetMinor) }),
      }))}
      value={value ?? null}
      onChange={(v) => onChange(v || null)}
    />
  );
}
