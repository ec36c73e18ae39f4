import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Role } from '@owo/contract';

/** Roles of the account (GET /role), admin and owner included (002 §5). */
export function RoleSelect(props: {
  roles: Role[] | undefined;
  loading?: boolean;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const { t } = useTranslation('teams');
  return (
    <Select
      label={t('role')}
      required
      placeholder={t('selectRole')}
      data={(props.roles ?? []).map((r) => ({ value: r.slug, label: r.name }))}
      value={props.value ?? null}
      onChange={(v) => props.onChange(v ?? undefined)}
      onBlur={props.onBlur}
      error={props.error}
      disabled={props.loading}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
