import { Alert, List, Select, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  DISBURSEMENT_COLUMNS,
  DISBURSEMENT_MAX_ROWS,
  type DisbursementDetail,
} from '@owo/contract/disbursements';
import { ImportPage, ImportProgress, ImportUploadCard } from '../../../components/import';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { useWallets } from '../../money';
import { disbursementApi, refreshDisbursements, useDisbursement } from '../api';
import { ValidationView } from './validation-screen';

/** The upload (name, NGN wallet, file), then the batch polled until validated, then its result page. */
function useNewDisbursement() {
  const navigate = useNavigate();
  const wallets = useWallets();
  const ngn = (wallets.data ?? []).filter((w) => w.currency === 'NGN');
  const [name, setName] = useState('');
  const [walletId, setWalletId] = useState<string | null>(null);
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    if (!walletId && ngn.length) setWalletId(ngn[0].id);
  }, [ngn, walletId]);
  const upload = useApiMutation({
    mutationFn: (file: File | null) => {
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
    const next = b.status === 'invalid' ? paths.disbursements.newError : paths.disbursements.newSummary;
    void navigate(next.href({ id: b.id }), { replace: true });
  }, [b, navigate]);
  return { ngn, name, setName, walletId, setWalletId, id, upload, errors, b };
}

/** "Validating your file": rows checked so far. */
function ValidatingFile({ b }: { b: DisbursementDetail | undefined }) {
  const checked = b ? b.progress.rows - b.progress.validating : 0;
  return (
    <ImportPage maw={640} title="Validating your file">
      <ImportProgress
        label="Checking every account number (NUBAN) and looking up the account names at the banks."
        value={b ? (checked / Math.max(1, b.progress.rows)) * 100 : 0}
        animated
        statusTestId="validation-progress"
        status={
          b
            ? `${checked.toLocaleString('en-NG')} of ${b.progress.rows.toLocaleString('en-NG')} rows checked`
            : 'Starting…'
        }
      />
    </ImportPage>
  );
}

/** The template's columns and what each holds. */
function TemplateHelp() {
  return (
    <>
      <Text size="sm">
        The first row holds the columns {DISBURSEMENT_COLUMNS.join(', ')}; one transfer per row after it.
      </Text>
      <List size="sm">
        <List.Item>accountNumber: the 10-digit NUBAN</List.Item>
        <List.Item>bankCode: the bank&apos;s code (GTBank is 058)</List.Item>
        <List.Item>amount: in naira, e.g. 15000.50</List.Item>
        <List.Item>narration: up to 100 characters</List.Item>
      </List>
    </>
  );
}

/** /disbursements/new: name, wallet and a CSV or xlsx file of the template's columns. */
export function NewDisbursementScreen() {
  const navigate = useNavigate();
  const { ngn, name, setName, walletId, setWalletId, id, upload, errors, b } = useNewDisbursement();
  if (id) return <ValidatingFile b={b} />;
  return (
    <ImportPage
      maw={640}
      title="New bulk payment"
      description={`Upload a CSV or Excel (xlsx) file with up to ${DISBURSEMENT_MAX_ROWS.toLocaleString('en-NG')} bank transfers.`}
    >
      <ImportUploadCard
        templateTitle="Template"
        template={{ path: '/disbursements/template', name: 'owo-bulk-disbursement-template' }}
        help={<TemplateHelp />}
        fileLabel="File"
        filePlaceholder="Choose a CSV or xlsx file"
        fileTestId="disbursement-file"
        fileOptional
        error={errors?.file?.[0]}
        uploading={upload.isPending}
        uploadLabel="Upload and validate"
        onUpload={(f) => upload.mutate(f)}
        onCancel={() => void navigate(paths.disbursements.root.path)}
      >
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
      </ImportUploadCard>
    </ImportPage>
  );
}

/** /disbursements/new/summary and /new/error: the validated batch (fixes in place on /error). */
export function UploadResultScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) return <Alert color="red">No bulk payment selected</Alert>;
  return <ValidationView id={id} />;
}
