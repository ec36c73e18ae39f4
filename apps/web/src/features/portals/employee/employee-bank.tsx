// The profile's "Bank account" section (issue 25 §5 add-bank): the salary account (masked), a
// pending change and the last decision, and a form for a new account — bank, 10-digit number, the
// bank's name for it shown before submitting. The server sends it to HR through the approvals engine.
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { BankItem } from '@owo/contract';
import { portalBankBody, type EmployeeBankChange, type PortalBank } from '@owo/contract/payroll-portal-bank';
import { StatusBadge } from '../../../components/status-badge';
import { api } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { BankNativeSelect } from '../../../components/bank-select';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { AccountNameCheck } from '../../../components/account-name-check';
import { useAccountLookup } from '../../../components/use-account-lookup';
import { useTranslation } from 'react-i18next';

const P = '/employee-portal';
const BANK_KEY = ['employee-portal', 'bank-account'];
function ChangeLine({ c, label }: { c: EmployeeBankChange; label: string }) {
  const { t } = useTranslation('portals');
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <StatusBadge
          status={c.status}
          label={c.status === 'pending' ? t('employeeBank.awaitingHrApproval') : c.status}
        />
      </Group>
      <Text size="sm">
        {c.bankName} {c.accountNumber} ({c.accountName})
      </Text>
      {c.reason && (
        <Text size="sm" c="dimmed">
          {t('employeeBank.reason', { reason: c.reason })}
        </Text>
      )}
    </Stack>
  );
}

/** The new-account form: the bank list, the bank's name for the number, and the POST to HR. */
function useNewAccountForm() {
  const client = useQueryClient();
  const banks = useQuery({
    queryKey: ['employee-portal', 'banks'],
    queryFn: () => api.get<BankItem[]>(`${P}/banks`),
    staleTime: 3_600_000,
  });
  const form = useZodForm(portalBankBody, {
    defaultValues: { bankCode: '', accountNumber: '' },
    mode: 'onChange',
  });
  const [bankCode, accountNumber] = form.watch(['bankCode', 'accountNumber']);
  const resolved = useAccountLookup(bankCode ?? '', accountNumber ?? '', {
    path: `${P}/bank-account/resolve`,
  });
  const submit = useApiMutation({
    mutationFn: (v: { bankCode: string; accountNumber: string }) =>
      api.post<PortalBank>(`${P}/bank-account`, v),
    form,
    onSuccess: (res) => {
      client.setQueryData(BANK_KEY, res);
      form.reset({ bankCode: '', accountNumber: '' });
    },
  });
  return { banks, form, resolved, submit };
}

export function EmployeeBankSection() {
  const { t } = useTranslation('portals');
  const bank = useQuery({ queryKey: BANK_KEY, queryFn: () => api.get<PortalBank>(`${P}/bank-account`) });
  const account = useNewAccountForm();
  const { form, resolved, submit } = account;
  if (bank.isPending) return <Loader mx="auto" display="block" />;
  if (!bank.data) return null;
  const b = bank.data.data;
  const pending = b.pendingChange;
  const canSubmit = form.formState.isValid && resolved.state === 'resolved' && !submit.isPending;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={700}>{t('employeeBank.bankAccount')}</Text>
        <Group justify="space-between">
          <Text c="dimmed">{t('employeeBank.salaryPaidInto')}</Text>
          <Text>
            {b.current.bankName} {b.current.accountNumber} ({b.current.accountName})
          </Text>
        </Group>
        {pending && <ChangeLine c={pending} label={t('employeeBank.newAccount')} />}
        {!pending && b.lastDecision && <ChangeLine c={b.lastDecision} label={t('employeeBank.lastChange')} />}
        {pending ? (
          <Alert variant="light" color="yellow">
            {t('employeeBank.hrMustApproveYourNew')}
          </Alert>
        ) : (
          <NewAccountForm account={account} canSubmit={canSubmit} />
        )}
      </Stack>
    </Card>
  );
}

/** Bank, account number, and the bank's name for it once resolved; sent only when it resolved. */
function NewAccountForm({
  account,
  canSubmit,
}: {
  account: ReturnType<typeof useNewAccountForm>;
  canSubmit: boolean;
}) {
  const { t } = useTranslation('portals');
  const { banks, form, resolved, submit } = account;
  return (
    <form onSubmit={form.handleSubmit((v) => canSubmit && submit.mutate(v))} noValidate>
      <Stack gap="sm">
        <BankNativeSelect
          banks={banks.data?.data}
          placeholder={t('employeeBank.selectBank')}
          {...form.register('bankCode')}
          error={form.formState.errors.bankCode?.message}
        />
        <TextInput
          label={t('employeeBank.accountNumber')}
          inputMode="numeric"
          maxLength={10}
          {...form.register('accountNumber')}
          error={
            form.formState.errors.accountNumber?.message ??
            (resolved.state === 'invalid' ? t('employeeBank.accountNumberIsInvalidFor') : undefined)
          }
        />
        <AccountNameCheck lookup={resolved} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!canSubmit} loading={submit.isPending}>
            {t('employeeBank.sendToHrForApproval')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /employee-portal/add-bank (002 §2 Employee portal): the salary account on a page of its own,
 * reached from the profile; a new account goes to HR for approval as on the profile.
 */
export function EmployeeAddBankScreen() {
  const { t } = useTranslation('portals');
  return (
    <Stack gap="md" maw={720} mx="auto">
      <PageHeader
        mb={0}
        above={
          <Anchor component={Link} to={paths.employeePortal.profile.href()} size="sm">
            {t('employeeBank.profile')}
          </Anchor>
        }
        title={t('employeeBank.addBankAccount')}
        description={t('employeeBank.theAccountYourSalaryIs')}
      />
      <EmployeeBankSection />
      <Group justify="flex-end">
        <Button variant="secondary" component={Link} to={paths.employeePortal.payslips.href()}>
          {t('employeeBank.goToPayslips')}
        </Button>
      </Group>
    </Stack>
  );
}
