import { Alert, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BILL_IMPORT_COLUMNS, type BillImportRow } from '@owo/contract/payouts-bills';
import {
  ImportActions,
  ImportErrorTable,
  ImportPage,
  ImportSummaryTable,
  ImportUploadCard,
  importBatchGate,
} from '../../../components/import';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { billExtrasApi, refreshPayouts, useBillImport } from '../api';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** /bills/import and /bill-csv/upload: upload a bill file; the server checks every row. */
export function BillImportScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const upload = useApiMutation({
    silentSuccess: true,
    mutationFn: (file: File) => billExtrasApi.upload(file),
    onSuccess: (res) => void navigate(paths.bills.importSummary.href({ batch: res.data.id })),
  });
  return (
    <ImportPage
      back={{
        label: t('billImport.backToBills'),
        onClick: () => void navigate(paths.payouts.list.href({ list: 'bills' })),
      }}
      title={t('billImport.importBills')}
      description={t('billImport.addReceivedBillsFromA')}
    >
      <ImportUploadCard
        templateTitle={t('billImport.useTheTemplate')}
        template={{ path: '/payout/quote/import/template', name: 'owo-bills-template' }}
        columns={BILL_IMPORT_COLUMNS}
        uploading={upload.isPending}
        error={upload.error?.errors?.file?.[0]}
        onUpload={(f) => f && upload.mutate(f)}
      />
    </ImportPage>
  );
}

/** The summary table's columns: one bill each, with the account it will be paid to. */
function billColumns(t: TFunction<'payouts'>): { label: string; value: (r: BillImportRow) => ReactNode }[] {
  return [
    {
      label: t('billImport.colVendor'),
      value: (r) => (r.payeeId ? r.vendorName : t('billImport.newVendor', { name: r.vendorName })),
    },
    { label: t('billImport.colInvoice'), value: (r) => r.invoiceNumber },
    {
      label: t('billImport.colAmount'),
      value: (r) => (r.amountMinor === null ? '—' : formatMoney(r.amountMinor)),
    },
    { label: t('billImport.colDue'), value: (r) => (r.dueDate ? formatDate(r.dueDate) : '—') },
    {
      label: t('billImport.colPayTo'),
      value: (r) => `${r.bankName ?? ''} ${r.accountNumber} · ${r.accountName ?? ''}`,
    },
  ];
}

/** /bills/import/summary?batch=: the errors by row, or the bills about to be created; confirm writes all or none. */
export function BillImportSummaryScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = useBillImport(params.get('batch'));
  const confirm = useApiMutation({
    mutationFn: () => billExtrasApi.confirm(q.data!.id),
    onSuccess: () => {
      void refreshPayouts();
      void navigate(paths.payouts.list.href({ list: 'bills' }));
    },
  });
  const gate = importBatchGate(q);
  if (gate || !q.data) return gate;
  const b = q.data;
  const again = () => void navigate(paths.bills.import.path);
  if (b.errorRows)
    return (
      <ImportPage
        title={t('billImport.fixTheseRows')}
        description={t('billImport.ofRowsHaveErrorsNothing', {
          fileName: b.fileName,
          errorRows: b.errorRows,
          rowCount: b.rowCount,
        })}
      >
        <ImportErrorTable
          rows={b.rows}
          describe={(r: BillImportRow) => (
            <Text size="sm">
              {r.vendorName || '—'} · {r.invoiceNumber || '—'} · {r.amount ?? '—'}
            </Text>
          )}
        />
        <ImportActions confirm={{ label: t('billImport.uploadAgain'), onClick: again }} />
      </ImportPage>
    );
  const bills = t('billImport.billCount', { count: b.validRows });
  const summary = { fileName: b.fileName, bills, amount: formatMoney(b.totalAmountMinor) };
  return (
    <ImportPage
      title={t('billImport.importSummary')}
      description={
        b.newVendors
          ? t('billImport.totallingNewVendors', { ...summary, count: b.newVendors })
          : t('billImport.totalling', summary)
      }
    >
      {b.status === 'confirmed' && <Alert color="teal">{t('billImport.thisImportHasBeenConfirmed')}</Alert>}
      <ImportSummaryTable rows={b.rows} columns={billColumns(t)} />
      <ImportActions
        confirm={{
          label: t('billImport.confirmAndImport', { bills }),
          onClick: () => confirm.mutate(),
          loading: confirm.isPending,
          disabled: b.status !== 'pending',
        }}
        discard={{ label: t('billImport.cancel'), onClick: again }}
      />
    </ImportPage>
  );
}
