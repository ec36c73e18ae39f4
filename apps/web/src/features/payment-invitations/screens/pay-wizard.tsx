// The payer's public pages (issue 23 §0; 001 §2 `/payment-invitation/*`): no sign-in, the mailed
// reference is the only key. Steps as sub-routes, like the vendor self-onboarding pages:
// amount → methods → transfer-info → wire-purpose (USD/GBP only) → review → success. The choices
// live in an in-memory draft per link; a step reached without them goes back to methods. A link that
// is unknown, cancelled or expired shows a clear page.
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { CopyRow } from '../../../components/copy-row';
import { receivingDetailRows } from '@owo/contract/funding';
import { WIRE_PURPOSES, type WirePurpose } from '@owo/contract/payouts-pay-someone';
import {
  PAYMENT_INVITATION_MSG,
  paymentInvitationConfirmBody,
  type PaymentInvitationMethod,
  type PublicPaymentInvitation,
} from '@owo/contract/payment-invitations';

import { useDraft } from '../../../lib/drafts';
import { formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { paymentInvitationApi, usePublicPaymentInvitation } from '../api';
import { PublicFrame } from '../../../components/public-frame';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

import { Done, LinkProblem, Success } from './pay-outcomes';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { messageText } from '../../../lib/messages';

type Draft = { method: PaymentInvitationMethod; wirePurpose?: WirePurpose | null; narration?: string };
export const PAY_STEPS = ['amount', 'methods', 'transfer-info', 'wire-purpose', 'review', 'success'] as const;
type Step = (typeof PAY_STEPS)[number];

const methodLabel = (m: PaymentInvitationMethod) => i18n.t(`payment-invitations:payWizard.methods.${m}`);

/** "Step n of 4" (5 with the wire purpose of a foreign payment) of a step of the wizard. */
function stepLabel(step: Step, foreign: boolean): string | undefined {
  const total = foreign ? 5 : 4;
  const label = (n: number) => i18n.t('payment-invitations:payWizard.stepOf', { n, total });
  return (
    {
      amount: label(1),
      methods: label(2),
      'transfer-info': label(3),
      'wire-purpose': label(4),
      review: label(total),
    } as Record<string, string>
  )[step];
}

/** `/payment-invitation/:ref` and `/payment-invitation/:ref/:step`. */
export function PaymentInvitationScreen() {
  const { ref = '', step: raw = 'amount' } = useParams();
  const step = (PAY_STEPS as readonly string[]).includes(raw) ? (raw as Step) : 'amount';
  const q = usePublicPaymentInvitation(ref);
  const [draft, setDraft] = useDraft<Draft>(`paymentInvitation:${ref}`);
  const go = useGo(ref);
  if (q.isLoading)
    return (
      <PublicFrame>
        <Loader />
      </PublicFrame>
    );
  if (q.error || !q.data)
    return (
      <PublicFrame>
        <LinkProblem error={q.error} />
      </PublicFrame>
    );
  const inv = q.data;
  if (step === 'success' || inv.status !== 'pending')
    return <PublicFrame>{step === 'success' ? <Success inv={inv} /> : <Done inv={inv} />}</PublicFrame>;
  const foreign = !!draft && draft.method !== 'bankTransfer';
  const needsDraft = step === 'transfer-info' || step === 'wire-purpose' || step === 'review';
  if (needsDraft && !draft)
    return <Navigate to={paths.paymentInvitationStep.href({ ref, step: 'methods' })} replace />;
  return (
    <PublicFrame step={stepLabel(step, foreign)}>
      {step === 'amount' && <AmountStep inv={inv} onNext={() => go('methods')} />}
      {step === 'methods' && (
        <MethodsStep
          inv={inv}
          value={draft?.method}
          onNext={(method) => {
            setDraft({ ...draft, method });
            go('transfer-info');
          }}
          onBack={() => go('amount')}
        />
      )}
      {step === 'transfer-info' && draft && (
        <TransferInfoStep
          inv={inv}
          method={draft.method}
          onNext={() => go(foreign ? 'wire-purpose' : 'review')}
          onBack={() => go('methods')}
        />
      )}
      {step === 'wire-purpose' && draft && (
        <WirePurposeStep
          draft={draft}
          onNext={(v) => {
            setDraft({ ...draft, ...v });
            go('review');
          }}
          onBack={() => go('transfer-info')}
        />
      )}
      {step === 'review' && draft && (
        <ReviewStep
          inv={inv}
          refId={ref}
          draft={draft}
          // The draft stays (memory only): clearing it here would send this render back to methods.
          onDone={() => go('success')}
          onBack={() => go(foreign ? 'wire-purpose' : 'transfer-info')}
        />
      )}
    </PublicFrame>
  );
}

function useGo(ref: string) {
  const navigate = useNavigate();
  return (step: Step) => void navigate(paths.paymentInvitationStep.href({ ref, step }));
}

function AmountStep(props: { inv: PublicPaymentInvitation; onNext: () => void }) {
  const { t } = useTranslation('payment-invitations');
  const { inv } = props;
  return (
    <Card>
      <Stack>
        <Text>{t('payWizard.hello', { payerName: inv.payerName })}</Text>
        <PageHeader mb={0} title={t('payWizard.requestsAPayment', { companyName: inv.companyName })} />
        <Text size="xl" fw={700} data-testid="invitation-amount">
          {formatMoney(inv.amountMinor, inv.currency)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('payWizard.youNeedNoOwoAccount', { companyName: inv.companyName })}
        </Text>
        <Button onClick={props.onNext}>{t('payWizard.continue')}</Button>
      </Stack>
    </Card>
  );
}

function MethodsStep(props: {
  inv: PublicPaymentInvitation;
  value?: PaymentInvitationMethod;
  onNext: (m: PaymentInvitationMethod) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('payment-invitations');
  const first = props.inv.methods.find((m) => m.available)?.method;
  const [method, setMethod] = useState<PaymentInvitationMethod | undefined>(props.value ?? first);
  return (
    <Card>
      <Stack>
        <Title order={3}>{t('payWizard.howWillYouPay')}</Title>
        <Radio.Group value={method ?? null} onChange={(v) => setMethod(v as PaymentInvitationMethod)}>
          <Stack>
            {props.inv.methods.map((m) => (
              <Radio
                key={m.method}
                value={m.method}
                disabled={!m.available}
                label={methodLabel(m.method)}
                description={
                  m.available
                    ? undefined
                    : m.currency !== props.inv.currency
                      ? t('payWizard.thisInvitationIsIn', { currency: props.inv.currency })
                      : t('payWizard.notAvailableYet')
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        {!first && <Alert color="yellow">{messageText(PAYMENT_INVITATION_MSG.methodUnavailable)}</Alert>}
        <Group justify="space-between">
          <Button variant="secondary" onClick={props.onBack}>
            {t('payWizard.back')}
          </Button>
          <Button disabled={!method} onClick={() => method && props.onNext(method)}>
            {t('payWizard.continue')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function TransferInfoStep(props: {
  inv: PublicPaymentInvitation;
  method: PaymentInvitationMethod;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('payment-invitations');
  const d = props.inv.methods.find((m) => m.method === props.method)?.details;
  return (
    <Card>
      <Stack>
        <Title order={3}>{t('payWizard.sendTheMoneyTo', { companyName: props.inv.companyName })}</Title>
        {d ? (
          <Stack gap="xs" data-testid="transfer-info">
            <CopyRow
              label={t('payWizard.amount')}
              value={formatMoney(props.inv.amountMinor, props.inv.currency)}
              copy={props.inv.amount}
            />
            {receivingDetailRows(d).map((r) => (
              <CopyRow key={r.label} label={r.label} value={r.display} copy={r.value} />
            ))}
            <CopyRow label={t('payWizard.paymentReference')} value={props.inv.paymentReference} />
          </Stack>
        ) : (
          <Alert color="yellow">{messageText(PAYMENT_INVITATION_MSG.methodUnavailable)}</Alert>
        )}
        <Text size="sm" c="dimmed">
          {t(
            d && d.currency !== 'NGN'
              ? 'payWizard.sendExactlyThisAmountAsWire'
              : 'payWizard.sendExactlyThisAmountSo',
            {
              payWithReference: messageText(PAYMENT_INVITATION_MSG.payWithReference),
              companyName: props.inv.companyName,
              currency: d?.currency,
            },
          )}
        </Text>
        <Group justify="space-between">
          <Button variant="secondary" onClick={props.onBack}>
            {t('payWizard.back')}
          </Button>
          <Button disabled={!d} onClick={props.onNext}>
            {t('payWizard.continue')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function WirePurposeStep(props: {
  draft: Draft;
  onNext: (v: { wirePurpose: WirePurpose; narration: string }) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('payment-invitations');
  const [purpose, setPurpose] = useState<string | null>(props.draft.wirePurpose ?? null);
  const [narration, setNarration] = useState(props.draft.narration ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const next = () => {
    const r = paymentInvitationConfirmBody.safeParse({
      method: props.draft.method,
      wirePurpose: purpose,
      narration,
    });
    if (!r.success) {
      setErrors(Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), messageText(i.message)])));
      return;
    }
    props.onNext({ wirePurpose: r.data.wirePurpose!, narration: r.data.narration ?? '' });
  };
  return (
    <Card>
      <Stack>
        <Title order={3}>{t('payWizard.purposeOfThePayment')}</Title>
        <Select
          label={t('payWizard.purpose')}
          data={WIRE_PURPOSES.map((p) => ({ value: p, label: t(`payouts:wirePurpose.${p}`) }))}
          value={purpose}
          onChange={setPurpose}
          error={errors.wirePurpose}
        />
        <Textarea
          label={t('payWizard.narration')}
          value={narration}
          onChange={(e) => setNarration(e.currentTarget.value)}
          error={errors.narration}
        />
        <Group justify="space-between">
          <Button variant="secondary" onClick={props.onBack}>
            {t('payWizard.back')}
          </Button>
          <Button onClick={next}>{t('payWizard.continue')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ReviewStep(props: {
  inv: PublicPaymentInvitation;
  refId: string;
  draft: Draft;
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('payment-invitations');
  const { inv, draft } = props;
  const confirm = useApiMutation({
    silentSuccess: true,
    mutationFn: () =>
      paymentInvitationApi.confirm(props.refId, {
        method: draft.method,
        wirePurpose: draft.wirePurpose ?? null,
        narration: draft.narration || null,
      }),
    onSuccess: props.onDone,
  });
  return (
    <Card>
      <Stack>
        <Title order={3}>{t('payWizard.review')}</Title>
        <Stack gap={4}>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="payWizard.to"
              values={{ value: inv.companyName }}
              shouldUnescape
              components={{ b: <b /> }}
            />
          </Text>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="payWizard.amount2"
              values={{ value: formatMoney(inv.amountMinor, inv.currency) }}
              components={{ b: <b /> }}
            />
          </Text>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="payWizard.method"
              values={{ value: methodLabel(draft.method) }}
              components={{ b: <b /> }}
            />
          </Text>
          {draft.wirePurpose && (
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="payWizard.purpose2"
                values={{ value: t(`payouts:wirePurpose.${draft.wirePurpose}`), narration: draft.narration }}
                shouldUnescape
                components={{ b: <b /> }}
              />
            </Text>
          )}
        </Stack>
        <Text size="sm" c="dimmed">
          {t('payWizard.confirmOnlyOnceYouHave', { companyName: inv.companyName })}
        </Text>
        {confirm.error && <Alert color="red">{messageText(confirm.error.message)}</Alert>}
        <Group justify="space-between">
          <Button variant="secondary" onClick={props.onBack}>
            {t('payWizard.back')}
          </Button>
          <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
            {t('payWizard.iHaveSentTheMoney')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
