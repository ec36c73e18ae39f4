import { Alert, Button, Card, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAYOUT_MSG, type PayoutOption } from '@owo/contract/payouts';
import { DateField } from '../../../components/date-field';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { NoApproverNotice } from '../../approvals';
import { CategorySelect } from '../../categories';
import { VendorFormModal } from '../../payees';
import { payoutApi, PAYOUT_DRAFT, refreshPayouts, usePayoutFee, type PayoutDraft } from '../api';
import { describeRecurrence, ProjectSelect, RepeatField } from '../components/payout-fields';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { usePaymentDetailsStep, useVendorStep } from './direct-payout-steps';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The payout types (words in payouts:directPayoutScreen.option.<value>.label and .hint). */
const OPTIONS: PayoutOption[] = ['standard', 'asset', 'project'];

/** The flow's step line, for PageHeader's description. */
function Steps(props: { step: number }) {
  const { t } = useTranslation('payouts');
  return (
    <>
      {t('directPayoutScreen.stepOf3', {
        step: props.step,
        value: t(`directPayoutScreen.step.${props.step}`),
      })}
    </>
  );
}

/** The payout type dialog: one of OPTIONS must be chosen to continue. */
function PayoutTypeModal(props: {
  opened: boolean;
  option: PayoutOption | '';
  onChange: (option: PayoutOption) => void;
  onClose: () => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation('payouts');
  const [optionError, setOptionError] = useState('');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('directPayoutScreen.selectPayoutType')}>
      <Stack>
        <Radio.Group
          value={props.option}
          onChange={(v) => {
            props.onChange(v as PayoutOption);
            setOptionError('');
          }}
          error={optionError}
        >
          <Stack gap="sm">
            {OPTIONS.map((o) => (
              <Radio
                key={o}
                value={o}
                label={t(`directPayoutScreen.option.${o}.label`)}
                description={t(`directPayoutScreen.option.${o}.hint`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              if (!props.option) return setOptionError(messageText(PAYOUT_MSG.optionRequired));
              props.onContinue();
            }}
          >
            {t('directPayoutScreen.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /payout/direct: the payout type dialog (001 §2), then the vendor (and project or assets). */
export function DirectPayoutScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const s = useVendorStep();
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader mb={0} title={t('directPayoutScreen.directPayout')} description={<Steps step={1} />} />
      <PayoutTypeModal
        opened={s.typeOpen}
        option={s.option}
        onChange={s.setOption}
        onClose={() => (s.option ? s.setTypeOpen(false) : navigate(paths.payouts.root.href()))}
        onContinue={() => s.setTypeOpen(false)}
      />
      <Card>
        <Stack>
          <Group justify="space-between">
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="directPayoutScreen.payoutType"
                values={{ type: s.option ? t(`directPayoutScreen.option.${s.option}.label`) : '—' }}
                components={{ b: <b /> }}
              />
            </Text>
            <Button variant="subtle" size="xs" onClick={() => s.setTypeOpen(true)}>
              {t('directPayoutScreen.change')}
            </Button>
          </Group>
          <Select
            label={t('directPayoutScreen.vendor')}
            placeholder={t('directPayoutScreen.searchVendors')}
            searchable
            searchValue={s.search}
            onSearchChange={s.setSearch}
            data={s.options}
            value={s.payeeId}
            onChange={(v) => {
              s.setPayeeId(v);
              s.setError('');
            }}
            error={s.error}
            nothingFoundMessage={t('directPayoutScreen.noVendorFound')}
          />
          <Button variant="secondary" onClick={() => s.setAdding(true)} w="fit-content">
            {t('directPayoutScreen.addANewVendor')}
          </Button>
          {s.option === 'project' && <ProjectSelect value={s.projectId} onChange={s.setProjectId} />}
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.payouts.root.href())}>
              {t('directPayoutScreen.cancel')}
            </Button>
            <Button onClick={s.onContinue}>{t('directPayoutScreen.continue')}</Button>
          </Group>
        </Stack>
      </Card>
      {s.adding && (
        <VendorFormModal
          opened
          onClose={() => s.setAdding(false)}
          onSaved={(v) => {
            s.setSearch('');
            s.setPayeeId(v.id, {
              value: v.id,
              label: `${v.name} · ${v.bankName} ${v.accountNumber}`,
              currency: v.currency,
            });
          }}
        />
      )}
    </Stack>
  );
}

/** /payment-details: wallet, amount, narration and an optional scheduled date. */
export function PaymentDetailsScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const s = usePaymentDetailsStep();
  if (!s.draft) return null;
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader mb={0} title={t('directPayoutScreen.paymentDetails')} description={<Steps step={2} />} />
      <Card>
        <Stack>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="directPayoutScreen.paying"
              values={{ name: s.draft.payeeName }}
              shouldUnescape
              components={{ b: <b /> }}
            />
          </Text>
          <Select
            label={t('directPayoutScreen.wallet')}
            data={(s.wallets.data ?? [])
              .filter((w) => w.currency === 'NGN')
              .map((w) => ({
                value: w.id,
                label: `${w.name} (${w.currency}) · ${formatMoney(w.balanceMinor, w.currency)}`,
              }))}
            value={s.walletId}
            onChange={s.setWalletId}
            error={s.errors.walletId}
          />
          <TextInput
            label={t('directPayoutScreen.amount')}
            inputMode="decimal"
            value={s.amount}
            onChange={(e) => s.setAmount(e.currentTarget.value)}
            error={s.errors.amount}
          />
          <TextInput
            label={t('directPayoutScreen.narration')}
            maxLength={100}
            value={s.narration}
            onChange={(e) => s.setNarration(e.currentTarget.value)}
            error={s.errors.narration}
          />
          <DateField
            label={t('directPayoutScreen.scheduleForOptional')}
            description={t('directPayoutScreen.tomorrowOrLaterLeaveEmpty')}
            value={s.scheduledDate}
            onChange={s.setScheduledDate}
          />
          <CategorySelect value={s.categoryId} onChange={s.setCategoryId} />
          {s.canRepeat && (
            <RepeatField
              value={s.recurrence}
              onChange={s.setRecurrence}
              error={s.errors['recurrence.endDate']}
            />
          )}
          <Group justify="space-between">
            <Button
              variant="secondary"
              onClick={() =>
                navigate(
                  s.draft?.payoutOption === 'asset'
                    ? paths.payouts.assetsSelection.href()
                    : paths.payouts.direct.href(),
                )
              }
            >
              {t('directPayoutScreen.back')}
            </Button>
            <Button onClick={s.onContinue}>{t('directPayoutScreen.continue')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /payment-review: the fee and total, then submit (one Idempotency-Key per draft). */
export function PaymentReviewScreen() {
  const { t } = useTranslation('payouts');
  const navigate = useNavigate();
  const [draft, setDraft] = useDraft<PayoutDraft>(PAYOUT_DRAFT);
  const fee = usePayoutFee(draft?.amount);
  const sent = useRef(false);
  useEffect(() => {
    if (!draft?.amount && !sent.current) void navigate(paths.payouts.direct.href(), { replace: true });
  }, [draft, navigate]);
  const submit = useApiMutation({
    mutationFn: () => payoutApi.create(draft!),
    onSuccess: (res) => {
      sent.current = true;
      void refreshPayouts();
      void navigate(paths.payouts.detail.href({ ref: res.data.id }));
      setDraft(undefined);
    },
  });
  if (!draft?.amount) return null;
  const row = (label: string, value: React.ReactNode) => (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader mb={0} title={t('directPayoutScreen.reviewPayment')} description={<Steps step={3} />} />
      <Card>
        <Stack gap="xs">
          {row('Vendor', draft.payeeName)}
          {row('Payout type', draft.payoutOption)}
          {row('Amount', fee.data ? formatMoney(fee.data.amountMinor) : draft.amount)}
          {row('Fee', fee.data ? formatMoney(fee.data.feeMinor) : '…')}
          {row('Total', fee.data ? <b>{formatMoney(fee.data.totalMinor)}</b> : '…')}
          {row('Narration', draft.narration)}
          {row('Scheduled for', draft.scheduledDate ? formatDate(draft.scheduledDate) : 'Once approved')}
          {draft.recurrence && row('Repeat', describeRecurrence({ endDate: null, ...draft.recurrence }))}
        </Stack>
      </Card>
      <NoApproverNotice type="payout" amount={draft.amount} />
      {submit.error?.errors && (
        <Alert color="red">{Object.values(submit.error.errors).flat().join(' · ')}</Alert>
      )}
      <Text size="xs" c="dimmed">
        {t('directPayoutScreen.nothingLeavesYourWalletUntil')}
      </Text>
      <Group justify="space-between">
        <Button variant="secondary" onClick={() => navigate(paths.payouts.paymentDetails.href())}>
          {t('directPayoutScreen.back')}
        </Button>
        <Button loading={submit.isPending} onClick={() => submit.mutate()}>
          {t('directPayoutScreen.sendForApproval')}
        </Button>
      </Group>
    </Stack>
  );
}
