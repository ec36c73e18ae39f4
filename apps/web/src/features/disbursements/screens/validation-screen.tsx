import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DisbursementDetail, DisbursementItem } from '@owo/contract/disbursements';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { ApprovalActions } from '../../approvals';
import { useBanks } from '../../profile';
import { disbursementApi, refreshDisbursements, useDisbursement } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { STATUS_LABELS } from './status';

export function Stat(props: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="lg" fw={600} data-testid={props.testId}>
        {props.value}
      </Text>
    </div>
  );
}

/** /disbursements/:id/validation */
export function ValidationScreen() {
  const { id } = useParams();
  return <ValidationView id={id!} />;
}

/** Validation progress, the rows that failed (fixed in place), submit, and the approval once sent. */
export function ValidationView(props: { id: string }) {
  const q = useDisbursement(props.id, 'invalid');
  const submit = useApiMutation({
    mutationFn: () => disbursementApi.submit(props.id),
    onSuccess: () => void refreshDisbursements(),
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Bulk payment not found'}</Alert>;
  const d = q.data;
  const p = d.progress;
  const checked = p.rows - p.validating;
  const failedRows = d.items.filter((i) => i.status === 'invalid');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{d.name}</Title>
          <Text c="dimmed" size="sm">
            {d.reference} · validation
          </Text>
        </div>
        <StatusBadge status={d.status} label={STATUS_LABELS[d.status]} />
      </Group>
      <Card>
        <Stack gap="sm">
          <Progress.Root size="lg">
            <Progress.Section
              value={((p.rows - p.invalid - p.validating) / Math.max(1, p.rows)) * 100}
              color="teal"
            />
            <Progress.Section value={(p.invalid / Math.max(1, p.rows)) * 100} color="orange" />
          </Progress.Root>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat
              label="Rows checked"
              value={`${checked.toLocaleString('en-NG')} / ${p.rows.toLocaleString('en-NG')}`}
            />
            <Stat
              label="Valid"
              value={(p.rows - p.invalid - p.validating).toLocaleString('en-NG')}
              testId="valid-count"
            />
            <Stat label="Failed" value={p.invalid.toLocaleString('en-NG')} testId="invalid-count" />
            <Stat label="Total (with fees)" value={formatMoney(d.totalMinor, d.currency)} />
          </SimpleGrid>
        </Stack>
      </Card>
      {d.error && (
        <Alert color="red" title="This batch cannot be sent yet">
          {d.error}
        </Alert>
      )}
      {failedRows.length > 0 && <FailedRows batch={d} rows={failedRows} />}
      {d.status === 'invalid' && (
        <Group>
          <Button
            disabled={p.invalid > 0 || p.validating > 0}
            loading={submit.isPending}
            onClick={() => submit.mutate()}
          >
            Submit for approval
          </Button>
          {p.invalid > 0 && (
            <Text size="sm" c="dimmed">
              Fix the failed rows to submit.
            </Text>
          )}
        </Group>
      )}
      {d.status !== 'validating' && d.status !== 'invalid' && (
        <Card>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={5}>Approval</Title>
              <Button component={Link} to={`/disbursements/${d.id}`} variant="light">
                Open bulk payment
              </Button>
            </Group>
            {d.status === 'pending' && (
              <Text size="sm">Every row is valid. The batch is waiting for approval as a whole.</Text>
            )}
            <ApprovalActions
              item={d.approvalWorkflowPendingApprovalItem}
              onDone={() => void refreshDisbursements()}
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function FailedRows(props: { batch: DisbursementDetail; rows: DisbursementItem[] }) {
  return (
    <Card padding={0}>
      <Group p="md" justify="space-between">
        <Title order={5}>Rows that failed validation</Title>
        <Text size="sm" c="dimmed">
          Correct the bank details and save each row
        </Text>
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Account number</Table.Th>
            <Table.Th>Bank</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.slice(0, 200).map((r) => (
            <FixRow key={r.id} batchId={props.batch.id} row={r} />
          ))}
        </Table.Tbody>
      </Table>
      {props.rows.length > 200 && (
        <Text p="md" size="sm" c="dimmed">
          Showing the first 200 of {props.rows.length} failed rows; the report lists them all.
        </Text>
      )}
    </Card>
  );
}

function FixRow(props: { batchId: string; row: DisbursementItem }) {
  const { row } = props;
  const banks = useBanks();
  const [accountNumber, setAccountNumber] = useState(row.accountNumber);
  const [bankCode, setBankCode] = useState<string | null>(row.bankCode);
  const save = useApiMutation({
    mutationFn: () =>
      disbursementApi.fixItem(props.batchId, row.id, { accountNumber, bankCode: bankCode ?? '' }),
    onSuccess: () => void refreshDisbursements(),
  });
  const errors = (save.error instanceof ApiError ? save.error.errors : undefined) as
    Record<string, string[]> | undefined;
  const bankOptions = (banks.data ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }));
  if (bankCode && !bankOptions.some((o) => o.value === bankCode))
    bankOptions.unshift({ value: bankCode, label: bankCode });
  return (
    <Table.Tr data-testid={`failed-row-${row.row}`}>
      <Table.Td>{row.row}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Account number of row ${row.row}`}
          value={accountNumber}
          maxLength={10}
          onChange={(e) => setAccountNumber(e.currentTarget.value.replace(/\D/g, ''))}
          error={errors?.accountNumber?.[0]}
        />
      </Table.Td>
      <Table.Td miw={200}>
        <Select
          size="xs"
          aria-label={`Bank of row ${row.row}`}
          searchable
          data={bankOptions}
          value={bankCode}
          onChange={setBankCode}
          error={errors?.bankCode?.[0]}
        />
      </Table.Td>
      <Table.Td ta="right">{row.amountMinor === null ? '—' : formatMoney(row.amountMinor, 'NGN')}</Table.Td>
      <Table.Td>
        <Text size="xs" c="orange.8">
          {row.error}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button size="xs" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
