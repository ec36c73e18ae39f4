import { Button, Chip, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { FILTER_DELAY_MS } from '@owo/contract/messages';
import { PERIOD_LABELS, TRANSACTION_PERIODS } from '@owo/contract/transactions-periods';
import { DateField } from '../date-field';
import { cleanFilters, sameFilters, type ListFilters } from './list-query';

/** One filter group (000 §3 "filter groups of value flags"): its key is the `where` key. */
export type FilterGroup = {
  key: string;
  label: string;
  placeholder?: string;
  options: { value: string; label: string }[];
};

/** The spec's day presets (000 §3 "date in days"); the API answers them as rolling periods. */
export const DAY_PRESETS = TRANSACTION_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));

const ISO = /^\d{4}-\d{2}-\d{2}$/;
/** What the API gets from what the user typed: half-typed or invalid dates are left out. */
export function draftToFilters(d: ListFilters): ListFilters {
  const f = cleanFilters({ ...d, search: d.search?.trim() });
  if (f.from && !ISO.test(f.from)) delete f.from;
  if (f.to && !ISO.test(f.to)) delete f.to;
  return f;
}

/**
 * The filters being edited: applied FILTER_DELAY_MS after the last change, and replaced when the
 * applied filters change from outside.
 */
function useFilterDraft(value: ListFilters, onChangeProp: (f: ListFilters) => void) {
  const [draft, setDraft] = useState<ListFilters>(value);
  const [debounced] = useDebouncedValue(draft, FILTER_DELAY_MS);
  const applied = useRef(value);
  applied.current = value;
  const onChange = useRef(onChangeProp);
  onChange.current = onChangeProp;
  const lastEmitted = useRef<ListFilters>(value);

  // Applied filters changed from outside (back button, a shared link): show them.
  const valueKey = JSON.stringify(cleanFilters(value));
  useEffect(() => {
    if (!sameFilters(value, lastEmitted.current)) {
      lastEmitted.current = value;
      setDraft(value);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the filters' content, not the object's identity
  }, [valueKey]);

  useEffect(() => {
    const next = draftToFilters(debounced);
    if (sameFilters(next, applied.current)) return;
    lastEmitted.current = next;
    onChange.current(next);
  }, [debounced]);
  return [draft, setDraft] as const;
}

/**
 * The one table filter (000 §3, §5): filter groups, search, day presets and from/to dates
 * (DD/MM/YYYY). Changes apply FILTER_DELAY_MS (1 s) after the last one. `value` is the applied
 * filters (from the URL with `useListState`), `onChange` gets the new applied filters.
 */
export function FilterBar(props: {
  groups: FilterGroup[];
  value?: ListFilters;
  onChange: (f: ListFilters) => void;
  searchPlaceholder?: string;
  presets?: { value: string; label: string }[];
  dates?: boolean;
}) {
  const value = props.value ?? {};
  const presets = props.presets ?? DAY_PRESETS;
  const [draft, setDraft] = useFilterDraft(value, props.onChange);

  const set = (patch: ListFilters) => setDraft((d) => ({ ...d, ...patch }));
  const dirty = Object.keys(cleanFilters(draft)).length > 0;
  const dateCols = props.dates === false ? 0 : 2;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="filter-bar">
      <TextInput
        label="Search"
        placeholder={props.searchPlaceholder ?? 'Search'}
        value={draft.search ?? ''}
        onChange={(e) => set({ search: e.currentTarget.value })}
        style={{ flex: '1 1 260px' }}
      />
      <SimpleGrid
        cols={{ base: 2, sm: Math.max(1, props.groups.length + dateCols) }}
        spacing="sm"
        style={{ flex: '3 1 520px' }}
      >
        {props.groups.map((g) => (
          <Select
            key={g.key}
            label={g.label}
            placeholder={g.placeholder ?? 'All'}
            clearable
            value={draft[g.key] ?? null}
            onChange={(v) => set({ [g.key]: v ?? undefined })}
            data={g.options}
          />
        ))}
        {props.dates !== false && (
          <>
            <DateField label="From" value={draft.from} onChange={(v) => set({ from: v })} />
            <DateField label="To" value={draft.to} onChange={(v) => set({ to: v })} />
          </>
        )}
      </SimpleGrid>
      <Group gap="xs" w="100%" justify="space-between">
        <Group gap="xs" role="group" aria-label="Quick filters">
          {presets.map((p) => (
            <Chip
              key={p.value}
              size="sm"
              variant="light"
              checked={draft.period === p.value}
              onChange={() => set({ period: draft.period === p.value ? undefined : p.value })}
            >
              {p.label}
            </Chip>
          ))}
        </Group>
        {dirty && (
          <Button variant="subtle" size="xs" onClick={() => setDraft({})}>
            Clear filters
          </Button>
        )}
      </Group>
    </Group>
  );
}
