import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { BILL_MSG, billRequestBody, type Bill } from '@owo/contract/payouts-bills';
import { DetailField } from '../../../components/detail-field';
import { FileLink } from '../../../components/file-link';
import { StatusBadge } from '../../../components/status-badge';
import { FilterBar, ListBody, ListPagination, useListState } from '../../../components/list';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { billApi, refreshPayouts, useBill, useBills, usePayout } from '../api';
import { BillInboxModal, BillTiersModal } from './bill-tools';
import { paths } from '../../../lib/paths';
import { BillsTable } from '../components/bills-table';
import { CompleteDraft } from '../components/complete-draft';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The bill-request dialog (000 §2.7): an email and an optional note. */
export function BillRequestModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const send = useApiMutation({
    mutationFn: () => billApi.request({ email, note: note || undefined }),
    onSuccess: () => {
      void refreshPayouts();
      setEmail('');
      setNote('');
      props.onClose();
    },
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('bills.requestABillFromA')}>
      <Stack>
        <TextInput
          label={t('bills.vendorEmail')}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error || send.error?.errors?.email?.[0]}
        />
        <Textarea
          label={t('bills.noteOptional')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t('bills.theVendorGetsALink')}
        </Text>
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('bills.cancel')}
          </Button>
          <Button
            loading={send.isPending}
            onClick={() => {
              const ok = billRequestBody.safeParse({ email, note });
              if (!ok.success) return setError(messageText(BILL_MSG.emailInvalid));
              setError('');
              send.mutate();
            }}
          >
            {t('bills.sendRequest')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The Bills tab and /payouts/quotes: requests and received bills; ?request=bill opens the dialog. */
export function BillsList() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { filters, page, setFilters, setPage } = useListState([]);
  const list = useBills(filters, page);
  const canCreate = useCan('payouts', 'post');
  const canTiers = useCan('policy', 'put');
  const [inbox, setInbox] = useState(false);
  const [tiers, setTiers] = useState(false);
  const opened = params.get('request') === 'bill';
  const setOpened = (v: boolean) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (v) n.set('request', 'bill');
        else n.delete('request');
        return n;
      },
      { replace: true },
    );
  return (
    <Stack>
      <Card>
        <Group align="flex-end" justify="space-between">
          <FilterBar
            groups={[]}
            value={filters}
            onChange={setFilters}
            presets={[]}
            dates={false}
            searchPlaceholder={t('bills.searchByEmailOrInvoice')}
          />
          <Group gap="xs">
            {canCreate && (
              <Button variant="secondary" onClick={() => navigate(paths.bills.import.href())}>
                {t('bills.importBills')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => setInbox(true)}>
              {t('bills.billInboxEmail')}
            </Button>
            {canTiers && (
              <Button variant="secondary" onClick={() => setTiers(true)}>
                {t('bills.billTiers')}
              </Button>
            )}
            {canCreate && <Button onClick={() => setOpened(true)}>{t('bills.requestBill')}</Button>}
          </Group>
        </Group>
      </Card>
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <BillsTable items={list.data?.items ?? []} withEmail />
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <BillRequestModal opened={opened} onClose={() => setOpened(false)} />
      <BillInboxModal opened={inbox} onClose={() => setInbox(false)} />
      <BillTiersModal opened={tiers} onClose={() => setTiers(false)} />
    </Stack>
  );
}

/** The bill's fields: invoice, due date, bank, vendor, note and the attachment. */
export function BillFields({ b }: { b: Bill }) {
  const { t } = useTranslation('payouts');
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label={t('bills.invoiceNumber')} value={b.invoiceNumber} />
        <DetailField label={t('bills.description')} value={b.description} />
        <DetailField label={t('bills.dueDate')} value={b.dueDate ? formatDate(b.dueDate) : null} />
        <DetailField
          label={t('bills.bank')}
          value={b.bankName ? `${b.bankName} · ${b.accountNumber}` : null}
        />
        <DetailField label={t('bills.accountName')} value={b.accountName} />
        <DetailField label={t('bills.vendor')} value={b.payeeName} />
        <DetailField label={t('bills.note')} value={b.note} />
        <DetailField
          label={t('bills.attachment')}
          value={b.fileName ? <FileLink fileName={b.fileName}>{t('bills.viewBill')}</FileLink> : null}
        />
      </SimpleGrid>
    </Card>
  );
}

/** /bills/:ref (and /bill/:id, /bills/:billId): the bill; a received bill is reviewed and paid from here. */
export function BillScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const q = useBill(ref);
  const payout = usePayout(q.data?.payoutId ?? undefined);
  const canPay = useCan('payouts', 'post');
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('bills.billNotFound'))}</Alert>;
  const b = q.data;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => void navigate(paths.payouts.quotes.href())}>
            {t('bills.bills')}
          </Button>
        }
        title={b.amountMinor === null ? t('bills.billRequested') : formatMoney(b.amountMinor)}
        badges={<StatusBadge status={b.status} />}
        description={<>{t('bills.requested', { email: b.email, date: formatDate(b.createdAt) })}</>}
        actions={
          b.status === 'submitted' &&
          canPay && (
            <Button onClick={() => void navigate(paths.bills.review.href({ ref: b.reference }))}>
              {t('bills.reviewAndPay')}
            </Button>
          )
        }
      />
      <BillFields b={b} />
      {b.status === 'requested' && <Alert>{t('bills.waitingForTheVendorTo')}</Alert>}
      {b.status === 'draft' && canPay && <CompleteDraft bill={b} />}
      {b.status === 'sent' && b.payoutId && (
        <Group>
          <Button
            variant="secondary"
            onClick={() => void navigate(paths.payouts.detail.href({ ref: b.payoutId! }))}
          >
            {t('bills.openThePayout')}
          </Button>
          {payout.data?.scheduledDate && (
            <Button
              variant="secondary"
              onClick={() => void navigate(paths.bills.scheduled.href({ ref: b.reference }))}
            >
              {t('bills.scheduledFor', { date: formatDate(payout.data.scheduledDate) })}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
