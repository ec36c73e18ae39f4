import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { expenseBody, type ExpenseBody, type ExpenseDetail } from '@owo/contract/expenses';
import { DateField } from '../../../components/date-field';
import { useDraft } from '../../../lib/drafts';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useProfile } from '../../../lib/session';
import { accountsApi } from '../../accounts';
import { useWallets } from '../../money';
import { profileApi, useBanks } from '../../profile';
import { EXPENSE_DRAFT, useApprovers, useExpense, useExpenseQuote, type ExpenseDraft } from '../api';
import { BeneficiaryPicker } from '../components/beneficiary-picker';
import { ProductLines } from '../components/product-lines';
import { ACCOUNT_LOOKUP_DELAY_MS } from '../timings';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

/** /expense/new-payment and /expense/:ref/edit: step one (New Expense). */
export function ExpenseFormScreen() {
  const { ref } = useParams();
  const existing = useExpense(ref);
  const [draft] = useDraft<ExpenseDraft>(EXPENSE_DRAFT);
  if (ref && existing.isLoading) return <Loader />;
  if (ref && existing.error) return <Alert color="red">{existing.error.message}</Alert>;
  const fromDraft = draft && draft.editing === ref ? draft.body : undefined;
  return (
    <ExpenseForm
      key={ref ?? 'new'}
      editing={ref}
      failed={existing.data?.status === 'failed'}
      initial={fromDraft ?? toBody(existing.data)}
    />
  );
}

function toBody(e: ExpenseDetail | undefined): ExpenseBody | undefined {
  if (!e) return undefined;
  return {
    amount: e.amount,
    walletId: e.walletId,
    currency: e.currency as 'NGN',
    bankCode: e.bankCode,
    bankAccountNumber: e.bankAccountNumber,
    purpose: {
      description: e.purpose.description ?? '',
      serviceName: e.purpose.serviceName,
      service: e.purpose.service,
    },
    attachments: e.attachments,
    approverId: e.approverId,
    beneficiaryEmail: e.beneficiaryEmail,
    scheduledDate: e.scheduledDate,
    recurrence: e.recurrence,
    recurrenceEndDate: e.recurrenceEndDate,
    productsAndServices: e.productsAndServices.map((l) => ({
      id: l.id,
      amount: l.amount,
      quantity: l.quantity,
    })),
  };
}

function ExpenseForm(props: { editing?: string; failed?: boolean; initial?: ExpenseBody }) {
  const navigate = useNavigate();
  const [, setDraft] = useDraft<ExpenseDraft>(EXPENSE_DRAFT);
  const wallets = useWallets();
  const banks = useBanks();
  const approvers = useApprovers();
  const me = useProfile();
  const form = useZodForm(expenseBody, {
    defaultValues: props.initial ?? {
      currency: 'NGN',
      purpose: { description: '' },
      attachments: [],
      productsAndServices: [],
    },
  });
  const [accountName, setAccountName] = useState('');
  const [lookup, setLookup] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [uploading, setUploading] = useState(false);
  const bankCode = form.watch('bankCode');
  const accountNumber = form.watch('bankAccountNumber');
  const attachments = form.watch('attachments') ?? [];
  const quote = useExpenseQuote({
    walletId: form.watch('walletId'),
    amount: String(form.watch('amount') ?? ''),
    currency: form.watch('currency'),
  });

  // Account lookup 1,000 ms after 10 digits are typed (001 §9); a failed lookup clears the name.
  useEffect(() => {
    setAccountName('');
    if (!bankCode || !/^\d{10}$/.test(accountNumber ?? '')) return;
    const ctl = new AbortController();
    const id = setTimeout(() => {
      setLookup('loading');
      profileApi.validateAccount({ accountNumber, bankCode }, ctl.signal).then(
        (res) => {
          setAccountName(res.data.accountName);
          setLookup(res.data.accountName ? 'idle' : 'failed');
        },
        () => setLookup('failed'),
      );
    }, ACCOUNT_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(id);
      ctl.abort();
    };
  }, [bankCode, accountNumber]);

  useEffect(() => {
    const ngn = wallets.data?.find((w) => w.currency === 'NGN');
    if (ngn && !form.getValues('walletId')) form.setValue('walletId', ngn.id);
  }, [wallets.data, form]);

  const e = form.formState.errors;
  const approverOptions = (approvers.data ?? [])
    .filter((m) => m.user.id !== me.data?.id)
    .map((m) => ({
      value: m.user.id,
      label: `${m.user.name} (${m.roleName})${m.limit ? ` · limit ₦${(m.limit.limitMinor / 100).toLocaleString('en-NG')}` : ''}`,
    }));

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(() => {
        setDraft({
          body: form.getValues() as ExpenseBody,
          accountName,
          editing: props.editing,
          quote: quote.data
            ? {
                feeMinor: quote.data.exchangeFeeMinor,
                totalMinor: quote.data.totalMinor,
                currency: quote.data.sourceCurrency,
                rate: quote.data.rate,
              }
            : null,
        });
        void navigate(
          props.editing
            ? paths.expenses.editReview.href({ ref: props.editing })
            : paths.expenses.reviewPayment.href(),
        );
      })}
    >
      <Stack gap="lg" maw={640}>
        <PageHeader mb={0} title={props.editing ? 'Edit expense' : 'New Expense'} />
        {props.failed && (
          <Alert color="yellow">
            Changing the amount, wallet, bank account or date sends this expense back for approval. A retry
            pays only what was approved.
          </Alert>
        )}
        <Card>
          <Stack>
            <Group grow>
              <Controller
                control={form.control}
                name="walletId"
                render={({ field }) => (
                  <Select
                    label="Wallet"
                    data={(wallets.data ?? []).map((w) => ({
                      value: w.id,
                      label: `${w.name} (${w.currency})`,
                    }))}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={e.walletId?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <Select
                    label="Currency"
                    data={['NGN', 'USD', 'GBP']}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={e.currency?.message}
                  />
                )}
              />
            </Group>
            <TextInput
              label="Amount"
              {...form.register('amount')}
              readOnly={(form.watch('productsAndServices') ?? []).length > 0}
              error={
                e.amount?.message ??
                (quote.error ? (quote.error as Error).message : undefined) ??
                (quote.data?.isPaymentRequired ? 'Insufficient funds, top-up required' : undefined)
              }
              description={
                quote.isFetching
                  ? 'Getting a quote…'
                  : quote.data
                    ? `Fee ${formatMoney(quote.data.exchangeFeeMinor, quote.data.sourceCurrency)} · Total ${formatMoney(
                        quote.data.totalMinor,
                        quote.data.sourceCurrency,
                      )}${quote.data.currency !== quote.data.sourceCurrency ? ` · Rate ${quote.data.rate}` : ''}`
                    : undefined
              }
              data-testid="expense-amount"
            />
            <ProductLines form={form} />
            <BeneficiaryPicker
              onPick={(b) => {
                form.setValue('bankCode', b.bankCode, { shouldValidate: true });
                form.setValue('bankAccountNumber', b.accountNumber, { shouldValidate: true });
                form.setValue('beneficiaryId', b.id);
                if (b.email) form.setValue('beneficiaryEmail', b.email);
              }}
            />
            <Controller
              control={form.control}
              name="bankCode"
              render={({ field }) => (
                <Select
                  label="Bank"
                  searchable
                  data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={e.bankCode?.message}
                />
              )}
            />
            <TextInput
              label="Account number"
              maxLength={10}
              {...form.register('bankAccountNumber')}
              error={
                e.bankAccountNumber?.message ??
                (lookup === 'failed'
                  ? 'We could not verify this account number at the selected bank'
                  : undefined)
              }
              description={lookup === 'loading' ? 'Checking…' : accountName}
            />
            <Textarea
              label="Description"
              {...form.register('purpose.description')}
              error={e.purpose?.description?.message}
            />
            <TextInput label="Category (optional)" {...form.register('purpose.serviceName')} />
            <Controller
              control={form.control}
              name="approverId"
              render={({ field }) => (
                <Select
                  label="Approver"
                  description="Required when the amount is above your spend limit"
                  clearable
                  data={approverOptions}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={e.approverId?.message}
                />
              )}
            />
            <Group grow align="flex-start">
              <Controller
                control={form.control}
                name="scheduledDate"
                render={({ field }) => (
                  <DateField
                    label="Pay on (optional)"
                    description="Leave empty to pay right after approval"
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(v || null)}
                    error={e.scheduledDate?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="recurrence"
                render={({ field }) => (
                  <Select
                    label="Repeat"
                    data={[
                      { value: 'once', label: 'Once' },
                      { value: 'weekly', label: 'Every week' },
                      { value: 'monthly', label: 'Every month' },
                    ]}
                    value={field.value ?? 'once'}
                    onChange={(v) => field.onChange(v)}
                    disabled={!form.watch('scheduledDate')}
                    error={e.recurrence?.message}
                  />
                )}
              />
            </Group>
            {form.watch('recurrence') && form.watch('recurrence') !== 'once' && (
              <Controller
                control={form.control}
                name="recurrenceEndDate"
                render={({ field }) => (
                  <DateField
                    label="Last payment on (optional)"
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(v || null)}
                    error={e.recurrenceEndDate?.message}
                  />
                )}
              />
            )}
            <FileInput
              label="Receipt (image or PDF, up to 1 MB)"
              accept="image/*,application/pdf"
              placeholder={uploading ? 'Uploading…' : 'Attach a receipt'}
              onChange={async (file) => {
                if (!file) return;
                setUploading(true);
                try {
                  const res = await accountsApi.upload(file);
                  form.setValue('attachments', [
                    ...attachments,
                    { uploader: res.data.uploader.name, fileName: res.data.fileName },
                  ]);
                } catch (err) {
                  form.setError('attachments', { message: (err as Error).message });
                } finally {
                  setUploading(false);
                }
              }}
              error={e.attachments?.message}
            />
            {attachments.length > 0 && (
              <Text size="sm" c="dimmed">
                Attached: {attachments.map((a) => a.fileName).join(', ')}
              </Text>
            )}
            <TextInput
              label="Beneficiary email (optional)"
              {...form.register('beneficiaryEmail', {
                setValueAs: (v: string | null) => (v?.trim() ? v.trim() : null),
              })}
              error={e.beneficiaryEmail?.message}
            />
            <Controller
              control={form.control}
              name="notifyBeneficiary"
              render={({ field }) => (
                <Checkbox
                  label="Notify the beneficiary by email"
                  checked={!!field.value}
                  onChange={(ev) => field.onChange(ev.currentTarget.checked)}
                />
              )}
            />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" disabled={lookup === 'loading' || !accountName || uploading}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
