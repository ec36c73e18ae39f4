// Form pieces shared by the direct payout flow and the payout edit flow (001 §2 Payouts): the
// asset selection, the project picker and the "Repeat" choice of a recurring payout.
import { MultiSelect, Select } from '@mantine/core';
import { useState } from 'react';
import { DateField } from '../../../components/date-field';
import { formatDate } from '../../../lib/format';
import { useAssets } from '../../products';
import { useProjects } from '../../projects';
import type { PayoutRecurrence } from '../api';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

/** The assets (and their inventory) a payout pays for: ids of the company's active assets. */
export function AssetSelection(props: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('payouts');
  const [search, setSearch] = useState('');
  const assets = useAssets({ page: 1, limit: 100, active: 'true', search: search || undefined });
  const known = (assets.data?.items ?? []).map((a) => ({
    value: a.id,
    label: `${a.brand} ${a.modelNo} · ${a.serialNo} (${a.type}, ${a.location})${
      a.inventory.length ? ` · ${a.inventory.map((i) => `${i.quantity} × ${i.name}`).join(', ')}` : ''
    }`,
  }));
  // A chosen asset outside the current search still shows as chosen.
  const data = [
    ...known,
    ...props.value.filter((id) => !known.some((k) => k.value === id)).map((id) => ({ value: id, label: id })),
  ];
  return (
    <MultiSelect
      label={t('payoutFields.assets')}
      placeholder={t('payoutFields.searchAssetsByModelBrand')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t('payoutFields.noAssetFound')}
      data={data}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

/** The project a project payout pays against (active projects only). */
export function ProjectSelect(props: {
  value: string | null | undefined;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('payouts');
  const projects = useProjects({ page: 1, limit: 100, active: 'true' });
  return (
    <Select
      label={t('payoutFields.project')}
      placeholder={t('payoutFields.selectAProject')}
      searchable
      nothingFoundMessage={t('payoutFields.noProjectFound')}
      data={(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
      value={props.value ?? null}
      onChange={(v) => props.onChange(v || null)}
      error={props.error}
    />
  );
}

/** "Repeat": does not repeat / weekly / monthly, with an optional last date (DD/MM/YYYY). */
export function RepeatField(props: {
  value: PayoutRecurrence | null | undefined;
  onChange: (v: PayoutRecurrence | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('payouts');
  const v = props.value;
  return (
    <FormGrid>
      <Select
        label={t('payoutFields.repeat')}
        allowDeselect={false}
        data={[
          { value: 'none', label: t('payoutFields.doesNotRepeat') },
          { value: 'weekly', label: t('payoutFields.everyWeek') },
          { value: 'monthly', label: t('payoutFields.everyMonth') },
        ]}
        value={v?.frequency ?? 'none'}
        onChange={(f) =>
          props.onChange(
            f === 'weekly' || f === 'monthly' ? { frequency: f, endDate: v?.endDate ?? null } : null,
          )
        }
      />
      {v && (
        <DateField
          label={t('payoutFields.repeatUntilOptional')}
          value={v.endDate ?? ''}
          onChange={(endDate) => props.onChange({ ...v, endDate: endDate || null })}
          error={props.error}
        />
      )}
    </FormGrid>
  );
}

/** "Repeats monthly until 31/12/2026" */
export function describeRecurrence(r: { frequency: string; endDate: string | null }) {
  return `Repeats ${r.frequency}${r.endDate ? ` until ${formatDate(r.endDate)}` : ''}`;
}
