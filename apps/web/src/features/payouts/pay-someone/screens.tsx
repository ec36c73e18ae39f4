// Pay someone (000 §4.3, 001 §4; issue 23 §3): amount and source, recipient, sender details
// (reseller accounts only), wire purpose (required for USD and GBP), scheduling, review, step 9
// (add funds when the balance is short), step 10 (confirm transfer), success. One payout through
// POST /api/pay-someone with the draft's Idempotency-Key; the server enforces every rule again.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  PAY_SOMEONE_MSG,
  PAYOUT_MSG,
  WIRE_PURPOSE_LABELS,
  WIRE_PURPOSES,
  type WirePurpose,
} from '@owo/contract/payouts';
import { DateField } from '../../../components/date-field';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useActiveAccount } from '../../../lib/session';
import { NoApproverNotice } from '../../approvals';
import { useWallets } from '../../money';
import { usePayees } from '../../payees';
import { profileApi, useBanks } from '../../profile';
import { refreshPayouts } from '../api';
import { newKey, PAY_SOMEONE_DRAFT, paySomeoneApi, type PayCurrency, type PaySomeoneDraft } from './api';

const BASE = '/pay-someone';
const AMOUNT_RE = /^\d{1,13}(\.\d{1,2})?$/;
const SYMBOL: Record<string, string> = { NGN: '₦', USD: '$', GBP: '£' };

function useIsReseller() {
  return useActiveAccount().data?.activeAccount?.account.type === 'reseller';
}

/** The step chain of 000 §4.3; sender details only for reseller accounts. */
function useSteps() {
  const reseller = useIsReseller();
  return [
    { path: BASE, label: 'Amount and source' },
    { path: `${BASE}/recipient`, label: 'Recipient' },
    ...(reseller ? [{ path: `${BASE}/sender-details`, label: 'Sender details' }] : []),
    { path: `${BASE}/wire-purpose`, label: 'Wire purpose' },
    { path: `${BASE}/scheduling`, label: 'Scheduling' },
    { path: `${BASE}/review`, label: 'Review' },
  ];
}

function Frame(props: { path: string; title: string; children: React.ReactNode }) {
  const steps = useSteps();
  const i = steps.findIndex((s) => s.path === props.path);
  const n = i >= 0 ? i + 1 : steps.length;
  return (
    <Stack gap="lg" maw={640} w="100%" mx="auto" data-testid="pay-someone">
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Pay someone
        </Text>
        <Title order={2}>{props.title}</Title>
        {i >= 0 && (
          <>
            <Text size="sm" c="dimmed">
              Step {n} of {steps.length} · {steps[i].label}
            </Text>
            <Progress value={(n / steps.length) * 100} size="sm" mt="xs" />
          </>
        )}
      </div>
      {props.children}
    </Stack>
  );
}

/** The next (or previous) step's path from this one. */
function useNav(path: string) {
  const steps = useSteps();
  const navigate = useNavigate();
  const i = steps.findIndex((s) => s.path === path);
  return {
    next: () => void navigate(steps[i + 1]?.path ?? `${BASE}/review`),
    back: () => void navigate(i > 0 ? steps[i - 1].path : '/payouts'),
  };
}

/** Sends the user back to the first step when the draft lacks what this step needs. */
function useGuard(ok: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!ok) void navigate(BASE, { replace: true });
  }, [ok, navigate]);
  return ok;
}

function Row(props: { label: string; value: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" ta="right">
        {props.value}
      </Text>
    </Group>
  );
}

// ---- 0: amount and source ----

export function AmountScreen() {
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const wallets = useWallets();
  const nav = useNav(BASE);
  const a = draft?.amountAndSource;
  const [currency, setCurrency] = useState<PayCurrency>(a?.currency ?? 'NGN');
  const [walletId, setWalletId] = useState<string | null>(a?.walletId ?? null);
  const [amount, setAmount] = useState(a?.amount ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const ngn = wallets.data?.find((w) => w.currency === 'NGN');
    if (ngn && !walletId) setWalletId(ngn.id);
  }, [wallets.data, walletId]);
  const usable = (wallets.data ?? []).filter((w) => w.currency === 'NGN' || w.currency === currency);
  const quote = useApiMutation({
    silentSuccess: true,
    silentError: true,
    mutationFn: () => paySomeoneApi.quote(walletId!, amount.trim(), currency),
    onSuccess: (res) => {
      const w = wallets.data!.find((x) => x.id === walletId)!;
      const prev = draft?.amountAndSource;
      const same = prev?.currency === currency;
      setDraft({
        ...(draft ?? { idempotencyKey: newKey() }),
        // A new currency means another recipient and purpose rule: those sections start again.
        ...(same ? {} : { recipient: undefined, wirePurpose: undefined }),
        amountAndSource: {
          walletId: w.id,
          walletCurrency: w.currency,
          amount: amount.trim(),
          currency,
          quote: res.data,
          isPaymentRequired: res.data.isPaymentRequired,
        },
      });
      nav.next();
    },
    onError: (err) => {
      const e = err.errors ?? {};
      setErrors({ amount: (e.amount ?? e.recipientAmount ?? [err.message])[0] });
    },
  });
  return (
    <Frame path={BASE} title="How much are you sending?">
      <Card>
        <Stack>
          <SegmentedControl
            aria-label="Currency the recipient gets"
            value={currency}
            onChange={(v) => {
              setCurrency(v as PayCurrency);
              setErrors({});
            }}
            data={[
              { value: 'NGN', label: 'NGN · Nigerian bank' },
              { value: 'USD', label: 'USD · wire' },
              { value: 'GBP', label: 'GBP · wire' },
            ]}
          />
          <TextInput
            label={`Recipient gets (${SYMBOL[currency]})`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
            data-testid="amount"
          />
          <Select
            label="Pay from"
            allowDeselect={false}
            data={usable.map((w) => ({
              value: w.id,
              label: `${w.name} (${w.currency}) · ${formatMoney(w.balanceMinor, w.currency)}`,
            }))}
            value={walletId}
            onChange={setWalletId}
            error={errors.walletId}
          />
          {currency !== 'NGN' && (
            <Text size="xs" c="dimmed">
              USD and GBP payments are converted at our exchange quote. Our limit is $10,000 per transaction
              (USD equivalent) — Owo’s limit, not the central bank’s.
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={nav.back}>
              Cancel
            </Button>
            <Button
              loading={quote.isPending}
              onClick={() => {
                const e: Record<string, string> = {};
                if (!walletId) e.walletId = PAYOUT_MSG.selectWallet;
                if (!AMOUNT_RE.test(amount.trim()) || Number(amount) <= 0)
                  e.amount = 'Amount must be a positive number with at most 2 decimal places';
                setErrors(e);
                if (!Object.keys(e).length) quote.mutate();
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

// ---- 1: recipient ----

export function RecipientScreen() {
  const path = `${BASE}/recipient`;
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const ok = useGuard(!!draft?.amountAndSource);
  const currency = draft?.amountAndSource?.currency ?? 'NGN';
  const r = draft?.recipient;
  const [mode, setMode] = useState<'new' | 'saved'>(r?.payeeId ? 'saved' : 'new');
  const payees = usePayees({}, 1, 100);
  const saved = (payees.data?.items ?? []).filter((p) => p.currency === currency);
  const [payeeId, setPayeeId] = useState<string | null>(r?.payeeId ?? null);
  const banks = useBanks();
  const [f, setF] = useState({
    name: r?.name ?? '',
    email: r?.email ?? '',
    bankCode: r?.bankCode ?? '',
    accountNumber: r?.accountNumber ?? '',
    fAccountName: r?.foreign?.accountName ?? '',
    fAccountNumber: r?.foreign?.accountNumber ?? '',
    swiftCode: r?.foreign?.swiftCode ?? '',
    sortCode: r?.foreign?.sortCode ?? '',
    routingNumber: r?.foreign?.routingNumber ?? '',
    bankName: r?.foreign?.bankName ?? '',
    country: r?.foreign?.country ?? (currency === 'GBP' ? 'GB' : currency === 'USD' ? 'US' : ''),
    address: r?.foreign?.address ?? '',
  });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setF({ ...f, [k]: e.currentTarget.value });
  const [resolved, setResolved] = useState(r?.accountName ?? '');
  const [lookup, setLookup] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (currency !== 'NGN') return;
    setResolved('');
    if (!f.bankCode || !/^\d{10}$/.test(f.accountNumber)) return;
    const ctl = new AbortController();
    const id = setTimeout(() => {
      setLookup('loading');
      profileApi.validateAccount({ accountNumber: f.accountNumber, bankCode: f.bankCode }, ctl.signal).then(
        (res) => {
          setResolved(res.data.accountName);
          setLookup(res.data.accountName ? 'idle' : 'failed');
        },
        () => setLookup('failed'),
      );
    }, 600);
    return () => {
      clearTimeout(id);
      ctl.abort();
    };
  }, [f.bankCode, f.accountNumber, currency]);
  if (!ok) return null;

  function save() {
    const e: Record<string, string> = {};
    if (mode === 'saved') {
      const p = saved.find((x) => x.id === payeeId);
      if (!p) return setErrors({ payeeId: PAY_SOMEONE_MSG.recipientRequired });
      setDraft({
        ...draft!,
        recipient: {
          payeeId: p.id,
          name: p.name,
          bankName: p.bankName,
          accountNumber: p.accountNumber,
          accountName: p.accountName,
        },
      });
      return nav.next();
    }
    if (!f.name.trim()) e.name = 'Recipient name is required';
    if (currency === 'NGN') {
      if (!f.bankCode) e.bankCode = 'Please select a bank';
      if (!/^\d{10}$/.test(f.accountNumber)) e.accountNumber = 'Account number must be 10 digits';
      else if (!resolved) e.accountNumber = 'We could not verify this account number at the selected bank';
    } else {
      if (!f.fAccountName.trim()) e.fAccountName = PAY_SOMEONE_MSG.nameRequired;
      if (!/^[A-Z0-9]{6,34}$/.test(f.fAccountNumber.replace(/\s+/g, '').toUpperCase()))
        e.fAccountNumber = PAY_SOMEONE_MSG.ibanInvalid;
      if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(f.swiftCode.trim().toUpperCase()))
        e.swiftCode = PAY_SOMEONE_MSG.swiftInvalid;
      if (f.sortCode && !/^\d{6}$/.test(f.sortCode.replace(/[\s-]/g, '')))
        e.sortCode = PAY_SOMEONE_MSG.sortCodeInvalid;
      if (f.routingNumber && !/^\d{9}$/.test(f.routingNumber.trim()))
        e.routingNumber = PAY_SOMEONE_MSG.routingInvalid;
      if (!f.bankName.trim()) e.bankName = PAY_SOMEONE_MSG.bankNameRequired;
      if (!/^[A-Za-z]{2}$/.test(f.country.trim())) e.country = PAY_SOMEONE_MSG.countryInvalid;
      if (!f.address.trim()) e.address = PAY_SOMEONE_MSG.addressRequired;
    }
    setErrors(e);
    if (Object.keys(e).length) return;
    setDraft({
      ...draft!,
      recipient:
        currency === 'NGN'
          ? {
              name: f.name.trim(),
              email: f.email.trim(),
              bankCode: f.bankCode,
              bankName: banks.data?.find((b) => b.code === f.bankCode)?.name,
              accountNumber: f.accountNumber,
              accountName: resolved,
            }
          : {
              name: f.name.trim(),
              email: f.email.trim(),
              foreign: {
                accountName: f.fAccountName.trim(),
                accountNumber: f.fAccountNumber.replace(/\s+/g, '').toUpperCase(),
                swiftCode: f.swiftCode.trim().toUpperCase(),
                sortCode: f.sortCode.trim() || undefined,
                routingNumber: f.routingNumber.trim() || undefined,
                bankName: f.bankName.trim(),
                country: f.country.trim().toUpperCase(),
                address: f.address.trim(),
              },
            },
    });
    nav.next();
  }

  return (
    <Frame path={path} title="Who are you paying?">
      <Card>
        <Stack>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'new' | 'saved')}
            data={[
              { value: 'new', label: 'New recipient' },
              { value: 'saved', label: `Saved ${currency} recipient` },
            ]}
          />
          {mode === 'saved' ? (
            <Select
              label="Recipient"
              searchable
              data={saved.map((p) => ({
                value: p.id,
                label: `${p.name} · ${p.bankName} ${p.accountNumber}`,
              }))}
              value={payeeId}
              onChange={setPayeeId}
              nothingFoundMessage={`No saved ${currency} recipient`}
              error={errors.payeeId}
            />
          ) : (
            <>
              <Group grow align="flex-start">
                <TextInput
                  label="Recipient name"
                  required
                  value={f.name}
                  onChange={set('name')}
                  error={errors.name}
                />
                <TextInput label="Email (optional)" value={f.email} onChange={set('email')} />
              </Group>
              {currency === 'NGN' ? (
                <>
                  <Group grow align="flex-start">
                    <Select
                      label="Bank"
                      required
                      searchable
                      data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
                      value={f.bankCode || null}
                      onChange={(x) => setF({ ...f, bankCode: x ?? '' })}
                      error={errors.bankCode}
                    />
                    <TextInput
                      label="Account number"
                      required
                      inputMode="numeric"
                      maxLength={10}
                      value={f.accountNumber}
                      onChange={set('accountNumber')}
                      error={
                        errors.accountNumber ??
                        (lookup === 'failed'
                          ? 'We could not verify this account number at the selected bank'
                          : undefined)
                      }
                    />
                  </Group>
                  {resolved && (
                    <Text size="sm" data-testid="resolved-name">
                      Account name: <b>{resolved}</b>
                    </Text>
                  )}
                </>
              ) : (
                <>
                  <TextInput
                    label="Account holder name"
                    required
                    value={f.fAccountName}
                    onChange={set('fAccountName')}
                    error={errors.fAccountName}
                  />
                  <Group grow align="flex-start">
                    <TextInput
                      label={currency === 'GBP' ? 'IBAN or account number' : 'Account number or IBAN'}
                      required
                      value={f.fAccountNumber}
                      onChange={set('fAccountNumber')}
                      error={errors.fAccountNumber}
                    />
                    <TextInput
                      label="SWIFT / BIC"
                      required
                      value={f.swiftCode}
                      onChange={set('swiftCode')}
                      error={errors.swiftCode}
                    />
                  </Group>
                  <Group grow align="flex-start">
                    {currency === 'GBP' ? (
                      <TextInput
                        label="Sort code (optional)"
                        value={f.sortCode}
                        onChange={set('sortCode')}
                        error={errors.sortCode}
                      />
                    ) : (
                      <TextInput
                        label="Routing number (ABA, optional)"
                        value={f.routingNumber}
                        onChange={set('routingNumber')}
                        error={errors.routingNumber}
                      />
                    )}
                    <TextInput
                      label="Bank name"
                      required
                      value={f.bankName}
                      onChange={set('bankName')}
                      error={errors.bankName}
                    />
                  </Group>
                  <Group grow align="flex-start">
                    <TextInput
                      label="Bank country (2 letters)"
                      required
                      maxLength={2}
                      value={f.country}
                      onChange={set('country')}
                      error={errors.country}
                    />
                  </Group>
                  <Textarea
                    label="Recipient address"
                    required
                    autosize
                    minRows={2}
                    value={f.address}
                    onChange={set('address')}
                    error={errors.address}
                  />
                </>
              )}
            </>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={nav.back}>
              Back
            </Button>
            <Button onClick={save} disabled={lookup === 'loading'}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

// ---- 2: sender details (reseller accounts only) ----

export function SenderDetailsScreen() {
  const path = `${BASE}/sender-details`;
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const reseller = useIsReseller();
  const ok = useGuard(!!draft?.recipient);
  const s = draft?.senderDetails;
  const [f, setF] = useState({
    name: s?.name ?? '',
    address: s?.address ?? '',
    country: s?.country ?? 'NG',
    phone: s?.phone ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  useEffect(() => {
    if (ok && !reseller) void navigate(`${BASE}/wire-purpose`, { replace: true });
  }, [ok, reseller, navigate]);
  if (!ok) return null;
  return (
    <Frame path={path} title="On whose behalf are you paying?">
      <Card>
        <Stack>
          <Text size="sm" c="dimmed">
            As a reseller, tell us who the payment is sent for.
          </Text>
          <TextInput
            label="Sender name"
            required
            value={f.name}
            onChange={(e) => setF({ ...f, name: e.currentTarget.value })}
            error={errors.name}
          />
          <Textarea
            label="Sender address"
            required
            value={f.address}
            onChange={(e) => setF({ ...f, address: e.currentTarget.value })}
            error={errors.address}
          />
          <Group grow>
            <TextInput
              label="Country (2 letters)"
              maxLength={2}
              value={f.country}
              onChange={(e) => setF({ ...f, country: e.currentTarget.value })}
              error={errors.country}
            />
            <TextInput
              label="Phone (optional)"
              value={f.phone}
              onChange={(e) => setF({ ...f, phone: e.currentTarget.value })}
            />
          </Group>
          <Group justify="space-between">
            <Button variant="default" onClick={nav.back}>
              Back
            </Button>
            <Button
              onClick={() => {
                const e: Record<string, string> = {};
                if (!f.name.trim()) e.name = 'Sender name is required';
                if (!f.address.trim()) e.address = 'Sender address is required';
                if (!/^[A-Za-z]{2}$/.test(f.country.trim())) e.country = PAY_SOMEONE_MSG.countryInvalid;
                setErrors(e);
                if (Object.keys(e).length) return;
                setDraft({
                  ...draft!,
                  senderDetails: {
                    name: f.name.trim(),
                    address: f.address.trim(),
                    country: f.country.trim().toUpperCase(),
                    phone: f.phone.trim() || undefined,
                  },
                });
                nav.next();
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

// ---- wire purpose ----

export function WirePurposeScreen() {
  const path = `${BASE}/wire-purpose`;
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const ok = useGuard(!!draft?.recipient);
  const required = draft?.amountAndSource?.currency !== 'NGN';
  const [purpose, setPurpose] = useState<string | null>(draft?.wirePurpose?.purpose ?? null);
  const [narration, setNarration] = useState(draft?.wirePurpose?.narration ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!ok) return null;
  return (
    <Frame path={path} title="What is this payment for?">
      <Card>
        <Stack>
          <Text size="sm" c="dimmed">
            {required
              ? 'Banks need the purpose of every USD and GBP payment.'
              : 'Optional for naira payments; it is kept with the payment.'}
          </Text>
          <Select
            label="Purpose"
            required={required}
            clearable={!required}
            data={WIRE_PURPOSES.map((p) => ({ value: p, label: WIRE_PURPOSE_LABELS[p] }))}
            value={purpose}
            onChange={setPurpose}
            error={errors.purpose}
          />
          <Textarea
            label="Narration"
            required={required}
            description="What the payment is for, in a few words (it appears on the transfer)"
            maxLength={140}
            value={narration}
            onChange={(e) => setNarration(e.currentTarget.value)}
            error={errors.narration}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={nav.back}>
              Back
            </Button>
            <Button
              onClick={() => {
                const e: Record<string, string> = {};
                const any = !!purpose || !!narration.trim();
                if (required || any) {
                  if (!purpose) e.purpose = PAY_SOMEONE_MSG.purposeRequired;
                  if (narration.trim().length < 3) e.narration = PAY_SOMEONE_MSG.purposeNarrationRequired;
                }
                setErrors(e);
                if (Object.keys(e).length) return;
                setDraft({
                  ...draft!,
                  wirePurpose: any ? { purpose: purpose as WirePurpose, narration: narration.trim() } : null,
                });
                nav.next();
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

// ---- scheduling ----

export function SchedulingScreen() {
  const path = `${BASE}/scheduling`;
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const ok = useGuard(!!draft?.recipient);
  const [date, setDate] = useState(draft?.scheduling?.scheduledDate ?? '');
  if (!ok) return null;
  return (
    <Frame path={path} title="When should it be paid?">
      <Card>
        <Stack>
          <DateField
            label="Pay on (optional)"
            description="Tomorrow or later; leave empty to pay as soon as it is approved"
            value={date}
            onChange={setDate}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={nav.back}>
              Back
            </Button>
            <Button
              onClick={() => {
                setDraft({ ...draft!, scheduling: { scheduledDate: date } });
                nav.next();
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

// ---- review ----

function Summary(props: { draft: PaySomeoneDraft }) {
  const d = props.draft;
  const a = d.amountAndSource!;
  const q = a.quote;
  const r = d.recipient!;
  return (
    <Stack gap="xs">
      <Row label="Recipient gets" value={<b>{formatMoney(q.requestedAmountMinor, a.currency)}</b>} />
      <Row label="Recipient" value={r.name} />
      <Row
        label="Bank"
        value={
          r.foreign
            ? `${r.foreign.bankName} · ${r.foreign.swiftCode} · ${r.foreign.accountNumber}`
            : `${r.bankName ?? ''} ${r.accountNumber ?? ''}`
        }
      />
      {r.accountName && <Row label="Account name" value={r.accountName} />}
      {r.foreign && <Row label="Account holder" value={r.foreign.accountName} />}
      {a.currency !== a.walletCurrency && (
        <Row
          label="Rate"
          value={`${SYMBOL[a.currency]}1 = ${formatMoney(Math.round(Number(q.rate) * 100), a.walletCurrency)}`}
        />
      )}
      <Row label="Fees" value={formatMoney(q.exchangeFeeMinor, a.walletCurrency)} />
      <Row label="Total from your wallet" value={<b>{formatMoney(q.totalMinor, a.walletCurrency)}</b>} />
      {d.senderDetails && <Row label="Sent on behalf of" value={d.senderDetails.name} />}
      <Row
        label="Wire purpose"
        value={
          d.wirePurpose ? `${WIRE_PURPOSE_LABELS[d.wirePurpose.purpose]} · ${d.wirePurpose.narration}` : '—'
        }
      />
      <Row
        label="Pay on"
        value={d.scheduling?.scheduledDate ? formatDate(d.scheduling.scheduledDate) : 'Once approved'}
      />
    </Stack>
  );
}

export function ReviewScreen() {
  const path = `${BASE}/review`;
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const nav = useNav(path);
  const navigate = useNavigate();
  const ok = useGuard(!!draft?.recipient && draft.wirePurpose !== undefined);
  const requote = useApiMutation({
    silentSuccess: true,
    silentError: true,
    mutationFn: () => {
      const a = draft!.amountAndSource!;
      return paySomeoneApi.quote(a.walletId, a.amount, a.currency);
    },
    onSuccess: (res) => {
      setDraft({
        ...draft!,
        amountAndSource: {
          ...draft!.amountAndSource!,
          quote: res.data,
          isPaymentRequired: res.data.isPaymentRequired,
        },
      });
      void navigate(res.data.isPaymentRequired ? `${BASE}/step-9` : `${BASE}/step-10`);
    },
  });
  if (!ok || !draft) return null;
  return (
    <Frame path={path} title="Review the payment">
      <Card>
        <Summary draft={draft} />
      </Card>
      <NoApproverNotice
        type="payout"
        amount={draft.amountAndSource?.currency === 'NGN' ? draft.amountAndSource.amount : undefined}
      />
      {requote.error && (
        <Alert color="red">
          {Object.values(requote.error.errors ?? {}).flat()[0] ?? requote.error.message}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={nav.back}>
          Back
        </Button>
        <Button loading={requote.isPending} onClick={() => requote.mutate()}>
          Continue
        </Button>
      </Group>
    </Frame>
  );
}

// ---- step 9: add funds when the balance is short ----

export function AddFundsStepScreen() {
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const navigate = useNavigate();
  const ok = useGuard(!!draft?.amountAndSource && !!draft.recipient);
  const check = useApiMutation({
    silentSuccess: true,
    mutationFn: () => {
      const a = draft!.amountAndSource!;
      return paySomeoneApi.quote(a.walletId, a.amount, a.currency);
    },
    onSuccess: (res) => {
      setDraft({
        ...draft!,
        amountAndSource: {
          ...draft!.amountAndSource!,
          quote: res.data,
          isPaymentRequired: res.data.isPaymentRequired,
        },
      });
      if (!res.data.isPaymentRequired) void navigate(`${BASE}/step-10`);
    },
  });
  // Back from the funding flow: check the balance again at once.
  const checked = useRef(false);
  useEffect(() => {
    if (ok && !checked.current) {
      checked.current = true;
      check.mutate();
    }
  }, [ok, check]);
  if (!ok || !draft) return null;
  const a = draft.amountAndSource!;
  const q = a.quote;
  const short = Math.max(0, q.totalMinor - q.availableBalanceMinor);
  return (
    <Frame path={`${BASE}/step-9`} title="Add funds to continue">
      <Card>
        <Stack>
          <Alert color="yellow" title="Your balance is short" data-testid="short-balance">
            This payment needs {formatMoney(q.totalMinor, a.walletCurrency)} and your wallet has{' '}
            {formatMoney(q.availableBalanceMinor, a.walletCurrency)}. Add at least{' '}
            <b>{formatMoney(short, a.walletCurrency)}</b> to continue.
          </Alert>
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate(`${BASE}/review`)}>
              Back
            </Button>
            <Group>
              <Button variant="light" loading={check.isPending} onClick={() => check.mutate()}>
                I have added funds
              </Button>
              <Button
                component={Link}
                to={`/wallet/add-funds?wallet=${a.walletId}&returnTo=${encodeURIComponent(`${BASE}/step-9`)}`}
              >
                Add funds
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

// ---- step 10: confirm transfer ----

export function ConfirmScreen() {
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const navigate = useNavigate();
  const ok = useGuard(!!draft?.amountAndSource && !!draft.recipient);
  const submit = useApiMutation({
    silentError: true,
    mutationFn: () => paySomeoneApi.create(draft!),
    onSuccess: (res) => {
      void refreshPayouts();
      setDraft({ ...draft!, done: res.data });
      void navigate(`${BASE}/success`);
    },
    onError: (err) => {
      if (err.errors?.amount?.[0] === PAYOUT_MSG.insufficientFunds) void navigate(`${BASE}/step-9`);
    },
  });
  if (!ok || !draft) return null;
  return (
    <Frame path={`${BASE}/step-10`} title="Confirm transfer">
      <Card>
        <Summary draft={draft} />
      </Card>
      {submit.error && (
        <Alert color="red">
          {Object.values(submit.error.errors ?? {}).flat()[0] ?? submit.error.message}
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        The payment goes to approval. Nothing leaves your wallet until it is approved; the amount and fees are
        held then.
      </Text>
      <Group justify="space-between">
        <Button variant="default" onClick={() => navigate(`${BASE}/review`)}>
          Back
        </Button>
        <Button loading={submit.isPending} onClick={() => submit.mutate()}>
          Confirm transfer
        </Button>
      </Group>
    </Frame>
  );
}

// ---- success ----

export function SuccessScreen() {
  const [draft, setDraft] = useDraft<PaySomeoneDraft>(PAY_SOMEONE_DRAFT);
  const ok = useGuard(!!draft?.done);
  const navigate = useNavigate();
  if (!ok || !draft?.done) return null;
  const p = draft.done;
  return (
    <Frame path={`${BASE}/success`} title="Payment sent for approval">
      <Card>
        <Stack align="center" gap="xs" data-testid="pay-someone-success">
          <Text size="xl" fw={700}>
            {formatMoney(p.recipientAmountMinor ?? p.amountMinor, p.recipientCurrency ?? p.currency)}
          </Text>
          <Text size="sm">to {p.payee.name}</Text>
          <Text size="sm" c="dimmed">
            Reference {p.reference} ·{' '}
            {p.scheduledDate ? `to be paid on ${formatDate(p.scheduledDate)}` : 'paid once approved'}
          </Text>
        </Stack>
      </Card>
      <Group justify="center">
        <Anchor component={Link} to={`/payouts/${p.id}`}>
          View payment
        </Anchor>
        <Button
          onClick={() => {
            setDraft(undefined);
            void navigate(BASE);
          }}
        >
          Pay someone else
        </Button>
      </Group>
    </Frame>
  );
}
