// The checked rows of a file import, by spreadsheet row number: each column's value with the
// server's message for that cell under it, and, where the screen lets a row be fixed in place, the
// row's draft, its save and the save's field errors (a bulk payment's account and bank).
import { Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Envelope } from '../../lib/api';
import { ApiError } from '../../lib/api';
import { useApiMutation } from '../../lib/query';

/** A row being fixed in place: its draft, the save, and the save's field errors. */
export type ImportRowFix<D> = {
  draft: D;
  set: (patch: Partial<D>) => void;
  save: () => void;
  saving: boolean;
  errors?: Record<string, string[]>;
};

export type ImportColumn<R, D = never> = {
  label: string;
  value: (r: R, fix: ImportRowFix<D>) => ReactNode;
  /** The server's message for this cell, shown under its value (a text cell). */
  error?: (r: R) => string | null | undefined;
  /** A text cell: '—' when blank. */
  text?: boolean;
  ta?: 'right';
  miw?: number;
  nowrap?: boolean;
};

/** Fixing a row in place: the draft it starts from and the call that saves it. */
export type ImportInlineFix<R, D> = {
  draft: (r: R) => D;
  save: (r: R, draft: D) => Promise<Envelope<unknown>>;
  onSaved?: () => void;
};

type TableProps<R, D> = {
  rows: R[];
  rowNo: (r: R) => number;
  /** The row number's heading ("Row"). */
  rowLabel?: string;
  rowKey?: (r: R) => string | number;
  columns: ImportColumn<R, D>[];
  fix?: ImportInlineFix<R, D>;
  testId?: string;
  rowTestId?: (r: R) => string;
  title?: string;
  subtitle?: ReactNode;
  /** Only the first `limit` rows are drawn; `limitNote` says so. */
  limit?: number;
  limitNote?: (shown: number, total: number) => ReactNode;
  minWidth?: number;
};

/** What a column sees of a row that cannot be fixed in place. */
function noFix<D>(): ImportRowFix<D> {
  return { draft: undefined as D, set: () => {}, save: () => {}, saving: false };
}

export function ImportTable<R, D = never>(props: TableProps<R, D>) {
  const shown = props.limit ? props.rows.slice(0, props.limit) : props.rows;
  return (
    <Card padding={0}>
      {props.title && (
        <Group p="md" justify="space-between">
          <Title order={5}>{props.title}</Title>
          {props.subtitle && (
            <Text size="sm" c="dimmed">
              {props.subtitle}
            </Text>
          )}
        </Group>
      )}
      <ScrollArea>
        <Table data-testid={props.testId} miw={props.minWidth} verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{props.rowLabel ?? 'Row'}</Table.Th>
              {props.columns.map((c) => (
                <Table.Th key={c.label} ta={c.ta}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => {
              const key = props.rowKey?.(r) ?? props.rowNo(r);
              return props.fix ? (
                <FixableRow key={key} row={r} table={props} fix={props.fix} />
              ) : (
                <RowCells key={key} row={r} table={props} fix={noFix<D>()} />
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {props.limit && props.rows.length > props.limit && props.limitNote && (
        <Text p="md" size="sm" c="dimmed">
          {props.limitNote(props.limit, props.rows.length)}
        </Text>
      )}
    </Card>
  );
}

function RowCells<R, D>(props: { row: R; table: TableProps<R, D>; fix: ImportRowFix<D> }) {
  const { row, table } = props;
  return (
    <Table.Tr data-testid={table.rowTestId?.(row)}>
      <Table.Td>{table.rowNo(row)}</Table.Td>
      {table.columns.map((c) => {
        const value = c.value(row, props.fix);
        const error = c.error?.(row);
        return (
          <Table.Td
            key={c.label}
            ta={c.ta}
            miw={c.miw}
            style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
          >
            {c.error || c.text ? <Text size="sm">{value || '—'}</Text> : value}
            {error && (
              <Text size="xs" c="red">
                {error}
              </Text>
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}

function FixableRow<R, D>(props: { row: R; table: TableProps<R, D>; fix: ImportInlineFix<R, D> }) {
  const [draft, setDraft] = useState<D>(() => props.fix.draft(props.row));
  const save = useApiMutation({
    mutationFn: () => props.fix.save(props.row, draft),
    onSuccess: () => props.fix.onSaved?.(),
  });
  const fix: ImportRowFix<D> = {
    draft,
    set: (patch) => setDraft((d) => ({ ...d, ...patch })),
    save: () => save.mutate(),
    saving: save.isPending,
    errors: save.error instanceof ApiError ? save.error.errors : undefined,
  };
  return <RowCells row={props.row} table={props.table} fix={fix} />;
}

/** `accountNumber` → `account number`. */
const fieldLabel = (f: string) => f.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

export type ImportRowBase = { row: number; errors: { field: string; message: string }[] };

/** A row's problems, each with the field it is about. */
export function ImportRowErrors(props: { errors: { field: string; message: string }[] }) {
  return (
    <Stack gap={2}>
      {props.errors.map((e, i) => (
        <Text key={i} component="div" size="sm" c="red.7">
          <Badge size="xs" variant="light" color="red" mr={6} tt="none">
            {fieldLabel(e.field)}
          </Badge>
          {e.message}
        </Text>
      ))}
    </Stack>
  );
}

/** Rows with errors: spreadsheet row number, the entry and its problems. */
export function ImportErrorTable<R extends ImportRowBase>(props: {
  rows: R[];
  describe: (r: R) => ReactNode;
}) {
  return (
    <ImportTable
      testId="import-errors"
      rows={props.rows.filter((r) => r.errors.length)}
      rowNo={(r) => r.row}
      columns={[
        { label: 'Entry', value: props.describe },
        { label: 'Errors', value: (r) => <ImportRowErrors errors={r.errors} /> },
      ]}
    />
  );
}

/** The valid rows about to be written, column by column. */
export function ImportSummaryTable<R extends ImportRowBase>(props: {
  rows: R[];
  columns: { label: string; value: (r: R) => ReactNode }[];
}) {
  return (
    <ImportTable testId="import-summary" rows={props.rows} rowNo={(r) => r.row} columns={props.columns} />
  );
}
