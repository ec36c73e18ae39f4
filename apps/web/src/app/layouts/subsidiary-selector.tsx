import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Subsidiary } from '@owo/contract';
import { api } from '../../lib/api';
import { ALL_SUBSIDIARIES, isFullAccessRole, selectSubsidiary, useActiveAccount } from '../../lib/session';
import { useStore } from '../../lib/store';

/**
 * 000 §4.10: owners and admins may choose All Subsidiaries or any subsidiary (GET /subsidiaries);
 * other roles only those in their sub-access (GET /me/accounts). Choosing one reloads the page so
 * every list re-scopes. Hidden when there is nothing to choose.
 */
export function SubsidiarySelector() {
  const { t } = useTranslation('nav');
  const active = useActiveAccount().data?.activeAccount;
  const subsidiaryId = useStore((s) => s.staff.subsidiaryId);
  const full = isFullAccessRole(active?.role);
  const all = useQuery({
    queryKey: ['subsidiaries', 'selector', active?.accountId],
    enabled: !!active && full,
    queryFn: async () =>
      (await api.get<Subsidiary[]>('/subsidiaries', { query: { limit: 100 }, skipForbiddenPage: true }))
        .data ?? [],
  });
  if (!active) return null;
  const options = full
    ? (all.data ?? []).filter((s) => s.active).map((s) => ({ value: s.id, label: s.name }))
    : active.subaccess
        .filter((s) => s.active)
        .map((s) => ({ value: s.subsidiaryId, label: s.subsidiary.name }));
  if (options.length === 0) return null;
  const data = full ? [{ value: ALL_SUBSIDIARIES, label: t('subsidiary.all') }, ...options] : options;
  const value = subsidiaryId ?? (full ? ALL_SUBSIDIARIES : null);
  return (
    <Select
      aria-label={t('subsidiary.label')}
      placeholder={t('subsidiary.placeholder')}
      data={data}
      value={value}
      onChange={(v) => void (v && v !== value && selectSubsidiary(v))}
      allowDeselect={false}
      w={200}
      size="sm"
      visibleFrom="md"
    />
  );
}
