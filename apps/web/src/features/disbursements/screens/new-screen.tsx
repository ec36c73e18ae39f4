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
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation('disbursements');
  const checked = b ? b.progress.rows - b.progress.validating : 0;
  return (
    <ImportPage maw={640} title={t('newScreen.validatingYourFile')}>
      <ImportProgress
        label={t('newScreen.checkingEveryAccountNumberNuban')}
        value={b ? (checked / Math.max(1, b.progress.rows)) * 100 : 0}
        animated
        statusTestId="validation-progress"
        status={
          b
            ? t('newScreen.rowsChecked', {
                checked: checked.toLocaleString('en-NG'),
                rows: b.progress.rows.toLocaleString('en-NG'),
              })
            : t('newScreen.starting')
        }
      />
    </ImportPage>
  );
}

/** The template's columns and what each holds. */
function TemplateHelp() {
  const { t } = useTranslation('disbursements');
  return (
    <>
      <Text size="sm">{t('newScreen.theFirstRowHoldsThe', { join: DISBURSEMENT_COLUMNS.join(', ') })}</Text>
      <List size="sm">
        <List.Item>{t('newScreen.accountnumberThe10DigitNuban')}</List.Item>
        <List.Item>{t('newScreen.bankcodeTheBankSCode')}</List.Item>
        <List.Item>{t('newScreen.amountInNairaEG')}</List.Item>
        <List.Item>{t('newScreen.narrationUpTo100Characters')}</List.Item>
      </List>
    </>
  );
}

/** /disbursements/new: name, wallet and a CSV or xlsx file of the template's columns. */
export function NewDisbursementScreen() {
  const { t } = useTranslation('disbursements');
  const navigate = useNavigate();
  const { ngn, name, setName, walletId, setWalletId, id, upload, errors, b } = useNewDisbursement();
  if (id) return <ValidatingFile b={b} />;
  return (
    <ImportPage
      maw={640}
      title={t('newScreen.newBulkPayment')}
      description={t('newScreen.uploadACsvOrExcel', {
        DISBURSEMENT_MAX_ROWS: DISBURSEMENT_MAX_ROWS.toLocaleString('en-NG'),
      })}
    >
      <ImportUploadCard
        templateTitle={t('newScreen.template')}
        template={{ path: '/disbursements/template', name: 'owo-bulk-disbursement-template' }}
        help={<TemplateHelp />}
        fileLabel={t('newScreen.file')}
        filePlaceholder={t('newScreen.chooseACsvOrXlsx')}
        fileTestId="disbursement-file"
        fileOptional
        error={errors?.file?.[0]}
        uploading={upload.isPending}
        uploadLabel={t('newScreen.uploadAndValidate')}
        onUpload={(f) => upload.mutate(f)}
        onCancel={() => void navigate(paths.disbursements.root.path)}
      >
        <TextInput
          label={t('newScreen.name')}
          placeholder={t('newScreen.eGNovemberVendorPayments')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors?.name?.[0]}
        />
        <Select
          label={t('newScreen.payFrom')}
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
  const { t } = useTranslation('disbursements');
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) return <Alert color="red">{t('newScreen.noBulkPaymentSelected')}</Alert>;
  return <ValidationView id={id} />;
}
