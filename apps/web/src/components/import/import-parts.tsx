// The rest of a file import's screens: the page frame, the server's checking progress, fixing one
// row in a dialog, and the confirm-all / discard actions.
import { Alert, Button, Card, Group, Loader, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Envelope } from '../../lib/api';
import { useApiMutation } from '../../lib/query';
import { PageHeader } from '../page-header';
import { messageText } from '../../lib/messages';

/** An import screen: the way back, its title and help, its actions, then its parts. */
export function ImportPage(props: {
  back?: { label: ReactNode; onClick: () => void };
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  maw?: number;
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={props.maw}>
      {props.back && (
        <Button variant="subtle" px={0} w="fit-content" onClick={props.back.onClick}>
          {props.back.label}
        </Button>
      )}
      {props.title && (
        <PageHeader title={props.title} description={props.description} actions={props.actions} />
      )}
      {props.children}
    </Stack>
  );
}

/** The loader, or the reason there is no batch to show (`missing` when the server named none). */
export function importBatchGate(
  q: { isLoading: boolean; error?: { message: string } | null; data?: unknown },
  missing = 'Upload a file first',
): ReactNode | null {
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{messageText(q.error?.message ?? missing)}</Alert>;
  return null;
}

/** The server checking the rows (account names at the banks): how far it is. */
export function ImportProgress(props: {
  label: ReactNode;
  value: number;
  status?: ReactNode;
  statusTestId?: string;
  animated?: boolean;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text size="sm">{props.label}</Text>
        <Progress value={props.value} animated={props.animated} />
        {props.status && (
          <Text size="sm" c="dimmed" data-testid={props.statusTestId}>
            {props.status}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

type Action = { label: ReactNode; onClick: () => void; loading?: boolean; disabled?: boolean };

/** Confirm writes every checked row or none; discard drops the batch (or leaves it). */
export function ImportActions(props: {
  confirm?: Action;
  discard?: Action & { danger?: boolean };
  /** Between the two, e.g. "Check again". */
  extra?: ReactNode;
  /** Beside the buttons: why confirm is not possible yet. */
  note?: ReactNode;
}) {
  const { confirm, discard } = props;
  return (
    <Group>
      {confirm && (
        <Button onClick={confirm.onClick} loading={confirm.loading} disabled={confirm.disabled}>
          {confirm.label}
        </Button>
      )}
      {props.extra}
      {discard && (
        <Button
          variant={discard.danger ? 'danger' : 'secondary'}
          onClick={discard.onClick}
          loading={discard.loading}
          disabled={discard.disabled}
        >
          {discard.label}
        </Button>
      )}
      {props.note && (
        <Text size="sm" c="dimmed">
          {props.note}
        </Text>
      )}
    </Group>
  );
}

export type ImportFixField = { key: string; label: string; placeholder?: string };
type FixResult = { valid: boolean; errors?: Record<string, string> } | null | undefined;

/**
 * Fix one row in a dialog: the whole row is sent again and checked again; a row still in error
 * keeps the dialog open with the new messages. `children` shows what the values give (pay, say).
 */
export function ImportFixModal(props: {
  rowNo: number;
  fields: readonly ImportFixField[];
  initial: Record<string, string>;
  errors: Record<string, string>;
  save: (values: Record<string, string>) => Promise<Envelope<FixResult>>;
  onClose: () => void;
  onSaved: () => void;
  children?: (values: Record<string, string>) => ReactNode;
}) {
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState(props.errors);
  const save = useApiMutation({
    mutationFn: () => props.save(values),
    onSuccess: (res) => {
      if (res.data?.valid) props.onSaved();
      else setErrors(res.data?.errors ?? {});
    },
  });
  return (
    <Modal opened onClose={props.onClose} title={`Fix row ${props.rowNo}`} size="lg">
      <Stack>
        {props.fields.map((f) => (
          <TextInput
            key={f.key}
            label={f.label}
            value={values[f.key]}
            onChange={(ev) => {
              setValues({ ...values, [f.key]: ev.currentTarget.value });
              setErrors({ ...errors, [f.key]: '' });
            }}
            error={errors[f.key] || undefined}
            placeholder={f.placeholder}
          />
        ))}
        {props.children?.(values)}
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            Save row
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
