import { Button, Chip, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import {
  FILTER_DELAY_MS,
  PERIOD_LABELS,
  TRANSACTION_PERIODS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionPeriod,
  type WalletDto,
} from '@owo/contract';
import type { TransactionFilters as Filters } from '../api';
import { parseDisplayDate, statusLabel, typeLabel } from '../rules';

export type FilterDraft = {
  search: string;
  type: string | null;
  status: string | null;
  walletId: string | null;
  period: TransactionPeriod | null;
  from: string;
  to: string;
};
export const EMPTY_DRAFT: FilterDraft = {
  search: '',
  type: null,
  status: null,
  walletId: null,
  period: null,
  from: '',
  to: '',
};

/** What the API gets from what the user typed: half-typed dates are left out. */
export function toFilters(d: FilterDraft): Filters {
  return {
    search: d.search.trim() || undefined,
    type: d.type ?? undefined,
    status: d.status ?? undefined,
    walletId: d.walletId ?? undefined,
    period: d.period ?? undefined,
    from: parseDisplayDate(d.from) || undefined,
    to: parseDisplayDate(d.to) || undefined,
  };
}
const dateError = (v: string) => (v && !parseDisplayDate(v) ? 'Use DD/MM/YYYY' : undefined);

/** Table filters (000 §3, §5): changes apply after a 1 second pause (FILTER_DELAY_MS). */
export function TransactionFilters(props: { wallets: WalletDto[]; onChange: (f: Filters) => void }) {
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  const [debounced] = useDebouncedValue(draft, FILTER_DELAY_MS);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChange.current(toFilters(debounced));
  }, [debounced]);
  const set = (patch: Partial<FilterDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(EMPTY_DRAFT);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Reference, narration, name or account number"
        value={draft.search}
        onChange={(e) => set({ search: e.currentTarget.value })}
        style={{ flex: '1 1 260px' }}
      />
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" style={{ flex: '3 1 520px' }}>
        <Select
          label="Type"
          placeholder="All types"
          clearable
          value={draft.type}
          onChange={(v) => set({ type: v })}
          data={TRANSACTION_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          value={draft.status}
          onChange={(v) => set({ status: v })}
          data={TRANSACTION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <Select
          label="Wallet"
          placeholder="All wallets"
          clearable
          value={draft.walletId}
          onChange={(v) => set({ walletId: v })}
          data={props.wallets.map((w) => ({ value: w.id, label: w.name }))}
        />
        <TextInput
          label="From"
          placeholder="DD/MM/YYYY"
          value={draft.from}
          error={dateError(draft.from)}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput
          label="To"
          placeholder="DD/MM/YYYY"
          value={draft.to}
          error={dateError(draft.to)}
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
      </SimpleGrid>
      <Group gap="xs" w="100%" justify="space-between">
        <Group gap="xs" role="group" aria-label="Quick filters">
          {TRANSACTION_PERIODS.map((p) => (
            <Chip
              key={p}
              size="sm"
              variant="light"
              checked={draft.period === p}
              onChange={() => set({ period: draft.period === p ? null : p })}
            >
              {PERIOD_LABELS[p]}
            </Chip>
          ))}
        </Group>
        {dirty && (
          <Button variant="subtle" size="xs" onClick={() => setDraft(EMPTY_DRAFT)}>
            Clear filters
          </Button>
        )}
      </Group>
    </Group>
  );
}
