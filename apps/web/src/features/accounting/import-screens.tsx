import { Alert, Button, Card, Group, Radio, Select, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  ACCOUNTING_PROVIDER_NAMES,
  JOURNAL_ACCOUNT_KEYS,
  type JournalAccountKey,
  type MappingBody,
} from '@owo/contract/accounting';
import { ListBody } from '../../components/list';
import { PageHeader } from '../../components/page-header';
import { useDraft } from '../../lib/drafts';
import { paths } from '../../lib/paths';
import { useApiMutation } from '../../lib/query';
import {
  accountingApi,
  refreshAccounting,
  useClasses,
  useIntegrations,
  useMapping,
  useProviderAccounts,
} from './api';
import { FormGrid } from '../../components/form-grid';
import { useTranslation } from 'react-i18next';

// The import payment tags flow (001 §2, 002 §2): full screen, closing to /settings/categories.
// /integrations/import-payment-tags (Accounting Software) → /integrations/map-tags (Map Payment
// Tags) → /integrations/finish (Finish Import). The draft lives in memory (a reload starts again).

const DRAFT = 'accounting.importTags';
type Draft = Required<Pick<MappingBody, 'mappings'>> & {
  bankAccountId: string | null;
  defaultExpenseAccountId: string | null;
  payrollAccountId?: string | null;
  journal?: Partial<Record<JournalAccountKey, string | null>>;
};

/** Where the payroll journal and transfer fees post (issue 27 §1); the first sync picked defaults.
 * Each field's label is accounting:journalField.<key>. */
const JOURNAL_FIELDS: {
  key: 'payrollAccountId' | JournalAccountKey;
  kind: 'expense' | 'liability';
}[] = [
  { key: 'payrollAccountId', kind: 'expense' },
  { key: 'employerPensionAccountId', kind: 'expense' },
  { key: 'nsitfExpenseAccountId', kind: 'expense' },
  { key: 'bankChargesAccountId', kind: 'expense' },
  { key: 'payePayableAccountId', kind: 'liability' },
  { key: 'pensionPayableAccountId', kind: 'liability' },
  { key: 'nhfPayableAccountId', kind: 'liability' },
  { key: 'nsitfPayableAccountId', kind: 'liability' },
  { key: 'otherDeductionsAccountId', kind: 'liability' },
];
const CLOSE_TO = paths.settings.categories.href();

function Frame(props: { step: number; children: React.ReactNode }) {
  const { t } = useTranslation('accounting');
  const navigate = useNavigate();
  return (
    <Stack maw={880} mx="auto" p="md" gap="lg">
      <PageHeader
        title={t('importScreens.importPaymentTags')}
        mb={0}
        actions={
          <Button variant="subtle" onClick={() => navigate(CLOSE_TO)}>
            {t('importScreens.close')}
          </Button>
        }
      />
      <Stepper active={props.step} size="sm">
        <Stepper.Step label={t('importScreens.accountingSoftware')} />
        <Stepper.Step label={t('importScreens.mapPaymentTags')} />
        <Stepper.Step label={t('importScreens.finishImport')} />
      </Stepper>
      {props.children}
    </Stack>
  );
}

export function ChooseSoftwareScreen() {
  const { t } = useTranslation('accounting');
  const navigate = useNavigate();
  const integrations = useIntegrations();
  const current = integrations.data?.[0];
  return (
    <Frame step={0}>
      <Card withBorder>
        <Stack>
          <Text>{t('importScreens.chooseTheAccountingSoftwareWhose')}</Text>
          <ListBody
            query={integrations}
            isEmpty={!current}
            emptyText={t('importScreens.noAccountingSoftwareIsConnected')}
          >
            {current && (
              <Radio.Group value={current.type} label={t('importScreens.accountingSoftware2')}>
                <Radio mt="xs" value={current.type} label={ACCOUNTING_PROVIDER_NAMES[current.type]} />
              </Radio.Group>
            )}
          </ListBody>
          {current && !current.accountsSyncedAt && (
            <Alert color="yellow">{t('importScreens.syncTheChartOfAccounts')}</Alert>
          )}
          <Group justify="flex-end">
            {!current ? (
              <Button onClick={() => navigate(paths.settings.integrations.href())}>
                {t('importScreens.connectAccountingSoftware')}
              </Button>
            ) : (
              <Button
                disabled={!current.accountsSyncedAt || !current.authTokenValid}
                onClick={() => navigate(paths.integrations.mapTags.href())}
              >
                {t('importScreens.continue')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

/** The saved mapping as the wizard's draft. */
const draftOf = (data: NonNullable<ReturnType<typeof useMapping>['data']>): Draft => ({
  bankAccountId: data.bankAccountId,
  defaultExpenseAccountId: data.defaultExpenseAccountId,
  payrollAccountId: data.payrollAccountId,
  journal: Object.fromEntries(JOURNAL_ACCOUNT_KEYS.map((k) => [k, data[k]])),
  mappings: data.mappings.map((m) => ({
    categoryId: m.categoryId,
    providerAccountId: m.providerAccountId,
    classId: m.classId,
  })),
});

type Options = { value: string; label: string }[];

/** The payroll journal's accounts: gross pay and employer costs, and each payable. */
function JournalFields(props: {
  draft: Draft | undefined;
  setDraft: (d: Draft) => void;
  accountOptions: Options;
  liabilityOptions: Options;
}) {
  const { draft, setDraft, accountOptions, liabilityOptions } = props;
  const { t } = useTranslation('accounting');
  return (
    <FormGrid>
      {JOURNAL_FIELDS.map((f) => (
        <Select
          key={f.key}
          label={t(`journalField.${f.key}`)}
          searchable
          data={f.kind === 'expense' ? accountOptions : liabilityOptions}
          value={(f.key === 'payrollAccountId' ? draft?.payrollAccountId : draft?.journal?.[f.key]) ?? null}
          onChange={(v) =>
            draft &&
            setDraft(
              f.key === 'payrollAccountId'
                ? { ...draft, payrollAccountId: v }
                : { ...draft, journal: { ...draft.journal, [f.key]: v } },
            )
          }
        />
      ))}
    </FormGrid>
  );
}

/** Each payout category with its account and class. */
function MappingTable(props: {
  draft: Draft | undefined;
  names: Map<string, string>;
  accountOptions: Options;
  classOptions: Options;
  set: (i: number, patch: Partial<Draft['mappings'][number]>) => void;
}) {
  const { t } = useTranslation('accounting');
  const { draft, names, accountOptions, classOptions, set } = props;
  return (
    <Table data-testid="map-tags">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('importScreens.payoutCategory')}</Table.Th>
          <Table.Th>{t('importScreens.account')}</Table.Th>
          <Table.Th>{t('importScreens.class')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {draft?.mappings.map((m, i) => (
          <Table.Tr key={m.categoryId}>
            <Table.Td>{names.get(m.categoryId)}</Table.Td>
            <Table.Td>
              <Select
                aria-label={t('importScreens.accountFor', { categoryId: names.get(m.categoryId) })}
                placeholder={t('importScreens.defaultExpenseAccount')}
                clearable
                searchable
                data={accountOptions}
                value={m.providerAccountId}
                onChange={(v) => set(i, { providerAccountId: v })}
              />
            </Table.Td>
            <Table.Td>
              <Select
                aria-label={t('importScreens.classFor', { categoryId: names.get(m.categoryId) })}
                placeholder={t('importScreens.noClass')}
                clearable
                data={classOptions}
                value={m.classId ?? null}
                onChange={(v) => set(i, { classId: v })}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function MapTagsScreen() {
  const { t } = useTranslation('accounting');
  const navigate = useNavigate();
  const mapping = useMapping();
  const expenseAccounts = useProviderAccounts('Expense');
  const bankAccounts = useProviderAccounts('Bank');
  const liabilityAccounts = useProviderAccounts('Other Current Liability');
  const classes = useClasses();
  const [draft, setDraft] = useDraft<Draft>(DRAFT);
  useEffect(() => {
    if (!draft && mapping.data) setDraft(draftOf(mapping.data));
  }, [draft, mapping.data, setDraft]);
  const accountOptions = (expenseAccounts.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  const classOptions = (classes.data ?? []).map((a) => ({ value: a.id, label: a.name }));
  const set = (i: number, patch: Partial<Draft['mappings'][number]>) =>
    draft &&
    setDraft({ ...draft, mappings: draft.mappings.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  const names = new Map((mapping.data?.mappings ?? []).map((m) => [m.categoryId, m.categoryName]));
  return (
    <Frame step={1}>
      <Card withBorder>
        <Stack>
          <FormGrid>
            <Select
              label={t('importScreens.paymentsLeaveFromBankAccount')}
              data={(bankAccounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={draft?.bankAccountId ?? null}
              onChange={(v) => draft && setDraft({ ...draft, bankAccountId: v })}
            />
            <Select
              label={t('importScreens.defaultExpenseAccount')}
              data={accountOptions}
              value={draft?.defaultExpenseAccountId ?? null}
              onChange={(v) => draft && setDraft({ ...draft, defaultExpenseAccountId: v })}
            />
          </FormGrid>
          <Title order={4}>{t('importScreens.payrollAndFees')}</Title>
          <Text size="sm" c="dimmed">
            {t('importScreens.aPaidPayrollRunPosts')}
          </Text>
          <JournalFields
            draft={draft}
            setDraft={setDraft}
            accountOptions={accountOptions}
            liabilityOptions={(liabilityAccounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
          <ListBody
            query={mapping}
            isEmpty={!draft?.mappings.length}
            emptyText={t('importScreens.youHaveNoPayoutCategories')}
          >
            <MappingTable
              draft={draft}
              names={names}
              accountOptions={accountOptions}
              classOptions={classOptions}
              set={set}
            />
          </ListBody>
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.integrations.importPaymentTags.href())}>
              {t('importScreens.back')}
            </Button>
            <Button
              disabled={!draft?.bankAccountId}
              onClick={() => navigate(paths.integrations.finish.href())}
            >
              {t('importScreens.continue')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

export function FinishImportScreen() {
  const { t } = useTranslation('accounting');
  const navigate = useNavigate();
  const [draft, setDraft] = useDraft<Draft>(DRAFT);
  const [finished, setFinished] = useState(false);
  const mapping = useMapping();
  const expenseAccounts = useProviderAccounts('Expense');
  const classes = useClasses();
  const save = useApiMutation({
    mutationFn: (d: Draft) =>
      accountingApi.saveMapping({
        ...(d.bankAccountId ? { bankAccountId: d.bankAccountId } : {}),
        ...(d.defaultExpenseAccountId ? { defaultExpenseAccountId: d.defaultExpenseAccountId } : {}),
        ...(d.payrollAccountId ? { payrollAccountId: d.payrollAccountId } : {}),
        ...Object.fromEntries(Object.entries(d.journal ?? {}).filter(([, v]) => v)),
        mappings: d.mappings,
      }),
    onSuccess: () => {
      setFinished(true);
      setDraft(undefined);
      void refreshAccounting();
    },
  });
  if (finished) return <Navigate to={CLOSE_TO} />;
  if (!draft) return <Navigate to={paths.integrations.mapTags.href()} replace />;
  const acc = new Map((expenseAccounts.data ?? []).map((a) => [a.id, a.name]));
  const cls = new Map((classes.data ?? []).map((a) => [a.id, a.name]));
  const names = new Map((mapping.data?.mappings ?? []).map((m) => [m.categoryId, m.categoryName]));
  const def = draft.defaultExpenseAccountId ? acc.get(draft.defaultExpenseAccountId) : null;
  return (
    <Frame step={2}>
      <Card withBorder>
        <Stack>
          <Text>{t('importScreens.yourPayoutCategoriesWillPost')}</Text>
          <Table>
            <Table.Tbody>
              {draft.mappings.map((m) => (
                <Table.Tr key={m.categoryId}>
                  <Table.Td>{names.get(m.categoryId)}</Table.Td>
                  <Table.Td>
                    {(m.providerAccountId && acc.get(m.providerAccountId)) ||
                      t('importScreens.default', { value: def ?? 'Default' })}
                  </Table.Td>
                  <Table.Td>{m.classId ? cls.get(m.classId) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Button variant="secondary" onClick={() => navigate(paths.integrations.mapTags.href())}>
              {t('importScreens.back')}
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate(draft)}>
              {t('importScreens.finishImport')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}
