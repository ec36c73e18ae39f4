// The vendor's self-onboarding pages (issue 23 §1): no sign-in; the mailed link's token is the only
// key (a link token: issue 34 §3). A link that is unknown, used, expired or revoked shows a clear page.
import { Alert, Button, Card, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LINK_STATUS } from '@owo/contract/http';
import { VENDOR_INVITE_MSG } from '@owo/contract/payees';
import { isApiError } from '../../../lib/api';
import { useDraft } from '../../../lib/drafts';
import { useApiMutation } from '../../../lib/query';
import { useOnboarding, useOnboardingBanks, vendorOnboardingApi } from '../api';
import { PublicFrame } from '../../../components/public-frame';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { BankSelect } from '../../../components/bank-select';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Done = {
  ref: string;
  companyName: string;
  bankName: string;
  accountName: string;
  pendingApproval: boolean;
};
const DONE_DRAFT = 'vendorOnboardingDone';

function LinkProblem(props: { error: unknown }) {
  const { t } = useTranslation('payees');
  const s = isApiError(props.error) ? props.error.httpStatus : 0;
  const gone = isApiError(props.error) && s === 410 ? props.error.status : null;
  const [title, text, color] =
    gone === LINK_STATUS.used
      ? [t('onboarding.linkProblem.used'), messageText(VENDOR_INVITE_MSG.used), 'yellow']
      : gone === LINK_STATUS.expired
        ? [t('onboarding.linkProblem.expired'), messageText(VENDOR_INVITE_MSG.expired), 'yellow']
        : s === 429
          ? [t('onboarding.linkProblem.tooMany'), t('onboarding.linkProblem.tooManyText'), 'yellow']
          : [t('onboarding.linkProblem.unknown'), messageText(VENDOR_INVITE_MSG.unknown), 'red'];
  return (
    <Alert color={color} title={title} data-testid="link-problem">
      {text}
    </Alert>
  );
}

function useLive() {
  const { ref } = useParams();
  const q = useOnboarding(ref);
  return { ref: ref!, q };
}

/** /vendor-onboarding/invitation/:ref: who invites you. */
export function OnboardingInvitationScreen() {
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  const { ref, q } = useLive();
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
              title={<>{t('onboarding.invitesYouToGetPaid', { companyName: q.data.companyName })}</>}
            />
            <Text>{t('onboarding.addYourDetailsAndThe', { companyName: q.data.companyName })}</Text>
            <Text size="sm" c="dimmed">
              {t('onboarding.thisLinkWasSentTo', { email: q.data.email })}
            </Text>
            <Button onClick={() => void navigate(paths.vendorOnboarding.personalDetails.href({ ref }))}>
              {t('onboarding.getStarted')}
            </Button>
          </Stack>
        </Card>
      )}
    </PublicFrame>
  );
}

/** The page a step shows while its link loads, or when the link cannot be used. */
function LinkNotReady({ q }: { q: Onboarding }) {
  return <PublicFrame>{q.isLoading ? <Loader /> : <LinkProblem error={q.error} />}</PublicFrame>;
}

type Onboarding = ReturnType<typeof useLive>['q'];
type OnboardingData = NonNullable<Onboarding['data']>;
type PersonalDetails = { name: string; email: string; phone: string; billingAddress: string };

/** /add-personal-details/:ref: step 1 of 2. */
export function AddPersonalDetailsScreen() {
  const { ref, q } = useLive();
  const [v, setV] = useState<PersonalDetails | null>(null);
  const save = usePersonalSave(ref, q);
  if (q.isLoading || q.error || !q.data) return <LinkNotReady q={q} />;
  return <PersonalDetailsForm data={q.data} v={v} setV={setV} save={save} />;
}

/** Step 1's submit: saved details lead to step 2. */
function usePersonalSave(ref: string, q: Onboarding) {
  const navigate = useNavigate();
  return useApiMutation({
    silentSuccess: true,
    mutationFn: (body: PersonalDetails) => vendorOnboardingApi.personal(ref, body),
    onSuccess: () => {
      void q.refetch();
      void navigate(paths.vendorOnboarding.bankDetails.href({ ref }));
    },
  });
}

function PersonalDetailsForm(props: {
  data: OnboardingData;
  v: PersonalDetails | null;
  setV: (v: PersonalDetails) => void;
  save: ReturnType<typeof usePersonalSave>;
}) {
  const { t } = useTranslation('payees');
  const { data, save } = props;
  const pd = data.personalDetails;
  const form = props.v ?? {
    name: pd?.name ?? '',
    email: pd?.email ?? data.email,
    phone: pd?.phone ?? '',
    billingAddress: pd?.billingAddress ?? '',
  };
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    props.setV({ ...form, [k]: e.currentTarget.value });
  const err = (k: string) => save.error?.errors?.[k]?.[0];
  return (
    <PublicFrame step="Step 1 of 2">
      <Card>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(form);
          }}
        >
          <Stack>
            <Title order={3}>{t('onboarding.yourDetails')}</Title>
            <Text size="sm" c="dimmed">
              {t('onboarding.forSRecords', { companyName: data.companyName })}
            </Text>
            <TextInput
              label={t('onboarding.businessOrFullName')}
              required
              value={form.name}
              onChange={set('name')}
              error={err('name')}
            />
            <TextInput
              label={t('onboarding.email')}
              type="email"
              required
              value={form.email}
              onChange={set('email')}
              error={err('email')}
            />
            <TextInput
              label={t('onboarding.phone')}
              value={form.phone}
              onChange={set('phone')}
              error={err('phone')}
            />
            <TextInput
              label={t('onboarding.billingAddress')}
              value={form.billingAddress}
              onChange={set('billingAddress')}
              error={err('billingAddress')}
            />
            <Button type="submit" loading={save.isPending}>
              {t('onboarding.continue')}
            </Button>
          </Stack>
        </form>
      </Card>
    </PublicFrame>
  );
}

/** /add-bank-details/:ref: step 2 of 2; NUBAN-checked and resolved by the server; uses the link up. */
export function AddBankDetailsScreen() {
  const { ref, q } = useLive();
  const bank = useBankDetails(ref);
  if (q.isLoading || q.error || !q.data) return <LinkNotReady q={q} />;
  if (!q.data.personalDetails) return <PersonalDetailsFirst linkRef={ref} />;
  return <BankDetailsForm companyName={q.data.companyName} bank={bank} />;
}

/** Step 2's banks, fields and submit; a submitted account ends on the success page. */
function useBankDetails(ref: string) {
  const navigate = useNavigate();
  const banks = useOnboardingBanks(ref);
  const [, setDone] = useDraft<Done>(DONE_DRAFT);
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const save = useApiMutation({
    silentSuccess: true,
    mutationFn: () => vendorOnboardingApi.bank(ref, { bankCode, accountNumber }),
    onSuccess: (res) => {
      setDone({ ref, ...res.data });
      void navigate(paths.vendorOnboarding.success.href({ ref }));
    },
  });
  return { banks, bankCode, setBankCode, accountNumber, setAccountNumber, save };
}

function PersonalDetailsFirst({ linkRef: ref }: { linkRef: string }) {
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  return (
    <PublicFrame>
      <Alert color="yellow" title={t('onboarding.oneStepFirst')}>
        {messageText(VENDOR_INVITE_MSG.personalFirst)}.{' '}
        <Button
          variant="subtle"
          size="xs"
          onClick={() => navigate(paths.vendorOnboarding.personalDetails.href({ ref }))}
        >
          {t('onboarding.addYourDetails')}
        </Button>
      </Alert>
    </PublicFrame>
  );
}

function BankDetailsForm({
  companyName,
  bank,
}: {
  companyName: string;
  bank: ReturnType<typeof useBankDetails>;
}) {
  const { t } = useTranslation('payees');
  const { banks, bankCode, setBankCode, accountNumber, setAccountNumber, save } = bank;
  const err = (k: string) => save.error?.errors?.[k]?.[0];
  return (
    <PublicFrame step="Step 2 of 2">
      <Card>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack>
            <Title order={3}>{t('onboarding.whereShouldPayYou', { companyName })}</Title>
            <BankSelect
              required
              banks={banks.data}
              value={bankCode || null}
              onChange={(x) => setBankCode(x ?? '')}
              error={err('bankCode')}
            />
            <TextInput
              label={t('onboarding.accountNumber')}
              inputMode="numeric"
              required
              maxLength={10}
              value={accountNumber}
              onChange={(e) => setAccountNumber(e.currentTarget.value.replace(/\D/g, ''))}
              error={err('accountNumber')}
            />
            <Text size="xs" c="dimmed">
              {t('onboarding.weCheckTheAccountWith')}
            </Text>
            <Button type="submit" loading={save.isPending}>
              {t('onboarding.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </PublicFrame>
  );
}

/** /success/:ref. */
export function OnboardingSuccessScreen() {
  const { t } = useTranslation('payees');
  const { ref } = useParams();
  const [done] = useDraft<Done>(DONE_DRAFT);
  if (!done || done.ref !== ref)
    return (
      <PublicFrame>
        <Alert color="yellow" title={t('onboarding.nothingToShow')}>
          {t('onboarding.openTheLinkFromYour', {
            value: messageText(VENDOR_INVITE_MSG.used).replace('This', 'A'),
          })}
        </Alert>
      </PublicFrame>
    );
  return (
    <PublicFrame>
      <Card>
        <Stack>
          <PageHeader mb={0} title={t('onboarding.youAreAllSet')} />
          <Text>
            <Trans
              t={t}
              i18nKey="onboarding.willPayYouTo"
              values={{ companyName: done.companyName, bank: done.bankName, accountName: done.accountName }}
              shouldUnescape
              components={{ b: <b /> }}
            />
          </Text>
          {done.pendingApproval && (
            <Alert color="yellow" data-testid="pending-approval">
              {messageText(VENDOR_INVITE_MSG.completedPendingApproval)}.
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {t('onboarding.youCanCloseThisPage')}
          </Text>
        </Stack>
      </Card>
    </PublicFrame>
  );
}
