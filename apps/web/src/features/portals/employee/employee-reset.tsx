// Employee portal password reset (issue 25 §5; 002 §5 password rule): request a mailed link by
// email (the answer is the same whether or not the email has an account), then set a new password
// at the link the mail carries, /employee-portal/reset-password/{ref}. A reset signs every session
// out, so the local one is cleared too and the employee signs in again.
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { portalResetBody, portalResetRequestBody } from '@owo/contract/payroll-portal';
import { STATUS } from '@owo/contract/status';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { clearEmployeeSession } from '../../../lib/store';
import { PortalCard } from '../components/portal-shell';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

const quiet = { skipAuthHandling: true, skipForbiddenPage: true } as const;

/** /employee-portal/forgot-password: POST /employee-portal/auth/reset-password { email }. */
export function EmployeeForgotPasswordScreen() {
  const { t } = useTranslation('portals');
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(portalResetRequestBody, { defaultValues: { email: '' } });
  const send = useApiMutation({
    mutationFn: (body: z.output<typeof portalResetRequestBody>) =>
      api.post<null>('/employee-portal/auth/reset-password', body, quiet),
    form,
    silentSuccess: true,
    onSuccess: (res) => setSent(res.message),
  });
  return (
    <PortalCard>
      {sent !== null ? (
        <Stack gap="md" data-testid="employee-reset-sent">
          <PageHeader mb={0} title={t('employeeReset.checkYourEmail')} titleProps={{ fz: 26 }} />
          <Text>{sent}</Text>
          <Button component={Link} to={paths.employeePortal.login.path} variant="secondary" fullWidth>
            {t('employeeReset.backToSignIn')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.handleSubmit((v) => send.mutate(v))} noValidate>
          <Stack gap="md">
            <div>
              <PageHeader mb={0} title={t('employeeReset.forgotPassword')} titleProps={{ fz: 26 }} />
              <Text c="dimmed" fz="sm" mt={4}>
                {t('employeeReset.enterTheEmailYourEmployer')}
              </Text>
            </div>
            <TextInput
              label={t('employeeReset.emailAddress')}
              type="email"
              autoComplete="email"
              {...form.register('email')}
              error={form.formState.errors.email?.message}
            />
            <Button type="submit" loading={send.isPending} fullWidth size="md">
              {t('employeeReset.sendResetLink')}
            </Button>
            <Anchor component={Link} to={paths.employeePortal.login.path} fz="sm" ta="center">
              {t('employeeReset.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      )}
    </PortalCard>
  );
}

/** /employee-portal/reset-password/:ref (the mailed link): PUT …/auth/reset-password/{ref}. */
export function EmployeeResetPasswordScreen() {
  const { t } = useTranslation('portals');
  const ref = useParams().ref ?? '';
  const navigate = useNavigate();
  const form = useZodForm(portalResetBody, { defaultValues: { password: '', confirmPassword: '' } });
  const reset = useApiMutation({
    mutationFn: (body: z.output<typeof portalResetBody>) =>
      api.put<null>(`/employee-portal/auth/reset-password/${encodeURIComponent(ref)}`, body, quiet),
    form,
    // The API's message is toasted; a bad link (a `ref` error) shows on the form.
    silentError: true,
    onSuccess: () => {
      clearEmployeeSession();
      void navigate(paths.employeePortal.login.path, { replace: true });
    },
    onError: (err) => {
      if (!isApiError(err) || err.status !== STATUS.validationError)
        form.setError('root.server', { message: err.message });
    },
  });
  const serverError = form.formState.errors.root?.server?.message;
  return (
    <PortalCard>
      <form onSubmit={form.handleSubmit((v) => reset.mutate(v))} noValidate>
        <Stack gap="md">
          <div>
            <PageHeader mb={0} title={t('employeeReset.resetPassword')} titleProps={{ fz: 26 }} />
            <Text c="dimmed" fz="sm" mt={4}>
              {t('employeeReset.chooseANewPasswordFor')}
            </Text>
          </div>
          {serverError && (
            <Alert color="red" variant="light" data-testid="employee-reset-error">
              {serverError}{' '}
              <Anchor component={Link} to={paths.employeePortal.forgotPassword.path} fz="sm">
                {t('employeeReset.requestANewLink')}
              </Anchor>
            </Alert>
          )}
          <PasswordInput
            label={t('employeeReset.newPassword')}
            autoComplete="new-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <PasswordInput
            label={t('employeeReset.confirmPassword')}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={form.formState.errors.confirmPassword?.message}
          />
          <Button type="submit" loading={reset.isPending} fullWidth size="md">
            {t('employeeReset.resetPassword')}
          </Button>
        </Stack>
      </form>
    </PortalCard>
  );
}
