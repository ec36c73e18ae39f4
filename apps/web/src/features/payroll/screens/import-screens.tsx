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
import {
  ImportActions,
  ImportPage,
  ImportProgress,
  ImportTable,
  ImportUploadCard,
  SPREADSHEET_OR_XLS_ACCEPT,
} from '../../../components/import';
import { api, ApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { refreshPayroll } from '../api';
import { EntryFixModal, entryColumns, IMPORT_BASE } from './import-entries';
import { usePayContext } from './pay-figures';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Detail = ImportBatch & { entries: ImportEntry[]; entriesTotal: number; page: number; limit: number };
const base = IMPORT_BASE;

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
            <Trans t={t} i18nKey="importScreens.optionalColumnsAndSalary" components={{ b: <b /> }} />
          </Text>
        }
        template={{ path: `${base}/template`, name: 'owo-employees-template', formats: ['csv'] }}
        fileLabel={t('importScreens.employeesFile')}
        filePlaceholder={t('importScreens.chooseACsvOrExcel')}
        accept={SPREADSHEET_OR_XLS_ACCEPT}
        fileTestId="import-file"
        checkFile={(f) =>
          f.size > UPLOAD_MAX_BYTES
            ? messageText(MSG.fileTooLarge)
            : !/\.(csv|xlsx|xls)$/i.test(f.name)
              ? messageText(PAYROLL_IMPORT_MSG.fileFormat)
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
          {messageText(PAYROLL_IMPORT_MSG.hasProblems)}
        </Alert>
      )}
      {!b.salaryVisible && <Alert color="yellow" title={messageText(PAYROLL_MSG.noPermission)} />}
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
