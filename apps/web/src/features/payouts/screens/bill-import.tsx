import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { BILL_IMPORT_COLUMNS, type BillImportRow } from '@owo/contract/payouts';
import { ImportErrorTable, ImportSummaryTable, ImportUploadCard } from '../../../components/import-kit';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { billExtrasApi, refreshPayouts, useBillImport } from '../api';

/** /bills/import and /bill-csv/upload: upload a bill file; the server checks every row. */
export function BillImportScreen() {
  const navigate = useNavigate();
  const upload = useApiMutation({
    silentSuccess: true,
    mutationFn: (file: File) => billExtrasApi.upload(file),
    onSuccess: (res) => void navigate(`/bills/import/summary?batch=${res.data.id}`),
  });
  return (
    <Stack gap="lg">
      <Button variant="subtle" px={0} w="fit-content" onClick={() => navigate('/payouts/bills')}>
        ← Bills
      </Button>
      <ImportUploadCard
        title="Import bills"
        description="Add received bills from a CSV or xlsx file. Each row is matched to a vendor by bank account (a new vendor is created otherwise); nothing is saved until you confirm the summary."
        templatePath="/payout/quote/import/template"
        templateName="owo-bills-template"
        columns={BILL_IMPORT_COLUMNS}
        uploading={upload.isPending}
        error={upload.error?.errors?.file?.[0]}
        onUpload={(f) => upload.mutate(f)}
      />
    </Stack>
  );
}

/** /bills/import/summary?batch=: the errors by row, or the bills about to be created; confirm writes all or none. */
export function BillImportSummaryScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = useBillImport(params.get('batch'));
  const confirm = useApiMutation({
    mutationFn: () => billExtrasApi.confirm(q.data!.id),
    onSuccess: () => {
      void refreshPayouts();
      void navigate('/payouts/bills');
    },
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Upload a file first'}</Alert>;
  const b = q.data;
  if (b.errorRows)
    return (
      <Stack gap="lg">
        <div>
          <Title order={3}>Fix these rows</Title>
          <Text c="dimmed" size="sm">
            {b.fileName}: {b.errorRows} of {b.rowCount} rows have errors. Nothing was saved.
          </Text>
        </div>
        <ImportErrorTable
          rows={b.rows}
          describe={(r: BillImportRow) => (
            <Text size="sm">
              {r.vendorName || '—'} · {r.invoiceNumber || '—'} · {r.amount ?? '—'}
            </Text>
          )}
        />
        <Group>
          <Button onClick={() => navigate('/bills/import')}>Upload again</Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="lg">
      <div>
        <Title order={3}>Import summary</Title>
        <Text c="dimmed" size="sm">
          {b.fileName}: {b.validRows} bill{b.validRows === 1 ? '' : 's'} totalling{' '}
          {formatMoney(b.totalAmountMinor)}
          {b.newVendors ? `; ${b.newVendors} new vendor${b.newVendors === 1 ? '' : 's'} will be created` : ''}
          .
        </Text>
      </div>
      {b.status === 'confirmed' && <Alert color="teal">This import has been confirmed.</Alert>}
      <ImportSummaryTable
        rows={b.rows}
        columns={[
          { label: 'Vendor', value: (r) => `${r.vendorName}${r.payeeId ? '' : ' (new)'}` },
          { label: 'Invoice', value: (r) => r.invoiceNumber },
          { label: 'Amount', value: (r) => (r.amountMinor === null ? '—' : formatMoney(r.amountMinor)) },
          { label: 'Due', value: (r) => (r.dueDate ? formatDate(r.dueDate) : '—') },
          {
            label: 'Pay to',
            value: (r) => `${r.bankName ?? ''} ${r.accountNumber} · ${r.accountName ?? ''}`,
          },
        ]}
      />
      <Group>
        <Button
          onClick={() => confirm.mutate()}
          loading={confirm.isPending}
          disabled={b.status !== 'pending'}
        >
          Confirm and import {b.validRows} bill{b.validRows === 1 ? '' : 's'}
        </Button>
        <Button variant="default" onClick={() => navigate('/bills/import')}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
