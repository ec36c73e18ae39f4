import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { DisbursementDetail, DisbursementItemStatus } from '@owo/contract/disbursements';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { ApprovalActions } from '../../approvals';
import { disbursementApi, refreshDisbursements, useDisbursement } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { batchStatusLabel, itemStatusLabel } from './status';
import { Stat } from './validation-screen';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { ListPagination, NoData } from '../../../components/list';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

const PAGE = 50;
const FILTERS: ('all' | DisbursementItemStatus)[] = ['all', 'paid', 'paying', 'failed'];

/** The batch's status, its report download and, for failed rows, a retry. */
function HeaderActions({ id, d }: { id: string; d: DisbursementDetail }) {
  const { t } = useTranslation('disbursements');
  const canPay = useCan('disbursement', 'post');
  const retry = useApiMutation({
    mutationFn: () => disbursementApi.retry(id),
    onSuccess: () => void refreshDisbursements(),
  });
  const [downloading, setDownloading] = useState(false);
  const p = d.progress;
  const canRetry =
    canPay &&
    p.failed > 0 &&
    (d.status === 'partially_failed' || d.status === 'failed' || d.status === 'paying');
  return (
    <>
      <StatusBadge status={d.status} label={batchStatusLabel(d.status)} />
      <Button
        variant="secondary"
        loading={downloading}
        onClick={() => {
          setDownloading(true);
          void disbursementApi.report(d.id).finally(() => setDownloading(false));
        }}
      >
        {t('detailScreen.downloadReport')}
      </Button>
      {canRetry && (
        <Button loading={retry.isPending} onClick={() => retry.mutate()}>
          {t('detailScreen.retryFailedRows')}
        </Button>
      )}
    </>
  );
}

/** Totals, fees and row counts, with a bar of paid and failed rows once paying started. */
function ProgressCard({ d }: { d: DisbursementDetail }) {
  const { t } = useTranslation('disbursements');
  const p = d.progress;
  return (
    <Card>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          <Stat label={t('detailScreen.totalWithFees')} value={formatMoney(d.totalMinor, d.currency)} />
          <Stat label={t('detailScreen.fees')} value={formatMoney(d.feeMinor, d.currency)} />
          <Stat label={t('detailScreen.paid')} value={p.paid.toLocaleString('en-NG')} testId="paid-count" />
          <Stat label={t('detailScreen.paying')} value={p.paying.toLocaleString('en-NG')} />
          <Stat
            label={t('detailScreen.failed')}
            value={p.failed.toLocaleString('en-NG')}
            testId="failed-count"
          />
        </SimpleGrid>
        {(p.paid || p.paying || p.failed) > 0 && (
          <Progress.Root size="lg">
            <Progress.Section value={(p.paid / Math.max(1, p.rows)) * 100} color="green" />
            <Progress.Section value={(p.failed / Math.max(1, p.rows)) * 100} color="red" />
          </Progress.Root>
        )}
      </Stack>
    </Card>
  );
}

/** One page of the batch's rows: payee, bank, amount, fee, narration and status (with its error). */
function RowsTable({ rows, currency }: { rows: DisbursementDetail['items']; currency: string }) {
  const { t } = useTranslation('disbursements');
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('detailScreen.row')}</Table.Th>
          <Table.Th>{t('detailScreen.account')}</Table.Th>
          <Table.Th>{t('detailScreen.bank')}</Table.Th>
          <Table.Th ta="right">{t('detailScreen.amount')}</Table.Th>
          <Table.Th ta="right">{t('detailScreen.fee')}</Table.Th>
          <Table.Th>{t('detailScreen.narration')}</Table.Th>
          <Table.Th>{t('detailScreen.status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.id} data-testid={`row-${r.row}`}>
            <Table.Td>{r.row}</Table.Td>
            <Table.Td>
              <Text size="sm">{r.accountName ?? '—'}</Text>
              <Text size="xs" c="dimmed">
                {r.accountNumber}
              </Text>
            </Table.Td>
            <Table.Td>{r.bankName ?? r.bankCode}</Table.Td>
            <Table.Td ta="right">
              {r.amountMinor === null ? '—' : formatMoney(r.amountMinor, currency)}
            </Table.Td>
            <Table.Td ta="right">{r.feeMinor === null ? '—' : formatMoney(r.feeMinor, currency)}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={1}>
                {r.narration}
              </Text>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={r.status} label={itemStatusLabel(r.status)} size="sm" />
              {r.error && (
                <Text size="xs" c="red.7">
                  {r.error}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

type RowFilter = 'all' | DisbursementItemStatus;

/** The rows card: a status filter (back to page one on change), the page of rows, the pages. */
function RowsCard(props: {
  d: DisbursementDetail;
  filter: RowFilter;
  setFilter: (f: RowFilter) => void;
  page: number;
  setPage: (p: number) => void;
}) {
  const { t } = useTranslation('disbursements');
  const { d, page, setPage } = props;
  const rows = d.items.slice((page - 1) * PAGE, page * PAGE);
  return (
    <Card padding={0}>
      <Group p="md" justify="space-between">
        <Title order={5}>{t('detailScreen.rows')}</Title>
        <SegmentedControl
          size="xs"
          data={FILTERS.map((value) => ({ value, label: t(`detailScreen.filters.${value}`) }))}
          value={props.filter}
          onChange={(v) => {
            props.setFilter(v as RowFilter);
            setPage(1);
          }}
        />
      </Group>
      {rows.length === 0 ? <NoData /> : <RowsTable rows={rows} currency={d.currency} />}
      <ListPagination
        pagination={{ totalPages: Math.ceil(d.items.length / PAGE) }}
        page={page}
        onChange={setPage}
      />
    </Card>
  );
}

/** /disbursements/:id: totals, progress, the shared approval actions, per-row statuses, retry, report. */
export function DisbursementScreen() {
  const { t } = useTranslation('disbursements');
  const { id } = useParams();
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(1);
  const q = useDisbursement(id, filter === 'all' ? undefined : filter);
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return (
      <Alert color="red">{messageText(q.error?.message ?? t('detailScreen.bulkPaymentNotFound'))}</Alert>
    );
  const d = q.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={d.name}
        description={
          <>
            {t('detailScreen.createdByOn', {
              reference: d.reference,
              name: d.maker.name,
              dateTime: formatDateTime(d.createdAt),
            })}
          </>
        }
        actions={<HeaderActions id={id!} d={d} />}
      />
      <ProgressCard d={d} />
      {(d.status === 'validating' || d.status === 'invalid') && (
        <Alert color="orange">
          <Trans
            t={t}
            i18nKey="detailScreen.someRowsNeedAttention"
            components={{ validation: <Link to={paths.disbursements.validation.href({ id: d.id })} /> }}
          />
        </Alert>
      )}
      {d.approvalWorkflowPendingApprovalItem && (
        <Card>
          <Stack gap="sm">
            <Title order={5}>{t('detailScreen.approval')}</Title>
            <ApprovalActions
              item={d.approvalWorkflowPendingApprovalItem}
              onDone={() => void refreshDisbursements()}
            />
          </Stack>
        </Card>
      )}
      <RowsCard d={d} filter={filter} setFilter={setFilter} page={page} setPage={setPage} />
    </Stack>
  );
}
