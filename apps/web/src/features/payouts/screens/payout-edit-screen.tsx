// Payout edit (001 §2 Payouts: /payouts/{ref}/edit, /edit/assets, /edit/review; issue 23 §3).
// The draft lives in memory like the direct payout's; Submit sends PUT /api/payouts/{id}, which
// returns the payout to approval level one.
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  PAYOUT_EDIT_MSG,
  PAYOUT_MSG,
  payoutEditBody,
  type PayoutDetail,
  type PayoutEditInput,
} from '@owo/contract/payouts';
import { toMinor } from '@owo/contract/money';
import { DateField } from '../../../components/date-field';
import { useDraft } from '../../../lib/drafts';
import { formatDate, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { CategorySelect, useCategories } from '../../categories';
import {
  isPayoutEditable,
  payoutApi,
  PAYOUT_EDIT_DRAFT,
  refreshPayouts,
  usePayout,
  usePayoutFee,
  type PayoutEditDraft,
} from '../api';
import { AssetSelection, ProjectSelect } from '../components/payout-fields';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/** For a wire the editable amount is what the recipient gets (the API re-quotes the wallet's). */
const editableAmount = (p: PayoutDetail) => (p.recipientCurrency ? p.recipientAmount : p.amount) ?? p.amount;
const amountCurrency = (p: PayoutDetail) => p.recipientCurrency ?? p.currency;

const fromPayout = (p: PayoutDetail): PayoutEditDraft => ({
  editing: p.id,
  version: p.updatedAt,
  amount: editableAmount(p),
  narration: p.narration,
  scheduledDate: p.scheduledDate ?? '',
  categoryId: p.categoryId,
  projectId: p.projectId,
  assets: p.assets.map((a) => a.id),
});

/** Why a payout can not be edited, in the API's own words. */
const lockedReason = (p: PayoutDetail) =>
  p.channel === 'request'
    ? PAYOUT_EDIT_MSG.fromRequest
    : p.channel === 'recurring'
      ? PAYOUT_EDIT_MSG.fromSeries
      : p.status === 'cancelled'
        ? PAYOUT_EDIT_MSG.cancelled
        : PAYOUT_EDIT_MSG.paid;

/** A refused edit: its message and its field errors, each once, in the current language. */
const refusalLines = (e: { message: string; errors?: Record<string, string[]> }) =>
  [...new Set([e.message, ...Object.values(e.errors ?? {}).flat()].map((m) => messageText(m)))].join(' · ');

/** The flow's step line, for PageHeader's description. */
function Steps(props: { step: number; total: number; name: string }) {
  const { t } = useTranslation('payouts');
  return <>{t('payoutEditScreen.stepOf', { step: props.step, total: props.total, name: props.name })}</>;
}

/** Loads the payout and refuses one that can no longer be edited. */
function useEditable(ref: string | undefined) {
  const { t } = useTranslation('payouts');
  const q = usePayout(ref);
  const gate = q.isLoading ? (
    <Loader />
  ) : q.error || !q.data ? (
    <Alert color="red">{messageText(q.error?.message ?? t('payoutEditScreen.payoutNotFound'))}</Alert>
  ) : !isPayoutEditable(q.data) ? (
    <Alert color="red">{messageText(lockedReason(q.data))}</Alert>
  ) : null;
  return { payout: q.data, gate };
}

/** /payouts/:ref/edit: amount, narration, date, category and project, prefilled from the payout. */
export function PayoutEditScreen() {
  const { ref } = useParams();
  const { payout, gate } = useEditable(ref);
  const [draft] = useDraft<PayoutEditDraft>(PAYOUT_EDIT_DRAFT);
  if (gate || !payout) return gate;
  const initial =
    draft?.editing === payout.id && draft.version === payout.updatedAt ? draft : fromPayout(payout);
  return <EditForm key={payout.id} payout={payout} initial={initial} />;
}

/** The edit's first step: the form, checked by the contract's edit schema before the next step. */
function EditForm(props: { payout: PayoutDetail; initial: PayoutEditDraft }) {
  const { t } = useTranslation('payouts');
  const { payout: p } = props;
  const navigate = useNavigate();
  const [, setDraft] = useDraft<PayoutEditDraft>(PAYOUT_EDIT_DRAFT);
  const [v, setV] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<PayoutEditDraft>) => setV((cur) => ({ ...cur, ...patch }));
  const isAsset = p.payoutOption === 'asset';

  const next = () => {
    // The contract's edit schema is the form's rule (STYLE: one contract, used twice).
    const parsed = payoutEditBody.safeParse({
      amount: v.amount.trim(),
      narration: v.narration,
      scheduledDate: v.scheduledDate || null,
    });
    const e: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) e[String(i.path[0])] ??= messageText(i.message);
    if (p.payoutOption === 'project' && !v.projectId) e.projectId = messageText(PAYOUT_MSG.projectRequired);
    setErrors(e);
    if (Object.keys(e).length) return;
    setDraft({ ...v, amount: v.amount.trim(), narration: v.narration.trim() });
    void navigate((isAsset ? paths.payouts.editAssets : paths.payouts.editReview).href({ ref: p.id }));
  };

  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        mb={0}
        title={t('payoutEditScreen.editPayout')}
        description={<Steps step={1} total={isAsset ? 3 : 2} name="Payment details" />}
      />
      <Alert color="yellow">{t('payoutEditScreen.savingAnyChangeSendsThis')}</Alert>
      <Card>
        <Stack>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="payoutEditScreen.paying"
              values={{ reference: p.reference, name: p.payee.name }}
              shouldUnescape
              components={{ b: <b /> }}
            />
          </Text>
          <EditFields p={p} v={v} set={set} errors={errors} />
          <Text size="xs" c="dimmed">
            {t('payoutEditScreen.savingAnEditSendsThe')}
          </Text>
          <Group justify="space-between">
            <Button
              variant="secondary"
              onClick={() => {
                setDraft(undefined);
                void navigate(paths.payouts.detail.href({ ref: p.id }));
              }}
            >
              {t('payoutEditScreen.cancel')}
            </Button>
            <Button onClick={next}>{t('payoutEditScreen.continue')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** The editable fields: amount, narration, date, category, and the project of a project payout. */
function EditFields(props: {
  p: PayoutDetail;
  v: PayoutEditDraft;
  set: (patch: Partial<PayoutEditDraft>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('payouts');
  const { p, v, set, errors } = props;
  return (
    <>
      <TextInput
        label={t('payoutEditScreen.amount', { amount: amountCurrency(p) })}
        inputMode="decimal"
        value={v.amount}
        onChange={(e) => set({ amount: e.currentTarget.value })}
        error={errors.amount}
      />
      <TextInput
        label={t('payoutEditScreen.narration')}
        maxLength={100}
        value={v.narration}
        onChange={(e) => set({ narration: e.currentTarget.value })}
        error={errors.narration}
      />
      <DateField
        label={t('payoutEditScreen.scheduleForOptional')}
        description={t('payoutEditScreen.tomorrowOrLaterLeaveEmpty')}
        value={v.scheduledDate}
        onChange={(scheduledDate) => set({ scheduledDate })}
        error={errors.scheduledDate}
      />
      <CategorySelect value={v.categoryId} onChange={(categoryId) => set({ categoryId })} />
      {p.payoutOption === 'project' && (
        <ProjectSelect
          value={v.projectId}
          onChange={(projectId) => set({ projectId })}
          error={errors.projectId}
        />
      )}
    </>
  );
}

/** /payouts/:ref/edit/assets: the asset payout's assets (the direct payout's asset selection). */
export function PayoutEditAssetsScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const { payout, gate } = useEditable(ref);
  const [draft, setDraft] = useDraft<PayoutEditDraft>(PAYOUT_EDIT_DRAFT);
  const [assets, setAssets] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  if (gate || !payout) return gate;
  if (draft?.editing !== payout.id)
    return <Navigate to={paths.payouts.edit.href({ ref: payout.id })} replace />;
  const chosen = assets ?? draft.assets;
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        mb={0}
        title={t('payoutEditScreen.editPayout')}
        description={<Steps step={2} total={3} name="Assets" />}
      />
      <Card>
        <Stack>
          <AssetSelection
            value={chosen}
            onChange={(ids) => {
              setAssets(ids);
              setError('');
            }}
            error={error}
          />
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.payouts.edit.href({ ref: payout.id }))}>
              {t('payoutEditScreen.back')}
            </Button>
            <Button
              onClick={() => {
                if (!chosen.length) return setError(messageText(PAYOUT_MSG.assetsRequired));
                setDraft({ ...draft, assets: chosen });
                void navigate(paths.payouts.editReview.href({ ref: payout.id }));
              }}
            >
              {t('payoutEditScreen.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** Only what changed goes in the PUT body (the API refuses an edit that changes nothing). */
function editBody(p: PayoutDetail, d: PayoutEditDraft): PayoutEditInput {
  const body: PayoutEditInput = {};
  if (toMinor(d.amount) !== toMinor(editableAmount(p))) body.amount = d.amount;
  if (d.narration !== p.narration) body.narration = d.narration;
  if ((d.scheduledDate || null) !== p.scheduledDate) body.scheduledDate = d.scheduledDate || null;
  if (d.categoryId !== p.categoryId) body.categoryId = d.categoryId;
  if (p.payoutOption === 'project' && d.projectId !== p.projectId) body.projectId = d.projectId;
  const before = p.assets.map((a) => a.id);
  if (
    p.payoutOption === 'asset' &&
    (d.assets.length !== before.length || d.assets.some((id) => !before.includes(id)))
  )
    body.assets = d.assets.map((id) => ({
      id,
      quantity: p.assets.find((a) => a.id === id)?.quantity ?? undefined,
    }));
  return body;
}

/** /payouts/:ref/edit/review: what will be sent, then Submit (PUT) and back to the payout. */
export function PayoutEditReviewScreen() {
  const { t } = useTranslation('payouts');
  const { ref } = useParams();
  const navigate = useNavigate();
  const { payout, gate } = useEditable(ref);
  const [draft, setDraft] = useDraft<PayoutEditDraft>(PAYOUT_EDIT_DRAFT);
  const isWire = !!payout?.recipientCurrency;
  const fee = usePayoutFee(!isWire && draft && AMOUNT.test(draft.amount) ? draft.amount : undefined);
  const categories = useCategories();
  const sent = useRef(false);
  const submit = useApiMutation({
    mutationFn: (body: PayoutEditInput) => payoutApi.update(ref!, body),
    onSuccess: () => {
      sent.current = true;
      void refreshPayouts();
      void navigate(paths.payouts.detail.href({ ref: ref! }));
      setDraft(undefined);
    },
  });
  if (gate || !payout) return gate;
  if (draft?.editing !== payout.id)
    return sent.current ? null : <Navigate to={paths.payouts.edit.href({ ref: payout.id })} replace />;
  const isAsset = payout.payoutOption === 'asset';
  const row = (label: string, value: React.ReactNode) => (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
  const cur = amountCurrency(payout);
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        mb={0}
        title={t('payoutEditScreen.reviewChanges')}
        description={<Steps step={isAsset ? 3 : 2} total={isAsset ? 3 : 2} name="Review" />}
      />
      <Card>
        <Stack gap="xs">
          {row(t('payoutEditScreen.review.vendor'), payout.payee.name)}
          {row(t('payoutEditScreen.review.amount'), formatMoney(toMinor(draft.amount), cur))}
          {!isWire && row(t('payoutEditScreen.review.fee'), fee.data ? formatMoney(fee.data.feeMinor) : '…')}
          {!isWire &&
            row(
              t('payoutEditScreen.review.total'),
              fee.data ? <b>{formatMoney(fee.data.totalMinor)}</b> : '…',
            )}
          {row(t('payoutEditScreen.review.narration'), draft.narration)}
          {row(
            t('payoutEditScreen.review.scheduledFor'),
            draft.scheduledDate ? formatDate(draft.scheduledDate) : t('payoutEditScreen.review.onceApproved'),
          )}
          {row(
            t('payoutEditScreen.review.category'),
            categories.data?.find((c) => c.id === draft.categoryId)?.name ?? (draft.categoryId ? '…' : '—'),
          )}
          {isAsset &&
            row(
              t('payoutEditScreen.review.assets'),
              t('payoutEditScreen.review.assetsSelected', { count: draft.assets.length }),
            )}
        </Stack>
      </Card>
      {submit.error && <Alert color="red">{refusalLines(submit.error)}</Alert>}
      <Text size="xs" c="dimmed">
        {t('payoutEditScreen.submittingSendsThePayoutBack')}
      </Text>
      <Group justify="space-between">
        <Button
          variant="secondary"
          onClick={() =>
            navigate((isAsset ? paths.payouts.editAssets : paths.payouts.edit).href({ ref: payout.id }))
          }
        >
          {t('payoutEditScreen.back')}
        </Button>
        <Button loading={submit.isPending} onClick={() => submit.mutate(editBody(payout, draft))}>
          {t('payoutEditScreen.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
