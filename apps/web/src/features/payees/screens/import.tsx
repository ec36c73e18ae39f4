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
import { useTranslation } from 'react-i18next';

/** /vendors/import-vendors: upload; the server checks every row and keeps the batch. */
export function VendorImportScreen() {
  const { t } = useTranslation('payees');
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
      back={{ label: t('import.backToVendors'), onClick: () => void navigate(paths.vendors.root.path) }}
      title={t('import.importVendors')}
      description={t('import.addManyVendorsFromA')}
    >
      <ImportUploadCard
        templateTitle={t('import.useTheTemplate')}
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
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  const q = useBatch();
  const gate = importBatchGate(q);
  if (gate || !q.data) return gate;
  const b = q.data;
  return (
    <ImportPage
      title={t('import.fixTheseRows')}
      description={t('import.ofRowsHaveErrorsNothing', {
        fileName: b.fileName,
        errorRows: b.errorRows,
        rowCount: b.rowCount,
      })}
    >
      <ImportErrorTable rows={b.rows} describe={describe} />
      <ImportActions
        confirm={{ label: t('import.uploadAgain'), onClick: () => void navigate(paths.vendors.import.path) }}
      />
    </ImportPage>
  );
}

/** /vendors/import-vendors/summary: the vendors about to be created; confirm writes all or none. */
export function VendorImportSummaryScreen() {
  const { t } = useTranslation('payees');
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
      <Alert color="red" title={t('import.thisFileHasErrors')}>
        <Button
          mt="sm"
          size="xs"
          onClick={() => void navigate(paths.vendors.importError.href({ batch: b.id }))}
        >
          {t('import.seeTheErrors')}
        </Button>
      </Alert>
    );
  const vendors = t('import.vendorCount', { count: b.validRows });
  return (
    <ImportPage
      title={t('import.importSummary')}
      description={t('import.readyAccountNamesAreThe', { fileName: b.fileName, vendors })}
    >
      {b.status === 'confirmed' && <Alert color="teal">{t('import.thisImportHasBeenConfirmed')}</Alert>}
      <ImportSummaryTable
        rows={b.rows}
        columns={[
          { label: t('import.colName'), value: (r) => r.name },
          { label: t('import.colEmail'), value: (r) => r.email },
          { label: t('import.colBank'), value: (r) => r.bankName },
          { label: t('import.colAccount'), value: (r) => `${r.accountNumber} · ${r.accountName ?? ''}` },
        ]}
      />
      <ImportActions
        confirm={{
          label: t('import.confirmAndImport', { vendors }),
          onClick: () => confirm.mutate(),
          loading: confirm.isPending,
          disabled: b.status !== 'pending',
        }}
        discard={{ label: t('import.cancel'), onClick: () => void navigate(paths.vendors.import.path) }}
      />
    </ImportPage>
  );
}
