import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import type { DisbursementDetail, DisbursementItem } from '@owo/contract/disbursements';
import { PageHeader } from '../../../components/page-header';
import { ImportActions, ImportTable, importBatchGate, type ImportColumn } from '../../../components/import';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { ApprovalActions } from '../../approvals';
import { useBanks } from '../../profile';
import { disbursementApi, refreshDisbursements, useDisbursement } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { batchStatusLabel } from './status';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';

export function Stat(props: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="lg" fw={600} data-testid={props.testId}>
        {props.value}
      </Text>
    </div>
  );
}

/** /disbursements/:id/validation */
export function ValidationScreen() {
  const { id } = useParams();
  return <ValidationView id={id!} />;
}

/** Valid and failed rows as a bar, with the counts and the total. */
function ValidationProgress({ d }: { d: DisbursementDetail }) {
  const { t } = useTranslation('disbursements');
  const p = d.progress;
  const checked = p.rows - p.validating;
  return (
    <Card>
      <Stack gap="sm">
        <Progress.Root size="lg">
          <Progress.Section
            value={((p.rows - p.invalid - p.validating) / Math.max(1, p.rows)) * 100}
            color="teal"
          />
          <Progress.Section value={(p.invalid / Math.max(1, p.rows)) * 100} color="orange" />
        </Progress.Root>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat
            label={t('validationScreen.rowsChecked')}
            value={`${checked.toLocaleString('en-NG')} / ${p.rows.toLocaleString('en-NG')}`}
          />
          <Stat
            label={t('validationScreen.valid')}
            value={(p.rows - p.invalid - p.validating).toLocaleString('en-NG')}
            testId="valid-count"
          />
          <Stat
            label={t('validationScreen.failed')}
            value={p.invalid.toLocaleString('en-NG')}
            testId="invalid-count"
          />
          <Stat label={t('validationScreen.totalWithFees')} value={formatMoney(d.totalMinor, d.currency)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** Once sent: a link to the bulk payment and the shared approval actions. */
function ApprovalCard({ d }: { d: DisbursementDetail }) {
  const { t } = useTranslation('disbursements');
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>{t('validationScreen.approval')}</Title>
          <Button component={Link} to={paths.disbursements.detail.href({ id: d.id })} variant="secondary">
            {t('validationScreen.openBulkPayment')}
          </Button>
        </Group>
        {d.status === 'pending' && <Text size="sm">{t('validationScreen.everyRowIsValidThe')}</Text>}
        <ApprovalActions
          item={d.approvalWorkflowPendingApprovalItem}
          onDone={() => void refreshDisbursements()}
        />
      </Stack>
    </Card>
  );
}

/** Validation progress, the rows that failed (fixed in place), submit, and the approval once sent. */
export function ValidationView(props: { id: string }) {
  const { t } = useTranslation('disbursements');
  const q = useDisbursement(props.id, 'invalid');
  const submit = useApiMutation({
    mutationFn: () => disbursementApi.submit(props.id),
    onSuccess: () => void refreshDisbursements(),
  });
  const gate = importBatchGate(q, t('validationScreen.notFound'));
  if (gate || !q.data) return gate;
  const d = q.data;
  const p = d.progress;
  const failedRows = d.items.filter((i) => i.status === 'invalid');
  return (
    <Stack gap="lg">
      <PageHeader
        title={d.name}
        description={t('validationScreen.validation', { reference: d.reference })}
        actions={<StatusBadge status={d.status} label={batchStatusLabel(d.status)} />}
        mb={0}
      />
      <ValidationProgress d={d} />
      {d.error && (
        <Alert color="red" title={t('validationScreen.thisBatchCannotBeSent')}>
          {d.error}
        </Alert>
      )}
      {failedRows.length > 0 && <FailedRows batch={d} rows={failedRows} />}
      {d.status === 'invalid' && (
        <ImportActions
          confirm={{
            label: t('validationScreen.submitForApproval'),
            onClick: () => submit.mutate(),
            loading: submit.isPending,
            disabled: p.invalid > 0 || p.validating > 0,
          }}
          note={p.invalid > 0 && t('validationScreen.fixTheFailedRowsTo')}
        />
      )}
      {d.status !== 'validating' && d.status !== 'invalid' && <ApprovalCard d={d} />}
    </Stack>
  );
}

type BankFix = { accountNumber: string; bankCode: string | null };

/** The rows that failed, each fixed in place: its account number and bank, saved row by row. */
function FailedRows(props: { batch: DisbursementDetail; rows: DisbursementItem[] }) {
  const { t } = useTranslation('disbursements');
  const banks = useBanks();
  const bankOptions = (code: string | null) => {
    const options = (banks.data ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }));
    if (code && !options.some((o) => o.value === code)) options.unshift({ value: code, label: code });
    return options;
  };
  return (
    <ImportTable<DisbursementItem, BankFix>
      title={t('validationScreen.rowsThatFailedValidation')}
      subtitle={t('validationScreen.correctTheBankDetailsAnd')}
      rows={props.rows}
      rowNo={(r) => r.row}
      rowKey={(r) => r.id}
      rowTestId={(r) => `failed-row-${r.row}`}
      limit={200}
      limitNote={(shown, total) => t('validationScreen.showingTheFirstOfFailed', { shown, total })}
      fix={{
        draft: (r) => ({ accountNumber: r.accountNumber, bankCode: r.bankCode }),
        save: (r, d) =>
          disbursementApi.fixItem(props.batch.id, r.id, {
            accountNumber: d.accountNumber,
            bankCode: d.bankCode ?? '',
          }),
        onSaved: () => void refreshDisbursements(),
      }}
      columns={fixColumns(bankOptions)}
    />
  );
}

/** A failed row's cells: its account number and bank to correct, its amount, why it failed, save. */
function fixColumns(
  bankOptions: (code: string | null) => { value: string; label: string }[],
): ImportColumn<DisbursementItem, BankFix>[] {
  return [
    {
      label: i18n.t('disbursements:validationScreen.accountNumber'),
      value: (r, fix) => (
        <TextInput
          size="xs"
          aria-label={i18n.t('disbursements:validationScreen.accountNumberOfRow', { row: r.row })}
          value={fix.draft.accountNumber}
          maxLength={10}
          onChange={(e) => fix.set({ accountNumber: e.currentTarget.value.replace(/\D/g, '') })}
          error={fix.errors?.accountNumber?.[0]}
        />
      ),
    },
    {
      label: i18n.t('disbursements:validationScreen.bank'),
      miw: 200,
      value: (r, fix) => (
        <Select
          size="xs"
          aria-label={i18n.t('disbursements:validationScreen.bankOfRow', { row: r.row })}
          searchable
          data={bankOptions(fix.draft.bankCode)}
          value={fix.draft.bankCode}
          onChange={(bankCode) => fix.set({ bankCode })}
          error={fix.errors?.bankCode?.[0]}
        />
      ),
    },
    {
      label: i18n.t('disbursements:validationScreen.amount'),
      ta: 'right',
      value: (r) => (r.amountMinor === null ? '—' : formatMoney(r.amountMinor, 'NGN')),
    },
    {
      label: i18n.t('disbursements:validationScreen.error'),
      value: (r) => (
        <Text size="xs" c="orange.8">
          {r.error}
        </Text>
      ),
    },
    {
      label: '',
      value: (_r, fix) => (
        <Button size="xs" loading={fix.saving} onClick={fix.save}>
          {i18n.t('disbursements:validationScreen.save')}
        </Button>
      ),
    },
  ];
}
