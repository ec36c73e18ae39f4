// The employee portal's profile (issue 25 §5; 002 §2 Employee portal): the employee's details,
// change password, switch company and the salary account section.
import { Button, Card, Group, Loader, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { portalPasswordSchema, PORTAL_MSG } from '@owo/contract/payroll-portal';
import type { PortalProfile, PortalSession } from '@owo/contract/payroll-portal';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { store } from '../../../lib/store';
import { EmployeeBankSection } from './employee-bank';
import { PageHeader } from '../../../components/page-header';
import { ddmmyyyy, naira, P, signInEmployee } from './employee-screens';
import { useTranslation } from 'react-i18next';

const changePasswordForm = z
  .object({
    oldPassword: z.string().min(1, PORTAL_MSG.oldPasswordRequired).max(256),
    newPassword: portalPasswordSchema,
    confirm: z.string().max(128),
  })
  .refine((v) => v.newPassword === v.confirm, { message: PORTAL_MSG.passwordMismatch, path: ['confirm'] });

/** The change-password form (valid as typed) and its PATCH. */
function useChangePassword() {
  const form = useZodForm(changePasswordForm, {
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
    mode: 'onChange',
  });
  const change = useApiMutation({
    mutationFn: (v: { oldPassword: string; newPassword: string }) =>
      api.patch(`${P}/profile/update-password`, { oldPassword: v.oldPassword, newPassword: v.newPassword }),
    form,
    onSuccess: () => form.reset(),
  });
  return { form, change };
}

/** Change password: the current one, the new one twice. */
function ChangePasswordCard({ password }: { password: ReturnType<typeof useChangePassword> }) {
  const { t } = useTranslation('portals');
  const { form, change } = password;
  return (
    <Card withBorder>
      <form onSubmit={form.handleSubmit((v) => change.mutate(v))} noValidate>
        <Stack gap="sm">
          <Text fw={700}>{t('employeeProfile.changePassword')}</Text>
          <PasswordInput
            label={t('employeeProfile.currentPassword')}
            {...form.register('oldPassword')}
            error={form.formState.errors.oldPassword?.message}
          />
          <PasswordInput
            label={t('employeeProfile.newPassword')}
            {...form.register('newPassword')}
            error={form.formState.errors.newPassword?.message}
          />
          <PasswordInput
            label={t('employeeProfile.confirmNewPassword')}
            {...form.register('confirm')}
            error={form.formState.errors.confirm?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!form.formState.isValid} loading={change.isPending}>
              {t('employeeProfile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /employee-portal/profile: name, email, company, salary, bank, joining date; password; switch. */
export function ProfileScreen() {
  const { t } = useTranslation('portals');
  const q = useQuery({
    queryKey: ['employee-portal', 'profile'],
    queryFn: () => api.get<PortalProfile>(`${P}/profile`),
  });
  const password = useChangePassword();
  const switcher = useApiMutation({
    mutationFn: (accountId: string) =>
      api.post<Omit<PortalSession, 'token' | 'expiresAt'>>(`${P}/profile/switch-account`, { accountId }),
    onSuccess: (res) => signInEmployee(res.data),
  });
  useEffect(() => {
    if (q.data)
      store.set({ employee: { ...store.get().employee, payrollEmployees: q.data.data.payrollEmployees } });
  }, [q.data]);
  if (q.isPending) return <Loader mx="auto" display="block" mt="xl" />;
  if (!q.data) return null;
  const p = q.data.data;
  const kv = (k: string, v: string) => (
    <Group key={k} justify="space-between">
      <Text c="dimmed">{k}</Text>
      <Text>{v}</Text>
    </Group>
  );
  return (
    <Stack gap="md" maw={720} mx="auto">
      <PageHeader
        mb={0}
        title={t('employeeProfile.profile')}
        actions={
          <Button variant="secondary" component={Link} to={paths.employeePortal.addBank.href()}>
            {t('employeeProfile.changeBankAccount')}
          </Button>
        }
      />
      <Card withBorder>
        <Stack gap={8}>
          {kv(t('employeeProfile.fields.name'), p.name)}
          {kv(t('employeeProfile.fields.email'), p.email)}
          {kv(t('employeeProfile.fields.company'), p.companyName)}
          {kv(t('employeeProfile.fields.monthlySalary'), naira(p.salaryAmount))}
          {kv(t('employeeProfile.fields.bank'), `${p.bankDetails.bankName} ${p.bankDetails.accountNumber}`)}
          {kv(t('employeeProfile.fields.accountName'), p.bankDetails.accountName)}
          {kv(t('employeeProfile.fields.joined'), ddmmyyyy(p.joinedAt))}
        </Stack>
      </Card>
      <EmployeeBankSection />
      {p.payrollEmployees.length > 1 && (
        <Card withBorder>
          <Select
            label={t('employeeProfile.switchCompany')}
            data={p.payrollEmployees.map((e) => ({ value: e.accountId, label: e.companyName }))}
            value={p.accountId}
            allowDeselect={false}
            onChange={(v) => v && v !== p.accountId && switcher.mutate(v)}
          />
        </Card>
      )}
      <ChangePasswordCard password={password} />
    </Stack>
  );
}
