import { Alert, Anchor, Button, Card, FileInput, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LINK_STATUS } from '@owo/contract/http';
import { BILL_MSG } from '@owo/contract/payouts-bills';
import { DateField } from '../../../components/date-field';
import { isApiError } from '../../../lib/api';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useHasSession } from '../../../lib/session';
import { billApi, useSendBill, useSendBillBanks } from '../api';
import { PublicFrame } from '../../../components/public-frame';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { BankSelect } from '../../../components/bank-select';
import { FormGrid } from '../../../components/form-grid';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The bill's fields as typed on payment-details. */
type BillValues = {
  amount: string;
  description: string;
  invoiceNumber: string;
  dueDate: string;
  bankCode: string;
  accountNumber: string;
};
/** What was sent, kept for the review step (the link is spent once the bill is sent). */
type SentBill = {
  ref: string;
  companyName: string;
  email: string;
  values: BillValues;
  bankName: string;
  fileName: string | null;
};
const SENT_DRAFT = 'sendBill';

function LinkProblem(props: { error: unknown }) {
  const { t } = useTranslation('payouts');
  const gone = isApiError(props.error) && props.error.httpStatus === 410 ? props.error.status : null;
  const [title, text, color] =
    gone === LINK_STATUS.used
      ? [t('sendBill.linkProblem.used'), messageText(BILL_MSG.used), 'yellow']
      : gone === LINK_STATUS.expired
        ? [t('sendBill.linkProblem.expired'), messageText(BILL_MSG.expired), 'yellow']
        : [t('sendBill.linkProblem.unknown'), messageText(BILL_MSG.unknown), 'red'];
  return (
    <Alert color={color} title={title}>
      {text}
    </Alert>
  );
}

/** /send-bill/welcome/:ref (public): who asks for the bill. */
export function SendBillWelcomeScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const q = useSendBill(ref);
  return (
    <PublicFrame>
      {q.isLoading ? (
        <Loader />
      ) : q.error || !q.data ? (
        <LinkProblem error={q.error} />
      ) : (
        <Card>
          <Stack>
            <PageHeader
              mb={0}
              title={<>{t('sendBill.requestsABill', { companyName: q.data.companyName })}</>}
            />
            <Text>
              <Trans
                t={t}
                i18nKey="sendBill.sendYourBillToIn"
                values={{ companyName: q.data.companyName, email: q.data.email }}
                shouldUnescape
                components={{ b: <b /> }}
              />
            </Text>
            <Button onClick={() => void navigate(paths.sendBill.paymentDetails.href({ ref: ref! }))}>
              {t('sendBill.getStarted')}
            </Button>
          </Stack>
        </Card>
      )}
    </PublicFrame>
  );
}

/** The bill form's values, file and send; once sent, the review reads what was sent from a draft. */
function useSendBillForm(ref: string | undefined) {
  const navigate = useNavigate();
  const info = useSendBill(ref);
  const banks = useSendBillBanks(ref);
  const [, setSent] = useDraft<SentBill>(SENT_DRAFT);
  const [v, setV] = useState<BillValues>({
    amount: '',
    description: '',
    invoiceNumber: '',
    dueDate: '',
    bankCode: '',
    accountNumber: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const set = (k: keyof BillValues) => (x: string) => setV((s) => ({ ...s, [k]: x }));
  const submit = useApiMutation({
    silentSuccess: true,
    mutationFn: () => {
      const f = new FormData();
      for (const [k, x] of Object.entries(v)) f.append(k, x);
      if (file) f.append('file', file);
      return billApi.submit(ref!, f);
    },
    onSuccess: () => {
      setSent({
        ref: ref!,
        companyName: info.data!.companyName,
        email: info.data!.email,
        values: v,
        bankName: banks.data?.find((b) => b.code === v.bankCode)?.name ?? v.bankCode,
        fileName: file?.name ?? null,
      });
      void navigate(paths.sendBill.review.href({ ref: ref! }));
    },
  });
  const err = (k: string) => submit.error?.errors?.[k]?.[0];
  return { info, banks, v, set, file, setFile, submit, err };
}

/** /send-bill/payment-details/:ref (public): the bill, bank details and the file; sent once. */
export function SendBillDetailsScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const form = useSendBillForm(ref);
  const { info, submit } = form;
  if (info.isLoading)
    return (
      <PublicFrame>
        <Loader />
      </PublicFrame>
    );
  if (info.error || !info.data)
    return (
      <PublicFrame>
        <LinkProblem error={info.error} />
      </PublicFrame>
    );
  return (
    <PublicFrame>
      <Card>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate();
          }}
        >
          <Stack>
            <Title order={3}>{t('sendBill.billFor', { companyName: info.data.companyName })}</Title>
            <SendBillFields {...form} banks={form.banks.data} />
            <Button type="submit" loading={submit.isPending}>
              {t('sendBill.continue')}
            </Button>
          </Stack>
        </form>
      </Card>
    </PublicFrame>
  );
}

/**
 * The payment-details screen's fields: amount, description, invoice number, due date, bank,
 * account and the file. The review step shows the same screen, read-only, with what was sent.
 */
function SendBillFields(props: {
  v: BillValues;
  set?: (k: keyof BillValues) => (x: string) => void;
  err?: (k: string) => string | undefined;
  banks: { code: string; name: string }[] | undefined;
  file?: File | null;
  setFile?: (f: File | null) => void;
  /** The review: every field read-only, the file by its name. */
  review?: { fileName: string | null };
}) {
  const { t } = useTranslation('payouts');
  const { v, review } = props;
  const set = (k: keyof BillValues) => props.set?.(k) ?? (() => {});
  const err = (k: string) => props.err?.(k);
  const text = (k: keyof BillValues) => ({
    value: v[k],
    readOnly: !!review,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(k)(e.currentTarget.value),
    error: err(k),
  });
  return (
    <>
      <TextInput label={t('sendBill.amount')} inputMode="decimal" {...text('amount')} />
      <TextInput label={t('sendBill.description')} {...text('description')} />
      <FormGrid>
        <TextInput label={t('sendBill.invoiceNumber')} {...text('invoiceNumber')} />
        <DateField
          label={t('sendBill.dueDate')}
          value={v.dueDate}
          readOnly={!!review}
          onChange={set('dueDate')}
          error={err('dueDate')}
        />
      </FormGrid>
      <FormGrid>
        <BankSelect
          banks={props.banks}
          value={v.bankCode || null}
          readOnly={!!review}
          onChange={(x) => set('bankCode')(x ?? '')}
          error={err('bankCode')}
        />
        <TextInput
          label={t('sendBill.accountNumber')}
          inputMode="numeric"
          maxLength={10}
          {...text('accountNumber')}
        />
      </FormGrid>
      {review ? (
        <TextInput label={t('sendBill.billPdfOrImageUp')} value={review.fileName ?? '—'} readOnly />
      ) : (
        <FileInput
          label={t('sendBill.billPdfOrImageUp')}
          accept="application/pdf,image/*"
          value={props.file}
          onChange={(f) => props.setFile?.(f)}
          error={err('file')}
        />
      )}
    </>
  );
}

/**
 * /send-bill/review/:ref: entered only after a successful send (000 §4.9); it reuses the
 * payment-details screen (000 §2.10), read-only, with what was sent.
 */
export function SendBillReviewScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const [sent] = useDraft<SentBill>(SENT_DRAFT);
  if (!sent?.values || sent.ref !== ref)
    return (
      <PublicFrame>
        <Alert>{t('sendBill.openTheLinkFromYour')}</Alert>
      </PublicFrame>
    );
  const amountMinor = Math.round(Number(sent.values.amount) * 100);
  return (
    <PublicFrame>
      <Card>
        <Stack>
          <Title order={3}>{t('sendBill.billFor', { companyName: sent.companyName })}</Title>
          <Alert color="green" title={t('sendBill.review')}>
            {t('sendBill.receivedYourBillOfDue', {
              companyName: sent.companyName,
              amount: formatMoney(amountMinor),
              date: formatDate(sent.values.dueDate),
            })}
          </Alert>
          <SendBillFields
            v={sent.values}
            banks={[{ code: sent.values.bankCode, name: sent.bankName }]}
            review={{ fileName: sent.fileName }}
          />
          <Button onClick={() => void navigate(paths.sendBill.success.href({ ref }))}>
            {t('sendBill.done')}
          </Button>
        </Stack>
      </Card>
    </PublicFrame>
  );
}

/**
 * /send-bill/success/:ref: 'Payment Requested' (000 §2.10). A signed-in user is offered 'Start new
 * transaction' (the dashboard, with its Make Payment menu); a visitor 'Get Started', to registration
 * with the email prefilled.
 */
export function SendBillSuccessScreen() {
  const { t } = useTranslation('payouts');
  const [sent] = useDraft<SentBill>(SENT_DRAFT);
  const signedIn = useHasSession();
  return (
    <PublicFrame>
      <Card>
        <Stack align="center">
          <PageHeader mb={0} title={messageText(BILL_MSG.submitted)} />
          <Text ta="center">
            {sent
              ? t('sendBill.hasYourBill', { companyName: sent.companyName })
              : t('sendBill.yourBillWasSent')}
          </Text>
          {signedIn ? (
            <Anchor component={Link} to={paths.dashboard.href()}>
              {t('sendBill.startNewTransaction')}
            </Anchor>
          ) : (
            <Anchor component={Link} to={paths.auth.register.href(sent ? { email: sent.email } : undefined)}>
              {t('sendBill.getStarted2')}
            </Anchor>
          )}
        </Stack>
      </Card>
    </PublicFrame>
  );
}
