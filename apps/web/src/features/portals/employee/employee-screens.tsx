// Employee portal screens (issue 25 §5; 002 §2 Employee portal, §4 Payslip / Invite token, §5):
// join (validate the invitation), set password (signs in), payslip list and detail with the PDF
// download (paid only); the profile is in employee-profile.tsx. Portal calls use
// the portal's own HttpOnly cookie session, never the staff session.
import { Alert, Anchor, Button, Card, Group, Loader, PasswordInput, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { portalPasswordSchema, PORTAL_MSG } from '@owo/contract/payroll-portal';
import type { PortalPayslip, PortalSession } from '@owo/contract/payroll-portal';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { StatusBadge } from '../../../components/status-badge';
import { api } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { queryClient, useApiMutation } from '../../../lib/query';
import { store } from '../../../lib/store';
import { PayslipSheet } from '../../payroll';
import { PortalCard } from '../components/portal-shell';
import { PageHeader } from '../../../components/page-header';
import { ListBody, ListPagination } from '../../../components/list';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export const P = '/employee-portal';
export const naira = (s: string | null) =>
  s === null
    ? '—'
    : `₦${Number(s).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const period = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-NG', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};
export const ddmmyyyy = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 3_600_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
/** 002 §4 Payslip colours: paid green, failed red, others neutral. */
export function signInEmployee(
  s: Pick<PortalSession, 'user' | 'payrollEmployees' | 'currentPayrollEmployee'>,
) {
  store.set({
    employee: {
      employeeUser: s.user,
      payrollEmployees: s.payrollEmployees,
      currentPayrollEmployee: s.currentPayrollEmployee,
    },
  });
  void queryClient.invalidateQueries({ queryKey: ['employee-portal'] });
}

const setPasswordForm = z
  .object({ password: portalPasswordSchema, confirm: z.string().max(128) })
  .refine((v) => v.password === v.confirm, { message: PORTAL_MSG.passwordMismatch, path: ['confirm'] });

/** /employee-portal/join-organization?token=…: validate, then set the password (signs in). */
export function JoinOrganizationScreen() {
  const { t } = useTranslation('portals');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const invite = useQuery({
    queryKey: ['employee-portal', 'invite', token],
    queryFn: () =>
      api.post<{ name: string; email: string; companyName: string; token: { hasAccount: boolean } }>(
        `${P}/invites/validate`,
        { token },
        { skipAuthHandling: true, skipForbiddenPage: true },
      ),
    enabled: !!token,
    retry: false,
  });
  const form = useZodForm(setPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const create = useApiMutation({
    mutationFn: (v: { password: string }) =>
      api.post<PortalSession>(
        `${P}/auth/create-user`,
        { token, password: v.password },
        { skipAuthHandling: true },
      ),
    form,
    onSuccess: (res) => {
      signInEmployee(res.data);
      void navigate(paths.employeePortal.payslips.path, { replace: true });
    },
  });
  // An invalid token sends the user to employee login (002 §2).
  if (!token || invite.isError) return <Navigate to={paths.employeePortal.login.path} replace />;
  if (invite.isPending) return <Loader mx="auto" display="block" mt="xl" />;
  const info = invite.data.data;
  return (
    <PortalCard>
      <form onSubmit={form.handleSubmit((v) => create.mutate(v))} noValidate>
        <Stack gap="md">
          <div>
            <PageHeader
              mb={0}
              title={<>{t('employeeScreens.join2', { companyName: info.companyName })}</>}
              titleProps={{ fz: 26 }}
            />
            <Text c="dimmed" fz="sm" mt={4}>
              {info.token.hasAccount
                ? t('employeeScreens.helloEnterYourEmployeePortal', {
                    name: info.name,
                    companyName: info.companyName,
                  })
                : t('employeeScreens.helloSetAPasswordFor', { name: info.name, email: info.email })}
            </Text>
          </div>
          <PasswordInput
            label={t('employeeScreens.password')}
            autoComplete="new-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <PasswordInput
            label={t('employeeScreens.confirmPassword')}
            autoComplete="new-password"
            {...form.register('confirm')}
            error={form.formState.errors.confirm?.message}
          />
          <Button type="submit" loading={create.isPending} fullWidth size="md">
            {info.token.hasAccount ? t('employeeScreens.join') : t('employeeScreens.setPassword')}
          </Button>
        </Stack>
      </form>
    </PortalCard>
  );
}

function usePayslips(page: number) {
  return useQuery({
    queryKey: ['employee-portal', 'payslips', page],
    queryFn: () => api.get<PortalPayslip[]>(`${P}/payslips`, { query: { page } }),
  });
}

function useDownload() {
  return useApiMutation({
    mutationFn: (id: string) => api.get<{ pdf_url: string }>(`${P}/payslips/${id}/pdf`),
    onSuccess: (res) => {
      window.location.assign(res.data.pdf_url);
    },
  });
}

/** /employee-portal/payslip: the employee's own payslips, 20 a page. */
export function PayslipListScreen() {
  const { t } = useTranslation('portals');
  const [page, setPage] = useState(1);
  const q = usePayslips(page);
  const download = useDownload();
  return (
    <Stack gap="md" maw={960} mx="auto">
      <PageHeader mb={0} title={t('employeeScreens.payslips')} />
      <Card withBorder padding={0}>
        <ListBody
          query={q}
          isEmpty={!q.data?.data.length}
          emptyText={t('employeeScreens.noPayslipsYetTheyAppear')}
        >
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('employeeScreens.payPeriod')}</Table.Th>
                <Table.Th>{t('employeeScreens.payroll')}</Table.Th>
                <Table.Th>{t('employeeScreens.company')}</Table.Th>
                <Table.Th ta="right">{t('employeeScreens.netPay')}</Table.Th>
                <Table.Th>{t('employeeScreens.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(q.data?.data ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.employeePortal.payslip.href({ id: s.id })}>
                      {period(s.payPeriod)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{s.payrollName}</Table.Td>
                  <Table.Td>{s.companyName}</Table.Td>
                  <Table.Td ta="right">{naira(s.finalAmount)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={s.status} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="secondary"
                      disabled={!s.downloadable}
                      loading={download.isPending && download.variables === s.id}
                      onClick={() => download.mutate(s.id)}
                    >
                      {t('employeeScreens.download')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
      </Card>
      <ListPagination pagination={q.data?.metadata?.pagination} page={page} onChange={setPage} />
    </Stack>
  );
}

/** /employee-portal/payslip/:id: earnings, deductions (statutory lines included), net pay. */
export function PayslipDetailScreen() {
  const { t } = useTranslation('portals');
  const { id = '' } = useParams();
  const q = useQuery({
    queryKey: ['employee-portal', 'payslip', id],
    queryFn: () => api.get<PortalPayslip>(`${P}/payslips/${id}`),
  });
  const download = useDownload();
  if (q.isPending) return <Loader mx="auto" display="block" mt="xl" />;
  if (!q.data) return <Alert color="red">{t('employeeScreens.payslipNotFound')}</Alert>;
  const s = q.data.data;
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Anchor component={Link} to={paths.employeePortal.payslips.path} fz="sm">
        {t('employeeScreens.payslips2')}
      </Anchor>
      <PageHeader mb={0} title={period(s.payPeriod)} description={s.payrollName} />
      <PayslipSheet slip={s} status={<StatusBadge status={s.status} size="lg" />} />
      <Group justify="flex-end">
        <Button variant="secondary" onClick={() => window.print()}>
          {t('employeeScreens.print')}
        </Button>
        <Button disabled={!s.downloadable} loading={download.isPending} onClick={() => download.mutate(s.id)}>
          {t('employeeScreens.downloadPdf')}
        </Button>
      </Group>
      {!s.downloadable && (
        <Text c="dimmed" fz="sm">
          {messageText(PORTAL_MSG.payslipNotPaid)}
        </Text>
      )}
    </Stack>
  );
}
