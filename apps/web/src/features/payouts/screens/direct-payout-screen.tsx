import { Alert, Button, Card, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAYOUT_MSG, type PayoutOption } from '@owo/contract/payouts';
import { DateField } from '../../../components/date-field';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { NoApproverNotice } from '../../approvals';
import { useWallets } from '../../money';
import { CategorySelect } from '../../categories';
import { usePayee, usePayees, VendorFormModal } from '../../payees';
import {
  payoutApi,
  PAYOUT_DRAFT,
  refreshPayouts,
  usePayoutFee,
  type PayoutDraft,
  type PayoutRecurrence,
} from '../api';
import { AssetSelection, describeRecurrence, ProjectSelect, RepeatField } from '../components/payout-fields';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const OPTIONS: { value: PayoutOption; label: string; hint: string }[] = [
  { value: 'standard', label: 'Standard', hint: 'Pay a vendor for goods or services' },
  { value: 'asset', label: 'Asset', hint: 'Pay for assets your company tracks' },
  { value: 'project', label: 'Project', hint: 'Pay against one of your projects' },
];

/** The flow's step line, for PageHeader's description. */
function Steps(props: { step: number }) {
  return (
    <>
      Step {props.step} of 3 · {['Vendor', 'Payment details', 'Review'][props.step - 1]}
    </>
  );
}

/** /payout/direct: the payout type dialog (001 §2), then the vendor (and project or assets). */
export function DirectPayoutScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [draft, setDraft] = useDraft<PayoutDraft>(PAYOUT_DRAFT);
  const [typeOpen, setTypeOpen] = useState(!draft);
  const [option, setOption] = useState<PayoutOption | ''>(draft?.payoutOption ?? '');
  const [optionError, setOptionError] = useState('');
  const [search, setSearch] = useState('');
  const vendors = usePayees({ search }, 1, 50);
  const preset = usePayee(params.get('payeeId') ?? undefined);
  const [payeeId, setPayeeId] = useState<string | null>(draft?.payeeId ?? params.get('payeeId'));
  const [projectId, setProjectId] = useState<string | null>(draft?.projectId ?? null);
  const [assets, setAssets] = useState<string[]>(draft?.assets ?? []);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState('');
  const options = [
    ...(preset.data
      ? [
          {
            value: preset.data.id,
            label: `${preset.data.name} · ${preset.data.accountNumber}`,
            currency: preset.data.currency,
          },
        ]
      : []),
    ...(vendors.data?.items ?? [])
      .filter((v) => v.id !== preset.data?.id)
      .map((v) => ({
        value: v.id,
        label: `${v.name} · ${v.bankName} ${v.accountNumber}`,
        currency: v.currency,
      })),
  ];
  const chosen = options.find((o) => o.value === payeeId);
  const chosenName = chosen?.label.split(' · ')[0];

  return (
    <Stack gap="lg" maw={640}>
      <PageHeader mb={0} title="Direct payout" description={<Steps step={1} />} />
      <Modal
        opened={typeOpen}
        onClose={() => (option ? setTypeOpen(false) : navigate(paths.payouts.root.href()))}
        title="Select payout type"
      >
        <Stack>
          <Radio.Group
            value={option}
            onChange={(v) => {
              setOption(v as PayoutOption);
              setOptionError('');
            }}
            error={optionError}
          >
            <Stack gap="sm">
              {OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} description={o.hint} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              onClick={() => {
                if (!option) return setOptionError(PAYOUT_MSG.optionRequired);
                setTypeOpen(false);
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Card>
        <Stack>
          <Group justify="space-between">
            <Text size="sm">
              Payout type: <b>{OPTIONS.find((o) => o.value === option)?.label ?? '—'}</b>
            </Text>
            <Button variant="subtle" size="xs" onClick={() => setTypeOpen(true)}>
              Change
            </Button>
          </Group>
          <Select
            label="Vendor"
            placeholder="Search vendors"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            value={payeeId}
            onChange={(v) => {
              setPayeeId(v);
              setError('');
            }}
            error={error}
            nothingFoundMessage="No vendor found"
          />
          <Button variant="light" onClick={() => setAdding(true)} w="fit-content">
            Add a new vendor
          </Button>
          {option === 'project' && <ProjectSelect value={projectId} onChange={setProjectId} />}
          {option === 'asset' && <AssetSelection value={assets} onChange={setAssets} />}
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate(paths.payouts.root.href())}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                if (!option) return setTypeOpen(true);
                if (!payeeId) return setError(PAYOUT_MSG.payeeRequired);
                setDraft({
                  ...(draft ?? { idempotencyKey: newKey() }),
                  payoutOption: option,
                  payeeId,
                  payeeName: chosenName,
                  payeeCurrency: chosen?.currency ?? draft?.payeeCurrency,
                  projectId,
                  assets,
                });
                void navigate(paths.payouts.paymentDetails.href());
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
      {adding && (
        <VendorFormModal
          opened
          onClose={() => setAdding(false)}
          onSaved={(v) => {
            setSearch('');
            setPayeeId(v.id);
          }}
        />
      )}
    </Stack>
  );
}

/** /payment-details: wallet, amount, narration and an optional scheduled date. */
export function PaymentDetailsScreen() {
  const navigate = useNavigate();
  const [draft, setDraft] = useDraft<PayoutDraft>(PAYOUT_DRAFT);
  const wallets = useWallets();
  const [walletId, setWalletId] = useState<string | null>(draft?.walletId ?? null);
  const [amount, setAmount] = useState(draft?.amount ?? '');
  const [narration, setNarration] = useState(draft?.narration ?? '');
  const [scheduledDate, setScheduledDate] = useState(draft?.scheduledDate ?? '');
  const [categoryId, setCategoryId] = useState<string | null>(draft?.categoryId ?? null);
  const [recurrence, setRecurrence] = useState<PayoutRecurrence | null>(draft?.recurrence ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The API repeats NGN payouts to a vendor only (a wire never repeats).
  const canRepeat = draft?.payeeCurrency === 'NGN';
  useEffect(() => {
    if (!draft) void navigate(paths.payouts.direct.href(), { replace: true });
  }, [draft, navigate]);
  useEffect(() => {
    const ngn = wallets.data?.find((w) => w.currency === 'NGN');
    if (ngn && !walletId) setWalletId(ngn.id);
  }, [wallets.data, walletId]);
  if (!draft) return null;
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader mb={0} title="Payment details" description={<Steps step={2} />} />
      <Card>
        <Stack>
          <Text size="sm">
            Paying <b>{draft.payeeName}</b>
          </Text>
          <Select
            label="Wallet"
            data={(wallets.data ?? [])
              .filter((w) => w.currency === 'NGN')
              .map((w) => ({
                value: w.id,
                label: `${w.name} (${w.currency}) · ${formatMoney(w.balanceMinor, w.currency)}`,
              }))}
            value={walletId}
            onChange={setWalletId}
            error={errors.walletId}
          />
          <TextInput
            label="Amount (₦)"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          <TextInput
            label="Narration"
            maxLength={100}
            value={narration}
            onChange={(e) => setNarration(e.currentTarget.value)}
            error={errors.narration}
          />
          <DateField
            label="Schedule for (optional)"
            description="Tomorrow or later; leave empty to pay once approved"
            value={scheduledDate}
            onChange={setScheduledDate}
          />
          <CategorySelect value={categoryId} onChange={setCategoryId} />
          {canRepeat && (
            <RepeatField value={recurrence} onChange={setRecurrence} error={errors['recurrence.endDate']} />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate(paths.payouts.direct.href())}>
              Back
            </Button>
            <Button
              onClick={() => {
                const e: Record<string, string> = {};
                if (!walletId) e.walletId = PAYOUT_MSG.selectWallet;
                if (!/^\d{1,13}(\.\d{1,2})?$/.test(amount.trim()) || Number(amount) <= 0)
                  e.amount = 'Amount must be a positive number with at most 2 decimal places';
                if (!narration.trim()) e.narration = PAYOUT_MSG.narrationRequired;
                const end = recurrence?.endDate;
                if (end && !/^\d{4}-\d{2}-\d{2}$/.test(end))
                  e['recurrence.endDate'] = PAYOUT_MSG.scheduledDateInvalid;
                setErrors(e);
                if (Object.keys(e).length) return;
                setDraft({
                  ...draft,
                  walletId: walletId!,
                  amount: amount.trim(),
                  narration: narration.trim(),
                  scheduledDate,
                  categoryId,
                  recurrence: canRepeat ? recurrence : null,
                });
                void navigate(paths.payouts.paymentReview.href());
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** /payment-review: the fee and total, then submit (one Idempotency-Key per draft). */
export function PaymentReviewScreen() {
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
      <PageHeader mb={0} title="Review payment" description={<Steps step={3} />} />
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
        Nothing leaves your wallet until the payout is approved; the amount and fee are held then.
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={() => navigate(paths.payouts.paymentDetails.href())}>
          Back
        </Button>
        <Button loading={submit.isPending} onClick={() => submit.mutate()}>
          Send for approval
        </Button>
      </Group>
    </Stack>
  );
}
