import { Alert, Button, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { VENDOR_IMPORT_COLUMNS, type VendorImportRow } from '@owo/contract/payees';
import {
  ImportActions,
  ImportErrorTable,
  ImportPage,
  ImportSummaryTable,
  ImportUploadCard,
  importBatchGate,
} from '../../../components/import';
import { paths } from '../../../lib/paths';
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
        (res.data.errorRows ? paths.vendors.importError : paths.vendors.importSummary).href({
          batch: res.data.id,
        }),
      ),
  });
  return (
    <ImportPage
      back={{ label: '← Vendors', onClick: () => void navigate(paths.vendors.root.path) }}
      title="Import vendors"
      description="Add many vendors from a CSV or xlsx file. Every bank account is checked and its name resolved; nothing is saved until you confirm the summary."
    >
      <ImportUploadCard
        templateTitle="Use the template"
        template={{ path: '/payee/import/template', name: 'owo-vendors-template' }}
        columns={VENDOR_IMPORT_COLUMNS}
        uploading={upload.isPending}
        error={upload.error?.errors?.file?.[0]}
        onUpload={(f) => f && upload.mutate(f)}
      />
    </ImportPage>
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
  const gate = importBatchGate(q);
  if (gate || !q.data) return gate;
  const b = q.data;
  return (
    <ImportPage
      title="Fix these rows"
      description={`${b.fileName}: ${b.errorRows} of ${b.rowCount} rows have errors. Nothing was saved. Correct the file and upload it again.`}
    >
      <ImportErrorTable rows={b.rows} describe={describe} />
      <ImportActions
        confirm={{ label: 'Upload again', onClick: () => void navigate(paths.vendors.import.path) }}
      />
    </ImportPage>
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
      void navigate(paths.vendors.root.path);
    },
  });
  const gate = importBatchGate(q);
  if (gate || !q.data) return gate;
  const b = q.data;
  if (b.errorRows)
    return (
      <Alert color="red" title="This file has errors">
        <Button
          mt="sm"
          size="xs"
          onClick={() => void navigate(paths.vendors.importError.href({ batch: b.id }))}
        >
          See the errors
        </Button>
      </Alert>
    );
  const vendors = `${b.validRows} vendor${b.validRows === 1 ? '' : 's'}`;
  return (
    <ImportPage
      title="Import summary"
      description={`${b.fileName}: ${vendors} ready. Account names are the banks’ names for each account.`}
    >
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
      <ImportActions
        confirm={{
          label: `Confirm and import ${vendors}`,
          onClick: () => confirm.mutate(),
          loading: confirm.isPending,
          disabled: b.status !== 'pending',
        }}
        discard={{ label: 'Cancel', onClick: () => void navigate(paths.vendors.import.path) }}
      />
    </ImportPage>
  );
}
