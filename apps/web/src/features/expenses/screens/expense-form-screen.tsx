import { Alert, Button, Card, Group, Loader, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { expenseBody, type ExpenseBody, type ExpenseDetail } from '@owo/contract/expenses';
import { useDraft } from '../../../lib/drafts';
import { useZodForm } from '../../../lib/forms';
import { useWallets } from '../../money';
import { EXPENSE_DRAFT, useExpense, useExpenseQuote, type ExpenseDraft } from '../api';
import { ProductLines, type ExpenseFormApi } from '../components/product-lines';
import { ACCOUNT_LOOKUP_DELAY_MS } from '../timings';
import { ScanDocumentButton, ScanNotice } from '../../documents';
import { useExpenseScan } from '../components/expense-scan';
import { ReceiptField } from '../components/receipt-field';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { resolvedName, useAccountLookup } from '../../../components/use-account-lookup';
import { NameMismatchWarning } from '../../../components/account-name-check';
import {
  AmountField,
  ApproverSelect,
  BeneficiaryEmailFields,
  PayeeFields,
  ScheduleFields,
  WalletAndCurrency,
} from './expense-form-fields';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** /expense/new-payment and /expense/:ref/edit: step one (New Expense). */
export function ExpenseFormScreen() {
  const { ref } = useParams();
  const existing = useExpense(ref);
  const [draft] = useDraft<ExpenseDraft>(EXPENSE_DRAFT);
  if (ref && existing.isLoading) return <Loader />;
  if (ref && existing.error) return <Alert color="red">{messageText(existing.error.message)}</Alert>;
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

/** The form (NGN wallet by default), the payee's account lookup and the live quote. */
function useExpenseForm(initial?: ExpenseBody) {
  const wallets = useWallets();
  const form = useZodForm(expenseBody, {
    defaultValues: initial ?? {
      currency: 'NGN',
      purpose: { description: '' },
      attachments: [],
      productsAndServices: [],
    },
  });
  const account = useAccountLookup(form.watch('bankCode') ?? '', form.watch('bankAccountNumber') ?? '', {
    delayMs: ACCOUNT_LOOKUP_DELAY_MS,
  });
  const quote = useExpenseQuote({
    walletId: form.watch('walletId'),
    amount: String(form.watch('amount') ?? ''),
    currency: form.watch('currency'),
  });
  useEffect(() => {
    const ngn = wallets.data?.find((w) => w.currency === 'NGN');
    if (ngn && !form.getValues('walletId')) form.setValue('walletId', ngn.id);
  }, [wallets.data, form]);
  return { form, wallets, account, quote };
}

/** Continue: the form, the checked name and the quote go to the draft, then to review. */
function useContinue(editing: string | undefined) {
  const navigate = useNavigate();
  const [, setDraft] = useDraft<ExpenseDraft>(EXPENSE_DRAFT);
  return (form: ExpenseFormApi, accountName: string, quote: ReturnType<typeof useExpenseQuote>) => {
    setDraft({
      body: form.getValues() as ExpenseBody,
      accountName,
      editing,
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
      editing ? paths.expenses.editReview.href({ ref: editing }) : paths.expenses.reviewPayment.href(),
    );
  };
}

function ExpenseForm(props: { editing?: string; failed?: boolean; initial?: ExpenseBody }) {
  const { t } = useTranslation('expenses');
  const navigate = useNavigate();
  const toReview = useContinue(props.editing);
  const { form, wallets, account, quote } = useExpenseForm(props.initial);
  const [uploading, setUploading] = useState(false);
  const scan = useExpenseScan(form, setUploading);
  const e = form.formState.errors;
  const accountName = resolvedName(account);
  return (
    <form noValidate onSubmit={form.handleSubmit(() => toReview(form, accountName, quote))}>
      <Stack gap="lg" maw={640}>
        <PageHeader
          mb={0}
          title={props.editing ? t('expenseFormScreen.editExpense') : t('expenseFormScreen.newExpense')}
          actions={<ScanDocumentButton kind="receipt" onRead={scan.onRead} disabled={uploading} />}
        />
        <ScanNotice filled={scan.marks.filled} lowCount={scan.marks.lowCount} />
        {props.failed && <Alert color="yellow">{t('expenseFormScreen.changingTheAmountWalletBank')}</Alert>}
        <Card>
          <Stack>
            <WalletAndCurrency form={form} wallets={wallets} />
            <AmountField form={form} quote={quote} marks={scan.marks} />
            <ProductLines form={form} />
            <PayeeFields form={form} account={account} marks={scan.marks} />
            <Textarea
              label={t('expenseFormScreen.description')}
              {...form.register('purpose.description')}
              error={e.purpose?.description?.message}
              {...scan.marks.check('purpose.description')}
            />
            <TextInput
              label={t('expenseFormScreen.categoryOptional')}
              {...form.register('purpose.serviceName')}
            />
            <ApproverSelect form={form} />
            <ScheduleFields form={form} />
            <ReceiptField form={form} uploading={uploading} setUploading={setUploading} />
            <BeneficiaryEmailFields form={form} />
          </Stack>
        </Card>
        <NameMismatchWarning lookup={account} typedName={form.watch('bankAccountName')} />
        <Group justify="flex-end">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('expenseFormScreen.cancel')}
          </Button>
          <Button type="submit" disabled={account.state === 'checking' || !accountName || uploading}>
            {t('expenseFormScreen.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
