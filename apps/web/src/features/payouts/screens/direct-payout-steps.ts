// The direct payout flow's step state: the vendor step's and the payment details step's fields,
// and each step's Continue, which checks the fields and writes them to the draft.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAYOUT_MSG, type PayoutOption } from '@owo/contract/payouts';
import { useDraft } from '../../../lib/drafts';
import { useWallets } from '../../money';
import { usePayee, usePayees } from '../../payees';
import { PAYOUT_DRAFT, type PayoutDraft, type PayoutRecurrence } from '../api';
import { paths } from '../../../lib/paths';
import { messageText } from '../../../lib/messages';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

type VendorOption = { value: string; label: string; currency?: string };

/**
 * The vendors to choose from: the one the address names first, then the search's matches, and the
 * one already chosen even when the search no longer finds it (picking an option puts its label in
 * the search box; the label is not a search and must not empty the list under the chosen vendor).
 */
function useVendorOptions(search: string, presetId: string | undefined, picked: VendorOption | null) {
  const vendors = usePayees({ search: picked && search === picked.label ? '' : search }, 1, 50);
  const preset = usePayee(presetId);
  const found: VendorOption[] = [
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
  return picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
}

export /** The vendor step's state, and its Continue: the draft takes the type, vendor, project and assets. */
function useVendorStep() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [draft, setDraft] = useDraft<PayoutDraft>(PAYOUT_DRAFT);
  const [typeOpen, setTypeOpen] = useState(!draft);
  const [option, setOption] = useState<PayoutOption | ''>(draft?.payoutOption ?? '');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<VendorOption | null>(
    draft?.payeeId && draft.payeeName
      ? { value: draft.payeeId, label: draft.payeeName, currency: draft.payeeCurrency }
      : null,
  );
  const options = useVendorOptions(search, params.get('payeeId') ?? undefined, picked);
  const [payeeId, choosePayee] = useState<string | null>(draft?.payeeId ?? params.get('payeeId'));
  const setPayeeId = (id: string | null, option?: VendorOption) => {
    choosePayee(id);
    setPicked(option ?? options.find((o) => o.value === id) ?? null);
  };
  const [projectId, setProjectId] = useState<string | null>(draft?.projectId ?? null);
  const [assets, setAssets] = useState<string[]>(draft?.assets ?? []);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState('');
  const chosen = options.find((o) => o.value === payeeId);
  const chosenName = chosen?.label.split(' · ')[0];
  const onContinue = () => {
    if (!option) return setTypeOpen(true);
    if (!payeeId) return setError(messageText(PAYOUT_MSG.payeeRequired));
    setDraft({
      ...(draft ?? { idempotencyKey: newKey() }),
      payoutOption: option,
      payeeId,
      payeeName: chosenName,
      payeeCurrency: chosen?.currency ?? draft?.payeeCurrency,
      projectId,
      assets: option === 'asset' ? assets : [],
    });
    void navigate(
      option === 'asset' ? paths.payouts.assetsSelection.href() : paths.payouts.paymentDetails.href(),
    );
  };
  return {
    typeOpen,
    setTypeOpen,
    option,
    setOption,
    search,
    setSearch,
    options,
    payeeId,
    setPayeeId,
    projectId,
    setProjectId,
    assets,
    setAssets,
    adding,
    setAdding,
    error,
    setError,
    onContinue,
  };
}

export /** The payment details step's state, and its Continue: check the fields, then the draft takes them. */
function usePaymentDetailsStep() {
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
  const onContinue = () => {
    const e: Record<string, string> = {};
    if (!walletId) e.walletId = messageText(PAYOUT_MSG.selectWallet);
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(amount.trim()) || Number(amount) <= 0)
      e.amount = 'Amount must be a positive number with at most 2 decimal places';
    if (!narration.trim()) e.narration = messageText(PAYOUT_MSG.narrationRequired);
    const end = recurrence?.endDate;
    if (end && !/^\d{4}-\d{2}-\d{2}$/.test(end))
      e['recurrence.endDate'] = messageText(PAYOUT_MSG.scheduledDateInvalid);
    setErrors(e);
    if (Object.keys(e).length) return;
    setDraft({
      ...draft!,
      walletId: walletId!,
      amount: amount.trim(),
      narration: narration.trim(),
      scheduledDate,
      categoryId,
      recurrence: canRepeat ? recurrence : null,
    });
    void navigate(paths.payouts.paymentReview.href());
  };
  return {
    draft,
    wallets,
    walletId,
    setWalletId,
    amount,
    setAmount,
    narration,
    setNarration,
    errors,
    scheduledDate,
    setScheduledDate,
    categoryId,
    setCategoryId,
    recurrence,
    setRecurrence,
    canRepeat,
    onContinue,
  };
}
