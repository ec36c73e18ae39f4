// What the pay-someone screens share (000 §4.3): the step chain and its frame, navigation between
// steps, the guard that sends an incomplete draft back to the first step, and the payment summary
// the review and confirm steps show.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../lib/format';
import { useActiveAccount } from '../../../lib/session';
import type { PaySomeoneDraft } from './api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

export const BASE = paths.paySomeone.path;
export const SYMBOL: Record<string, string> = { NGN: '₦', USD: '$', GBP: '£' };

export function useIsReseller() {
  return useActiveAccount().data?.activeAccount?.account.type === 'reseller';
}

/** The step chain of 000 §4.3; sender details only for reseller accounts. */
function useSteps() {
  const reseller = useIsReseller();
  const { t } = useTranslation('payouts');
  return [
    { path: BASE, label: t('shared.step.amount') },
    { path: paths.paySomeoneFlow.recipient.href(), label: t('shared.step.recipient') },
    ...(reseller
      ? [{ path: paths.paySomeoneFlow.senderDetails.href(), label: t('shared.step.sender') }]
      : []),
    { path: paths.paySomeoneFlow.wirePurpose.href(), label: t('shared.step.wirePurpose') },
    { path: paths.paySomeoneFlow.scheduling.href(), label: t('shared.step.scheduling') },
    { path: paths.paySomeoneFlow.review.href(), label: t('shared.step.review') },
  ];
}

export function Frame(props: { path: string; title: string; children: React.ReactNode }) {
  const { t } = useTranslation('payouts');
  const steps = useSteps();
  const i = steps.findIndex((s) => s.path === props.path);
  const n = i >= 0 ? i + 1 : steps.length;
  return (
    <Stack gap="lg" maw={640} w="100%" mx="auto" data-testid="pay-someone">
      <PageHeader
        mb={0}
        above={
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('shared.paySomeone')}
          </Text>
        }
        title={props.title}
        description={i >= 0 && <>{t('shared.stepOf', { n, length: steps.length, label: steps[i].label })}</>}
      >
        {i >= 0 && <Progress value={(n / steps.length) * 100} size="sm" mt="xs" />}
      </PageHeader>
      {props.children}
    </Stack>
  );
}

/** The next (or previous) step's path from this one. */
export function useNav(path: string) {
  const steps = useSteps();
  const navigate = useNavigate();
  const i = steps.findIndex((s) => s.path === path);
  return {
    next: () => void navigate(steps[i + 1]?.path ?? paths.paySomeoneFlow.review.href()),
    back: () => void navigate(i > 0 ? steps[i - 1].path : paths.payouts.root.href()),
  };
}

/** Sends the user back to the first step when the draft lacks what this step needs. */
export function useGuard(ok: boolean) {
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

export function Summary(props: { draft: PaySomeoneDraft }) {
  const { t } = useTranslation('payouts');
  const d = props.draft;
  const a = d.amountAndSource!;
  const q = a.quote;
  const r = d.recipient!;
  return (
    <Stack gap="xs">
      <Row
        label={t('shared.recipientGets')}
        value={<b>{formatMoney(q.requestedAmountMinor, a.currency)}</b>}
      />
      <Row label={t('shared.recipient')} value={r.name} />
      <Row
        label={t('shared.bank')}
        value={
          r.foreign
            ? `${r.foreign.bankName} · ${r.foreign.swiftCode} · ${r.foreign.accountNumber}`
            : `${r.bankName ?? ''} ${r.accountNumber ?? ''}`
        }
      />
      {r.accountName && <Row label={t('shared.accountName')} value={r.accountName} />}
      {r.foreign && <Row label={t('shared.accountHolder')} value={r.foreign.accountName} />}
      {a.currency !== a.walletCurrency && (
        <Row
          label={t('shared.rate')}
          value={`${SYMBOL[a.currency]}1 = ${formatMoney(Math.round(Number(q.rate) * 100), a.walletCurrency)}`}
        />
      )}
      <Row label={t('shared.fees')} value={formatMoney(q.exchangeFeeMinor, a.walletCurrency)} />
      <Row
        label={t('shared.totalFromYourWallet')}
        value={<b>{formatMoney(q.totalMinor, a.walletCurrency)}</b>}
      />
      {d.senderDetails && <Row label={t('shared.sentOnBehalfOf')} value={d.senderDetails.name} />}
      <Row
        label={t('shared.wirePurpose')}
        value={
          d.wirePurpose ? `${t(`wirePurpose.${d.wirePurpose.purpose}`)} · ${d.wirePurpose.narration}` : '—'
        }
      />
      <Row
        label={t('shared.payOn')}
        value={d.scheduling?.scheduledDate ? formatDate(d.scheduling.scheduledDate) : 'Once approved'}
      />
    </Stack>
  );
}
