import { Checkbox, Select, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { DateField } from '../../../components/date-field';
import { formatMoney } from '../../../lib/format';
import { useProfile } from '../../../lib/session';
import { useWallets } from '../../money';
import { useBanks } from '../../profile';
import { useApprovers, useExpenseQuote } from '../api';
import { BeneficiaryPicker } from '../components/beneficiary-picker';
import type { ExpenseScanMarks } from '../components/expense-scan';
import type { ExpenseFormApi } from '../components/product-lines';
import { BankSelect } from '../../../components/bank-select';
import { AccountNameCheck } from '../../../components/account-name-check';
import type { Lookup } from '../../../components/use-account-lookup';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { FormGrid } from '../../../components/form-grid';

type Quote = ReturnType<typeof useExpenseQuote>;

/** The wallet paid from and the currency paid in. */
export function WalletAndCurrency(props: { form: ExpenseFormApi; wallets: ReturnType<typeof useWallets> }) {
  const { t } = useTranslation('expenses');
  const { form } = props;
  const e = form.formState.errors;
  return (
    <FormGrid>
      <Controller
        control={form.control}
        name="walletId"
        render={({ field }) => (
          <Select
            label={t('expenseFormFields.wallet')}
            data={(props.wallets.data ?? []).map((w) => ({
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
            label={t('expenseFormFields.currency')}
            data={['NGN', 'USD', 'GBP']}
            value={field.value ?? null}
            onChange={field.onChange}
            error={e.currency?.message}
          />
        )}
      />
    </FormGrid>
  );
}

/** The quote under the amount: fee, total and, across currencies, the rate. */
function quoteDescription(quote: Quote) {
  if (quote.isFetching) return i18n.t('expenses:expenseFormFields.gettingAQuote');
  if (!quote.data) return undefined;
  const q = quote.data;
  return [
    i18n.t('expenses:expenseFormFields.feeTotal', {
      amount: formatMoney(q.exchangeFeeMinor, q.sourceCurrency),
      amount2: formatMoney(q.totalMinor, q.sourceCurrency),
    }),
    q.currency !== q.sourceCurrency ? i18n.t('expenses:expenseFormFields.rate', { rate: q.rate }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The amount (read-only when product lines set it), with the quote's error or figures. */
export function AmountField(props: { form: ExpenseFormApi; quote: Quote; marks?: ExpenseScanMarks }) {
  const { t } = useTranslation('expenses');
  const { form, quote, marks } = props;
  const e = form.formState.errors;
  return (
    <TextInput
      label={t('expenseFormFields.amount')}
      {...form.register('amount')}
      readOnly={(form.watch('productsAndServices') ?? []).length > 0}
      error={
        e.amount?.message ??
        (quote.error ? (quote.error as Error).message : undefined) ??
        (quote.data?.isPaymentRequired ? t('expenseFormFields.insufficientFundsTopUpRequired') : undefined)
      }
      {...(marks ? marks.check('amount', quoteDescription(quote)) : { description: quoteDescription(quote) })}
      data-testid="expense-amount"
    />
  );
}

/** Who is paid: a saved beneficiary, or a bank and an account number checked with the bank. */
export function PayeeFields(props: { form: ExpenseFormApi; account: Lookup; marks?: ExpenseScanMarks }) {
  const { t } = useTranslation('expenses');
  const { form, marks, account } = props;
  const banks = useBanks();
  const e = form.formState.errors;
  return (
    <>
      <BeneficiaryPicker
        onPick={(b) => {
          form.setValue('bankCode', b.bankCode, { shouldValidate: true });
          form.setValue('bankAccountNumber', b.accountNumber, { shouldValidate: true });
          form.setValue('beneficiaryId', b.id);
          form.setValue('bankAccountName', b.accountName);
          if (b.email) form.setValue('beneficiaryEmail', b.email);
        }}
      />
      <TextInput
        label={t('expenseFormFields.beneficiaryName')}
        description={t('expenseFormFields.asYouKnowThemChecked')}
        {...form.register('bankAccountName')}
        error={e.bankAccountName?.message}
      />
      <Controller
        control={form.control}
        name="bankCode"
        render={({ field }) => (
          <BankSelect
            banks={banks.data}
            value={field.value ?? null}
            onChange={field.onChange}
            error={e.bankCode?.message}
            {...marks?.check('bankCode')}
          />
        )}
      />
      <TextInput
        label={t('expenseFormFields.accountNumber')}
        maxLength={10}
        {...form.register('bankAccountNumber')}
        error={
          e.bankAccountNumber?.message ??
          (account.state === 'invalid' ? t('expenseFormFields.weCouldNotVerifyThis') : undefined)
        }
        {...marks?.check('bankAccountNumber')}
      />
      <AccountNameCheck lookup={account} />
    </>
  );
}

/** The approver: an active member other than me, with their spend limit. */
export function ApproverSelect(props: { form: ExpenseFormApi }) {
  const { t } = useTranslation('expenses');
  const { form } = props;
  const approvers = useApprovers();
  const me = useProfile();
  const approverOptions = (approvers.data ?? [])
    .filter((m) => m.user.id !== me.data?.id)
    .map((m) => ({
      value: m.user.id,
      label: `${m.user.name} (${m.roleName})${m.limit ? ` · limit ₦${(m.limit.limitMinor / 100).toLocaleString('en-NG')}` : ''}`,
    }));
  return (
    <Controller
      control={form.control}
      name="approverId"
      render={({ field }) => (
        <Select
          label={t('expenseFormFields.approver')}
          description={t('expenseFormFields.requiredWhenTheAmountIs')}
          clearable
          data={approverOptions}
          value={field.value ?? null}
          onChange={field.onChange}
          error={form.formState.errors.approverId?.message}
        />
      )}
    />
  );
}

/** When to pay: a date, a repeat, and the last date of a repeat. */
export function ScheduleFields(props: { form: ExpenseFormApi }) {
  const { t } = useTranslation('expenses');
  const { form } = props;
  const e = form.formState.errors;
  return (
    <>
      <FormGrid>
        <Controller
          control={form.control}
          name="scheduledDate"
          render={({ field }) => (
            <DateField
              label={t('expenseFormFields.payOnOptional')}
              description={t('expenseFormFields.leaveEmptyToPayRight')}
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
              label={t('expenseFormFields.repeat')}
              data={[
                { value: 'once', label: t('expenseFormFields.once') },
                { value: 'weekly', label: t('expenseFormFields.everyWeek') },
                { value: 'monthly', label: t('expenseFormFields.everyMonth') },
              ]}
              value={field.value ?? 'once'}
              onChange={(v) => field.onChange(v)}
              disabled={!form.watch('scheduledDate')}
              error={e.recurrence?.message}
            />
          )}
        />
      </FormGrid>
      {form.watch('recurrence') && form.watch('recurrence') !== 'once' && (
        <Controller
          control={form.control}
          name="recurrenceEndDate"
          render={({ field }) => (
            <DateField
              label={t('expenseFormFields.lastPaymentOnOptional')}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(v || null)}
              error={e.recurrenceEndDate?.message}
            />
          )}
        />
      )}
    </>
  );
}

/** The beneficiary's email and whether to notify them. */
export function BeneficiaryEmailFields(props: { form: ExpenseFormApi }) {
  const { t } = useTranslation('expenses');
  const { form } = props;
  return (
    <>
      <TextInput
        label={t('expenseFormFields.beneficiaryEmailOptional')}
        {...form.register('beneficiaryEmail', {
          setValueAs: (v: string | null) => (v?.trim() ? v.trim() : null),
        })}
        error={form.formState.errors.beneficiaryEmail?.message}
      />
      <Controller
        control={form.control}
        name="notifyBeneficiary"
        render={({ field }) => (
          <Checkbox
            label={t('expenseFormFields.notifyTheBeneficiaryByEmail')}
            checked={!!field.value}
            onChange={(ev) => field.onChange(ev.currentTarget.checked)}
          />
        )}
      />
    </>
  );
}
