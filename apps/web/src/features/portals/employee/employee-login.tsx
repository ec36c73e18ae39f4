import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema } from '@owo/contract';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { store } from '../../../lib/store';
import { PortalCard } from '../components/portal-shell';
import { useIsEmployeeSignedIn, type FromState } from './employee-portal';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';

// POST /employee-portal/auth/login: payload and answer not shown (002 §7); email and password is
// what the set-password step of the invitation creates.
export const employeeLoginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: () => i18n.t('portals:employeeLogin.passwordRequired') })
    .min(1, { error: () => i18n.t('portals:employeeLogin.passwordRequired') })
    .max(256),
});
type EmployeeLoginAnswer = { user?: unknown; employee?: unknown; payrollEmployees?: unknown[] };

/** The sign-in form and its POST; a portal that does not answer yet (404/405) is "not open". */
function useEmployeeLogin() {
  const navigate = useNavigate();
  const from = (useLocation().state as FromState | null)?.from;
  const [notOpen, setNotOpen] = useState(false);
  const form = useZodForm(employeeLoginBody, { defaultValues: { email: '', password: '' } });
  const login = useApiMutation({
    mutationFn: (body: z.infer<typeof employeeLoginBody>) =>
      api.post<EmployeeLoginAnswer>('/employee-portal/auth/login', body, {
        skipAuthHandling: true,
        skipForbiddenPage: true,
      }),
    form,
    silentSuccess: true,
    silentError: true,
    onSuccess: (res, body) => {
      const employees = res.data?.payrollEmployees ?? [];
      store.set({
        employee: {
          employeeUser: res.data?.user ?? res.data?.employee ?? { email: body.email },
          payrollEmployees: employees,
          currentPayrollEmployee: employees[0] ?? null,
        },
      });
      void navigate(from ?? paths.employeePortal.payslips.path, { replace: true });
    },
    onError: (err) => {
      if (isApiError(err) && (err.httpStatus === 404 || err.httpStatus === 405)) setNotOpen(true);
      else if (!isApiError(err) || err.status !== 'validation-error')
        form.setError('root.server', { message: err.message });
    },
  });
  return { form, login, notOpen, setNotOpen };
}

export function EmployeeLoginScreen() {
  const { t } = useTranslation('portals');
  const signedIn = useIsEmployeeSignedIn();
  const { form, login, notOpen, setNotOpen } = useEmployeeLogin();
  if (signedIn) return <Navigate to={paths.employeePortal.payslips.path} replace />;
  return (
    <PortalCard>
      <form
        onSubmit={form.handleSubmit((v) => {
          setNotOpen(false);
          login.mutate(v);
        })}
        noValidate
      >
        <Stack gap="md">
          <div>
            <PageHeader mb={0} title={t('employeeLogin.employeeSignIn')} titleProps={{ fz: 26 }} />
            <Text c="dimmed" fz="sm" mt={4}>
              {t('employeeLogin.seeYourPayslipsAndKeep')}
            </Text>
          </div>
          {notOpen && (
            <Alert color="yellow" variant="light" data-testid="employee-portal-not-open">
              {t('employeeLogin.notOpen')}
            </Alert>
          )}
          {form.formState.errors.root?.server && (
            <Alert color="red" variant="light">
              {form.formState.errors.root.server.message}
            </Alert>
          )}
          <TextInput
            label={t('employeeLogin.emailAddress')}
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <PasswordInput
            label={t('employeeLogin.password')}
            autoComplete="current-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={paths.employeePortal.forgotPassword.path} fz="sm">
              {t('employeeLogin.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            {t('employeeLogin.signIn')}
          </Button>
        </Stack>
      </form>
    </PortalCard>
  );
}
