import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { VENDOR_IMPORT_COLUMNS, type VendorImportRow } from '@owo/contract/payees';
import { ImportErrorTable, ImportSummaryTable, ImportUploadCard } from '../../../components/import-kit';
import { useApiMutation } from '../../../lib/query';
import { refreshPayees, useVendorImport, vendorOnboardingApi } from '../api';

/** /vendors/import-vendors: upload; the server checks every row and keeps the batch. */
export function VendorImportScreen() {
  const navigate = useNavigate();
  const upload = useApiMutation({
    silentSuccess: true,
    mutationFn: (file: File) => vendorOnboardingApi.upload(file),
    onSuccess: (res) =>
      void navigate(
        res.data.errorRows
          ? `/vendors/import/error?batch=${res.data.id}`
          : `/vendors/import-vendors/summary?batch=${res.data.id}`,
      ),
  });
  return (
    <Stack gap="lg">
      <Button variant="subtle" px={0} w="fit-content" onClick={() => navigate('/vendors')}>
        ← Vendors
      </Button>
      <ImportUploadCard
        title="Import vendors"
        description="Add many vendors from a CSV or xlsx file. Every bank account is checked and its name resolved; nothing is saved until you confirm the summary."
        templatePath="/payee/import/template"
        templateName="owo-vendors-template"
        columns={VENDOR_IMPORT_COLUMNS}
        uploading={upload.isPending}
        error={upload.error?.errors?.file?.[0]}
        onUpload={(f) => upload.mutate(f)}
      />
    </Stack>
  );
}

const describe = (r: VendorImportRow) => (
  <Text size="sm">
    {r.name || '—'} · {r.email || '—'} · {r.bankCode || '—'} {r.accountNumber || ''}
  </Text>
);

function useBatch() {
  const [params] = useSearchParams();
  return useVendorImport(params.get('batch'));
}

/** /vendors/import/error: the rows with errors, by spreadsheet row number. */
export function VendorImportErrorScreen() {
  const navigate = useNavigate();
  const q = useBatch();
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Upload a file first'}</Alert>;
  const b = q.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={3}>Fix these rows</Title>
        <Text c="dimmed" size="sm">
          {b.fileName}: {b.errorRows} of {b.rowCount} rows have errors. Nothing was saved. Correct the file
          and upload it again.
        </Text>
      </div>
      <ImportErrorTable rows={b.rows} describe={describe} />
      <Group>
        <Button onClick={() => navigate('/vendors/import-vendors')}>Upload again</Button>
      </Group>
    </Stack>
  );
}

/** /vendors/import-vendors/summary: the vendors about to be created; confirm writes all or none. */
export function VendorImportSummaryScreen() {
  const navigate = useNavigate();
  const q = useBatch();
  const confirm = useApiMutation({
    mutationFn: () => vendorOnboardingApi.confirm(q.data!.id),
    onSuccess: () => {
      void refreshPayees();
      void navigate('/vendors');
    },
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Upload a file first'}</Alert>;
  const b = q.data;
  if (b.errorRows)
    return (
      <Alert color="red" title="This file has errors">
        <Button mt="sm" size="xs" onClick={() => navigate(`/vendors/import/error?batch=${b.id}`)}>
          See the errors
        </Button>
      </Alert>
    );
  return (
    <Stack gap="lg">
      <div>
        <Title order={3}>Import summary</Title>
        <Text c="dimmed" size="sm">
          {b.fileName}: {b.validRows} vendor{b.validRows === 1 ? '' : 's'} ready. Account names are the banks’
          names for each account.
        </Text>
      </div>
      {b.status === 'confirmed' && <Alert color="teal">This import has been confirmed.</Alert>}
      <ImportSummaryTable
        rows={b.rows}
        columns={[
          { label: 'Name', value: (r) => r.name },
          { label: 'Email', value: (r) => r.email },
          { label: 'Bank', value: (r) => r.bankName },
          { label: 'Account', value: (r) => `${r.accountNumber} · ${r.accountName ?? ''}` },
        ]}
      />
      <Group>
        <Button
          onClick={() => confirm.mutate()}
          loading={confirm.isPending}
          disabled={b.status !== 'pending'}
        >
          Confirm and import {b.validRows} vendor{b.validRows === 1 ? '' : 's'}
        </Button>
        <Button variant="default" onClick={() => navigate('/vendors/import-vendors')}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
