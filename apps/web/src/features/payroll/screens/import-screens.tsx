// Employee import (002 §2 /payroll/import-employees/*, 000 §2.7 upload employees CSV; issue 25 §2):
// upload a CSV/xlsx/xls → the server reads and validates it into a batch → fix rows → commit.
import { Alert, Button, Loader, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MSG, UPLOAD_MAX_BYTES } from '@owo/contract/messages';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import {
  PAYROLL_IMPORT_COLUMNS,
  PAYROLL_IMPORT_MSG,
  type ImportBatch,
  type ImportEntry,
  type ImportEntryInput,
} from '@owo/contract/payroll-import';
import { employeeNetPay, type PayContext, type StatutoryResult } from '@owo/contract/payroll-pay';
import {
  ImportActions,
  ImportFixModal,
  ImportPage,
  ImportProgress,
  ImportTable,
  ImportUploadCard,
  SPREADSHEET_OR_XLS_ACCEPT,
  type ImportColumn,
} from '../../../components/import';
import { api, ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { refreshPayroll } from '../api';
import { MASKED } from '../labels';
import { toMinor } from './employee-form-model';
import { PayFigures, usePayContext } from './pay-figures';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';

type Detail = ImportBatch & { entries: ImportEntry[]; entriesTotal: number; page: number; limit: number };
const base = '/payrolls/employees/csv';

/** /payroll/import-employees: the upload step, with the template. */
export function ImportEmployeesScreen() {
  const { t } = useTranslation('payroll');
  const navigate = useNavigate();
  const upload = useApiMutation({
    silentSuccess: true,
    mutationFn: async (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      const extracted = await api.post<{ entries: ImportEntryInput[] }>(`${base}/extract`, form);
      return api.post<ImportBatch>(`${base}/validate`, {
        fileName: f.name,
        entries: extracted.data!.entries,
      });
    },
    onSuccess: (res) => navigate(paths.payroll.importEmployeesValidation.href({ id: res.data!.id })),
  });
  const err = upload.error;
  return (
    <ImportPage
      maw={720}
      title={t('importScreens.importEmployees')}
      description={t('importScreens.uploadACsvOrExcel')}
    >
      <ImportUploadCard
        columns={PAYROLL_IMPORT_COLUMNS}
        help={
          <Text size="sm">
            {t('importScreens.accountnameAnnualrentAndTheRemittance')}
            <b>{t('importScreens.salaryamountIsTheMonthlyGross')}</b>
            {t('importScreens.paidAsBasicSplitIt')}
          </Text>
        }
        template={{ path: `${base}/template`, name: 'owo-employees-template', formats: ['csv'] }}
        fileLabel={t('importScreens.employeesFile')}
        filePlaceholder={t('importScreens.chooseACsvOrExcel')}
        accept={SPREADSHEET_OR_XLS_ACCEPT}
        fileTestId="import-file"
        checkFile={(f) =>
          f.size > UPLOAD_MAX_BYTES
            ? MSG.fileTooLarge
            : !/\.(csv|xlsx|xls)$/i.test(f.name)
              ? PAYROLL_IMPORT_MSG.fileFormat
              : null
        }
        onFileChange={() => upload.reset()}
        error={
          err ? (err instanceof ApiError ? (err.errors?.file?.[0] ?? err.message) : undefined) : undefined
        }
        uploading={upload.isPending}
        onUpload={(f) => f && upload.mutate(f)}
        onCancel={() => void navigate(paths.payroll.employees.href())}
      />
    </ImportPage>
  );
}

/** /payroll/import-employees/active: the open import, or the upload step. */
export function ImportActiveScreen() {
  const q = useQuery({
    queryKey: ['payrollImport', 'active'],
    queryFn: async () => (await api.get<ImportBatch | null>(`${base}/active`)).data ?? null,
  });
  if (q.isLoading) return <Loader />;
  if (q.data)
    return <Navigate to={paths.payroll.importEmployeesValidation.href({ id: q.data.id })} replace />;
  return <Navigate to={paths.payroll.importEmployees.href()} replace />;
}

/**
 * A row's pay as it will be once imported (issue 35 §5): the file's salaryAmount is the monthly
 * gross, all basic (no components), with the row's annual rent and the company's NHF default,
 * through the contract's `employeeNetPay` (the server's own). Null while the figures are not valid.
 */
export function importedPay(
  e: { salaryAmount: string | null; annualRent: string | null },
  ctx: PayContext,
): StatutoryResult | null {
  const gross = toMinor(e.salaryAmount ?? '');
  const rent = toMinor(e.annualRent ?? '');
  if (!gross || rent === null) return null;
  return employeeNetPay(
    { salaryMinor: gross, components: [], annualRentMinor: rent, nhfEnabled: ctx.settings.nhfDefault },
    ctx,
  );
}

/** /payroll/import-employees/active/:id/validation: progress, rows with their problems, fix, commit. */
export function ImportValidationScreen() {
  const { t } = useTranslation('payroll');
  const { q, finish, retry, ctx, problems, setProblems, fixing, setFixing } = useImportValidation();
  const discard = () => finish.mutate('discard');
  if (q.isLoading) return <Loader />;
  if (q.isError || !q.data) return <Navigate to={paths.payroll.importEmployeesError.href()} replace />;
  const b = q.data;
  if (b.status === 'committed' || b.status === 'discarded')
    return <Navigate to={paths.payroll.importEmployees.href()} replace />;
  const checking = b.status === 'validating';
  const pct = b.progress.total ? Math.round((100 * b.progress.done) / b.progress.total) : 100;
  return (
    <ImportPage
      title={t('importScreens.checkTheImport')}
      description={t('importScreens.rowsReadyWithProblems', {
        value: b.fileName ?? 'Import',
        total: b.total,
        validCount: b.validCount,
        invalidCount: b.invalidCount,
      })}
      actions={
        <ImportActions
          confirm={{
            label: t('importScreens.importEmployeesCount', { count: b.total }),
            onClick: () => finish.mutate('commit'),
            loading: finish.isPending,
            disabled: checking || b.invalidCount > 0,
          }}
          extra={
            <Button variant="secondary" onClick={() => retry.mutate()} loading={retry.isPending}>
              {t('importScreens.checkAgain')}
            </Button>
          }
          discard={{ label: t('importScreens.discard'), danger: true, onClick: discard }}
        />
      }
    >
      {checking && (
        <ImportProgress
          label={t('importScreens.checkingAccountNamesOf', {
            done: b.progress.done,
            total: b.progress.total,
          })}
          value={pct}
        />
      )}
      {!checking && b.invalidCount > 0 && (
        <Alert color="red" title={t('importScreens.rowsHaveProblems', { invalidCount: b.invalidCount })}>
          {PAYROLL_IMPORT_MSG.hasProblems}
        </Alert>
      )}
      {!b.salaryVisible && <Alert color="yellow" title={PAYROLL_MSG.noPermission} />}
      <Switch
        label={t('importScreens.onlyRowsWithProblems')}
        checked={problems}
        onChange={(e) => setProblems(e.currentTarget.checked)}
      />
      <ImportTable
        rows={b.entries}
        rowNo={(e) => e.rowNo}
        rowKey={(e) => e.id}
        rowTestId={(e) => `import-row-${e.rowNo}`}
        columns={entryColumns(ctx, setFixing)}
      />
      {fixing && (
        <EntryFixModal
          entry={fixing}
          ctx={ctx}
          onClose={() => setFixing(null)}
          onSaved={() => {
            setFixing(null);
            void q.refetch();
          }}
        />
      )}
    </ImportPage>
  );
}

/** The batch (polled while it is checked), commit/discard, check again, and the company's pay context. */
function useImportValidation() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [problems, setProblems] = useState(false);
  const [fixing, setFixing] = useState<ImportEntry | null>(null);
  const q = useQuery({
    queryKey: ['payrollImport', id, problems],
    queryFn: async () =>
      (await api.get<Detail>(`${base}/${id}`, { query: { limit: 1000, problems: String(problems) } })).data!,
    refetchInterval: (s) => (s.state.data?.status === 'validating' ? 1000 : false),
  });
  const finish = useApiMutation({
    mutationFn: (x: 'commit' | 'discard') => api.post<{ imported: number }>(`${base}/${id}/${x}`),
    onSuccess: (res, x) => {
      if (x === 'commit')
        void navigate(paths.payroll.importEmployeesSummary.href({ count: res.data?.imported ?? 0 }), {
          replace: true,
        });
      else void navigate(paths.payroll.employees.href(), { replace: true });
      void refreshPayroll();
    },
  });
  const retry = useApiMutation({
    mutationFn: () => api.action<ImportBatch>(`${base}/${id}/retry-validation`),
    onSuccess: () => void q.refetch(),
  });
  // the company once these rows have joined it (pension coverage counts them)
  const ctx = usePayContext(q.data?.total ?? 0);
  return { q, finish, retry, ctx, problems, setProblems, fixing, setFixing };
}

/** Fix one row: every cell sent again, with the row's pay as typed. */
function EntryFixModal({
  entry,
  ctx,
  onClose,
  onSaved,
}: {
  entry: ImportEntry;
  ctx: PayContext;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('payroll');
  return (
    <ImportFixModal
      rowNo={entry.rowNo}
      fields={PAYROLL_IMPORT_COLUMNS.map((c) => ({
        key: c,
        label: t(`importScreens.cell.${c}`),
        placeholder:
          c === 'accountNumber'
            ? t('importScreens.typeTheFullNumber', { value: entry.accountNumber })
            : undefined,
      }))}
      initial={fixValues(entry)}
      errors={entry.errors}
      save={(v) => api.put<ImportEntry>(`${base}/entries/${entry.id}`, v)}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(v) =>
        entry.salaryAmount !== null && (
          <PayFigures pay={importedPay({ salaryAmount: v.salaryAmount, annualRent: v.annualRent }, ctx)} />
        )
      }
    </ImportFixModal>
  );
}

/** A row as it will be imported: the file's cells with their problems, its pay, its state. */
function entryColumns(ctx: PayContext, fix: (e: ImportEntry) => void): ImportColumn<ImportEntry>[] {
  const pay = (e: ImportEntry) => (e.errors.salaryAmount || e.errors.annualRent ? null : importedPay(e, ctx));
  const fig = (e: ImportEntry, minor: number | undefined) =>
    e.salaryAmount === null ? MASKED : minor === undefined ? '—' : formatMoney(minor);
  const t = i18n.getFixedT(null, 'payroll');
  return [
    { label: t('importScreens.col.name'), value: (e) => e.name, error: (e) => e.errors.name },
    { label: t('importScreens.col.email'), value: (e) => e.email, error: (e) => e.errors.email },
    {
      label: t('importScreens.col.monthlyGross'),
      value: (e) => {
        const p = pay(e);
        return e.salaryAmount === null ? MASKED : p ? formatMoney(p.grossMinor) : e.salaryAmount;
      },
      error: (e) => e.errors.salaryAmount,
    },
    {
      label: t('importScreens.col.statutoryDeductions'),
      value: (e) => {
        const p = pay(e);
        return fig(e, p ? -p.statutoryMinor : undefined);
      },
      text: true,
    },
    { label: t('importScreens.col.netPay'), value: (e) => fig(e, pay(e)?.netMinor), text: true },
    {
      label: t('importScreens.col.bank'),
      value: (e) => e.bankName ?? e.bankCode,
      error: (e) => e.errors.bankCode,
    },
    {
      label: t('importScreens.col.account'),
      value: (e) => `${e.accountNumber}${e.accountName ? ` · ${e.accountName}` : ''}`,
      error: (e) => e.errors.accountNumber,
    },
    {
      label: t('importScreens.col.remittance'),
      value: (e) => [e.stateOfResidence, e.pfaName, e.rsaPin, e.nhfNumber].filter(Boolean).join(' · '),
      error: (e) => e.errors.stateOfResidence ?? e.errors.pfaName ?? e.errors.rsaPin ?? e.errors.nhfNumber,
    },
    {
      label: t('importScreens.col.status'),
      nowrap: true,
      value: (e) =>
        e.valid ? (
          <Text size="sm" fw={600} c="green.8">
            {i18n.t('payroll:importScreens.ready')}
          </Text>
        ) : e.nameStatus === 'pending' ? (
          <Text size="sm" fw={600} c="dimmed">
            {i18n.t('payroll:importScreens.checking')}
          </Text>
        ) : (
          <Text size="sm" fw={600} c="red.7">
            {i18n.t('payroll:importScreens.problem')}
          </Text>
        ),
    },
    {
      label: '',
      value: (e) =>
        !e.valid &&
        e.nameStatus !== 'pending' && (
          <Button size="xs" variant="secondary" onClick={() => fix(e)}>
            {i18n.t('payroll:importScreens.fix')}
          </Button>
        ),
    },
  ];
}

/** The row sent again in full; the account number and RSA PIN are masked, so they are typed again. */
const fixValues = (e: ImportEntry): Record<string, string> => ({
  name: e.name,
  email: e.email,
  salaryAmount: e.salaryAmount ?? '',
  bankCode: e.bankCode,
  accountNumber: '',
  accountName: '',
  annualRent: e.annualRent ?? '',
  stateOfResidence: e.stateOfResidence ?? '',
  pfaName: e.pfaName ?? '',
  // masked like the account number: typed again (left blank, the row has no PIN)
  rsaPin: '',
  nhfNumber: e.nhfNumber ?? '',
});

/** /payroll/import-employees/summary */
export function ImportSummaryScreen() {
  const { t } = useTranslation('payroll');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <ImportPage
      maw={560}
      title={t('importScreens.employeesImported')}
      description={t('importScreens.employeesWereAddedEachWas', { value: params.get('count') ?? 0 })}
    >
      <ImportActions
        confirm={{
          label: t('importScreens.viewEmployees'),
          onClick: () => void navigate(paths.payroll.employees.href()),
        }}
      />
    </ImportPage>
  );
}

/** /payroll/import-employees/error */
export function ImportErrorScreen() {
  const { t } = useTranslation('payroll');
  const navigate = useNavigate();
  return (
    <ImportPage
      maw={560}
      title={t('importScreens.theImportCouldNotBe')}
      description={t('importScreens.itMayHaveBeenCommitted')}
    >
      <ImportActions
        confirm={{
          label: t('importScreens.startANewImport'),
          onClick: () => void navigate(paths.payroll.importEmployees.path),
        }}
      />
    </ImportPage>
  );
}
