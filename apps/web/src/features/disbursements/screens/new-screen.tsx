import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DISBURSEMENT_COLUMNS, DISBURSEMENT_MAX_ROWS } from '@owo/contract/disbursements';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useWallets } from '../../money';
import { disbursementApi, refreshDisbursements, useDisbursement } from '../api';
import { ValidationView } from './validation-screen';

/** /disbursements/new: name, wallet and a CSV or xlsx file of the template's columns. */
export function NewDisbursementScreen() {
  const navigate = useNavigate();
  const wallets = useWallets();
  const ngn = (wallets.data ?? []).filter((w) => w.currency === 'NGN');
  const [name, setName] = useState('');
  const [walletId, setWalletId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    if (!walletId && ngn.length) setWalletId(ngn[0].id);
  }, [ngn, walletId]);
  const upload = useApiMutation({
    mutationFn: () => {
      const f = new FormData();
      f.append('name', name);
      if (walletId) f.append('walletId', walletId);
      if (file) f.append('file', file, file.name);
      return disbursementApi.upload(f);
    },
    onSuccess: (res) => {
      void refreshDisbursements();
      setId(res.data.id);
    },
  });
  const errors = (upload.error instanceof ApiError ? upload.error.errors : undefined) as
    Record<string, string[]> | undefined;
  const batch = useDisbursement(id ?? undefined, 'invalid');
  const b = batch.data;
  useEffect(() => {
    if (!b || b.status === 'validating') return;
    void navigate(`/disbursements/new/${b.status === 'invalid' ? 'error' : 'summary'}?id=${b.id}`, {
      replace: true,
    });
  }, [b, navigate]);

  if (id) {
    const checked = b ? b.progress.rows - b.progress.validating : 0;
    return (
      <Stack gap="lg" maw={640}>
        <Title order={2}>Validating your file</Title>
        <Card>
          <Stack gap="sm">
            <Text size="sm">
              Checking every account number (NUBAN) and looking up the account names at the banks.
            </Text>
            <Progress value={b ? (checked / Math.max(1, b.progress.rows)) * 100 : 0} animated />
            <Text size="sm" c="dimmed" data-testid="validation-progress">
              {b
                ? `${checked.toLocaleString('en-NG')} of ${b.progress.rows.toLocaleString('en-NG')} rows checked`
                : 'Starting…'}
            </Text>
          </Stack>
        </Card>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={2}>New bulk payment</Title>
        <Text c="dimmed" size="sm">
          Upload a CSV or Excel (xlsx) file with up to {DISBURSEMENT_MAX_ROWS.toLocaleString('en-NG')} bank
          transfers.
        </Text>
      </div>
      <Card>
        <Stack gap="md">
          <TextInput
            label="Name"
            placeholder="e.g. November vendor payments"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors?.name?.[0]}
          />
          <Select
            label="Pay from"
            data={ngn.map((w) => ({
              value: w.id,
              label: `${w.name} · ${formatMoney(w.balanceMinor, w.currency)}`,
            }))}
            value={walletId}
            onChange={setWalletId}
            error={errors?.walletId?.[0]}
            allowDeselect={false}
          />
          <FileInput
            label="File"
            placeholder="Choose a CSV or xlsx file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={setFile}
            clearable
            error={errors?.file?.[0]}
            data-testid="disbursement-file"
          />
          <Alert variant="light" color="blue" title="Template">
            <Text size="sm">
              The first row holds the columns {DISBURSEMENT_COLUMNS.join(', ')}; one transfer per row after
              it.
            </Text>
            <List size="sm" mt={4}>
              <List.Item>accountNumber: the 10-digit NUBAN</List.Item>
              <List.Item>bankCode: the bank&apos;s code (GTBank is 058)</List.Item>
              <List.Item>amount: in naira, e.g. 15000.50</List.Item>
              <List.Item>narration: up to 100 characters</List.Item>
            </List>
            <Group gap="md" mt="xs">
              <Anchor component="button" size="sm" onClick={() => void disbursementApi.template('csv')}>
                Download CSV template
              </Anchor>
              <Anchor component="button" size="sm" onClick={() => void disbursementApi.template('xlsx')}>
                Download xlsx template
              </Anchor>
            </Group>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/disbursements')}>
              Cancel
            </Button>
            <Button loading={upload.isPending} onClick={() => upload.mutate()}>
              Upload and validate
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /disbursements/new/summary and /new/error: the validated batch (fixes in place on /error). */
export function UploadResultScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) return <Alert color="red">No bulk payment selected</Alert>;
  return <ValidationView id={id} />;
}
