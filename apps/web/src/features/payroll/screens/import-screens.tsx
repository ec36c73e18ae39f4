// Employee import (002 §2 /payroll/import-employees/*, 000 §2.7 upload employees CSV; issue 25 §2):
// upload a CSV/xlsx/xls → the server reads and validates it into a batch → fix rows → commit.
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MSG, UPLOAD_MAX_BYTES } from '@owo/contract/messages';
import {
  PAYROLL_IMPORT_COLUMNS,
  PAYROLL_IMPORT_MSG,
  PAYROLL_MSG,
  type ImportBatch,
  type ImportEntry,
  type ImportEntryInput,
} from '@owo/contract/payroll';
import { employeeNetPay, type PayContext, type StatutoryResult } from '@owo/contract/payroll-pay';
import { api, ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { refreshPayroll } from '../api';
import { MASKED } from '../labels';
import { PayFigures, toMinor, usePayContext } from './employee-form';

type Detail = ImportBatch & { entries: ImportEntry[]; entriesTotal: number; page: number; limit: number };
const base = '/payrolls/employees/csv';
const ACCEPT = '.csv,.xlsx,.xls';

/** /payroll/import-employees: the upload step, with the template. */
export function ImportEmployeesScreen() {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
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
    onSuccess: (res) => navigate(`/payroll/import-employees/active/${res.data!.id}/validation`),
    onError: (err) => setError(err instanceof ApiError ? (err.errors?.file?.[0] ?? err.message) : null),
  });
  const pick = (f: File | null) => {
    setError(null);
    setFile(f);
    if (!f) return;
    if (f.size > UPLOAD_MAX_BYTES) setError(MSG.fileTooLarge);
    else if (!/\.(csv|xlsx|xls)$/i.test(f.name)) setError(PAYROLL_IMPORT_MSG.fileFormat);
  };
  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={2}>Import employees</Title>
        <Text c="dimmed" size="sm">
          Upload a CSV or Excel file (up to 1 MB, 10,000 employees). Every row is checked before anything is
          saved.
        </Text>
      </div>
      <Card withBorder>
        <Stack>
          <Text size="sm">
            Columns: <code>{PAYROLL_IMPORT_COLUMNS.join(', ')}</code> (accountName, annualRent and the
            remittance columns stateOfResidence, pfaName, rsaPin, nhfNumber are optional; headers in any
            case). <b>salaryAmount is the monthly gross</b>, paid as basic; split it into Housing, Transport
            and other allowances afterwards in the employee&apos;s form.{' '}
            <Anchor href={`/api${base}/template`} download="owo-employees-template.csv">
              Download template
            </Anchor>
          </Text>
          <FileInput
            label="Employees file"
            placeholder="Choose a CSV or Excel file"
            accept={ACCEPT}
            value={file}
            onChange={pick}
            error={error}
            clearable
            data-testid="import-file"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/payroll/employees')}>
              Cancel
            </Button>
            <Button
              disabled={!file || !!error}
              loading={upload.isPending}
              onClick={() => file && upload.mutate(file)}
            >
              Upload and check
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /payroll/import-employees/active: the open import, or the upload step. */
export function ImportActiveScreen() {
  const q = useQuery({
    queryKey: ['payrollImport', 'active'],
    queryFn: async () => (await api.get<ImportBatch | null>(`${base}/active`)).data ?? null,
  });
  if (q.isLoading) return <Loader />;
  if (q.data) return <Navigate to={`/payroll/import-employees/active/${q.data.id}/validation`} replace />;
  return <Navigate to="/payroll/import-employees" replace />;
}

const CELL_LABEL: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  salaryAmount: 'Monthly gross (salaryAmount)',
  bankCode: 'Bank',
  accountNumber: 'Account number',
  accountName: 'Account name',
  annualRent: 'Annual rent',
  stateOfResidence: 'State of residence',
  pfaName: 'PFA',
  rsaPin: 'RSA PIN',
  nhfNumber: 'NHF number',
};

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
        void navigate(`/payroll/import-employees/summary?count=${res.data?.imported ?? 0}`, {
          replace: true,
        });
      else void navigate('/payroll/employees', { replace: true });
      void refreshPayroll();
    },
  });
  const retry = useApiMutation({
    mutationFn: () => api.action<ImportBatch>(`${base}/${id}/retry-validation`),
    onSuccess: () => void q.refetch(),
  });
  // the company once these rows have joined it (pension coverage counts them)
  const ctx = usePayContext(q.data?.total ?? 0);
  if (q.isLoading) return <Loader />;
  if (q.isError || !q.data) return <Navigate to="/payroll/import-employees/error" replace />;
  const b = q.data;
  if (b.status === 'committed' || b.status === 'discarded')
    return <Navigate to="/payroll/import-employees" replace />;
  const checking = b.status === 'validating';
  const pct = b.progress.total ? Math.round((100 * b.progress.done) / b.progress.total) : 100;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={2}>Check the import</Title>
          <Text c="dimmed" size="sm">
            {b.fileName ?? 'Import'} · {b.total} rows · {b.validCount} ready · {b.invalidCount} with problems
          </Text>
        </div>
        <Group>
          <Button variant="default" color="red" onClick={() => finish.mutate('discard')}>
            Discard
          </Button>
          <Button variant="default" onClick={() => retry.mutate()} loading={retry.isPending}>
            Check again
          </Button>
          <Button
            disabled={checking || b.invalidCount > 0}
            loading={finish.isPending}
            onClick={() => finish.mutate('commit')}
          >
            Import {b.total} employees
          </Button>
        </Group>
      </Group>
      {checking && (
        <Card withBorder>
          <Text size="sm" mb="xs">
            Checking account names: {b.progress.done} of {b.progress.total}
          </Text>
          <Progress value={pct} />
        </Card>
      )}
      {!checking && b.invalidCount > 0 && (
        <Alert color="red" title={`${b.invalidCount} rows have problems`}>
          {PAYROLL_IMPORT_MSG.hasProblems}
        </Alert>
      )}
      {!b.salaryVisible && <Alert color="yellow" title={PAYROLL_MSG.noPermission} />}
      <Switch
        label="Only rows with problems"
        checked={problems}
        onChange={(e) => setProblems(e.currentTarget.checked)}
      />
      <Card padding={0} withBorder>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Monthly gross</Table.Th>
              <Table.Th>Statutory deductions</Table.Th>
              <Table.Th>Net pay</Table.Th>
              <Table.Th>Bank</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th>Remittance</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {b.entries.map((e) => {
              const pay = e.errors.salaryAmount || e.errors.annualRent ? null : importedPay(e, ctx);
              const fig = (minor: number | undefined) =>
                e.salaryAmount === null ? MASKED : minor === undefined ? '—' : formatMoney(minor);
              return (
                <Table.Tr key={e.id} data-testid={`import-row-${e.rowNo}`}>
                  <Table.Td>{e.rowNo}</Table.Td>
                  <Cell value={e.name} error={e.errors.name} />
                  <Cell value={e.email} error={e.errors.email} />
                  <Cell
                    value={
                      e.salaryAmount === null ? MASKED : pay ? formatMoney(pay.grossMinor) : e.salaryAmount
                    }
                    error={e.errors.salaryAmount}
                  />
                  <Cell value={fig(pay ? -pay.statutoryMinor : undefined)} />
                  <Cell value={fig(pay?.netMinor)} />
                  <Cell value={e.bankName ?? e.bankCode} error={e.errors.bankCode} />
                  <Cell
                    value={`${e.accountNumber}${e.accountName ? ` · ${e.accountName}` : ''}`}
                    error={e.errors.accountNumber}
                  />
                  <Cell
                    value={[e.stateOfResidence, e.pfaName, e.rsaPin, e.nhfNumber].filter(Boolean).join(' · ')}
                    error={
                      e.errors.stateOfResidence ?? e.errors.pfaName ?? e.errors.rsaPin ?? e.errors.nhfNumber
                    }
                  />
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {e.valid ? (
                      <Text size="sm" fw={600} c="green.8">
                        Ready
                      </Text>
                    ) : e.nameStatus === 'pending' ? (
                      <Text size="sm" fw={600} c="dimmed">
                        Checking
                      </Text>
                    ) : (
                      <Text size="sm" fw={600} c="red.7">
                        Problem
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!e.valid && e.nameStatus !== 'pending' && (
                      <Button size="xs" variant="light" onClick={() => setFixing(e)}>
                        Fix
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
      {fixing && (
        <FixRowModal
          ctx={ctx}
          entry={fixing}
          onClose={() => setFixing(null)}
          onSaved={() => {
            setFixing(null);
            void q.refetch();
          }}
        />
      )}
    </Stack>
  );
}

function Cell(props: { value: string; error?: string }) {
  return (
    <Table.Td>
      <Text size="sm">{props.value || '—'}</Text>
      {props.error && (
        <Text size="xs" c="red">
          {props.error}
        </Text>
      )}
    </Table.Td>
  );
}

/** Fix one row: the full row is sent again (the account number must be typed again: it is masked). */
function FixRowModal(props: {
  entry: ImportEntry;
  ctx: PayContext;
  onClose: () => void;
  onSaved: () => void;
}) {
  const e = props.entry;
  const [v, setV] = useState<Record<string, string>>({
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
  const [errors, setErrors] = useState<Record<string, string>>(e.errors);
  const save = useApiMutation({
    mutationFn: () => api.put<ImportEntry>(`${base}/entries/${e.id}`, v),
    onSuccess: (res) => {
      if (res.data?.valid) props.onSaved();
      else setErrors(res.data?.errors ?? {});
    },
  });
  return (
    <Modal opened onClose={props.onClose} title={`Fix row ${e.rowNo}`} size="lg">
      <Stack>
        {PAYROLL_IMPORT_COLUMNS.map((c) => (
          <TextInput
            key={c}
            label={CELL_LABEL[c]}
            value={v[c]}
            onChange={(ev) => {
              setV({ ...v, [c]: ev.currentTarget.value });
              setErrors({ ...errors, [c]: '' });
            }}
            error={errors[c] || undefined}
            placeholder={c === 'accountNumber' ? `Type the full number (${e.accountNumber})` : undefined}
          />
        ))}
        {e.salaryAmount !== null && (
          <PayFigures
            pay={importedPay({ salaryAmount: v.salaryAmount, annualRent: v.annualRent }, props.ctx)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            Save row
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /payroll/import-employees/summary */
export function ImportSummaryScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={2}>Employees imported</Title>
      <Text>
        {params.get('count') ?? 0} employees were added. Each was mailed an invitation to the employee portal.
      </Text>
      <Group>
        <Button onClick={() => navigate('/payroll/employees')}>View employees</Button>
      </Group>
    </Stack>
  );
}

/** /payroll/import-employees/error */
export function ImportErrorScreen() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={560}>
      <Title order={2}>The import could not be opened</Title>
      <Text c="dimmed">It may have been committed, discarded or deleted.</Text>
      <Group>
        <Button onClick={() => navigate('/payroll/import-employees')}>Start a new import</Button>
      </Group>
    </Stack>
  );
}
