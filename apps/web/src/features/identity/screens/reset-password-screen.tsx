import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { resetPasswordBody } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { i18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { updateStaff } from '../../../lib/store';
import { authApi } from '../api/auth';
import { AuthHeader } from './auth-header';
import { usePageMeta } from '../../../lib/page-meta';

/** 002 §5: minimum 8 characters and a matching confirmation ('Passwords must match'). */
export const resetFormSchema = resetPasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: i18n.t('auth:password.mismatch'),
  });

/** /auth/reset-password?ref= (the link of the reset email). */
export function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  usePageMeta({
    title: t('meta.resetPassword.title'),
    description: t('meta.resetPassword.description'),
    path: paths.auth.resetPassword.path,
    noindex: true,
  });
  const [search] = useSearchParams();
  const ref = search.get('ref') ?? '';
  const navigate = useNavigate();
  const form = useZodForm(resetFormSchema, { defaultValues: { password: '', confirmPassword: '' } });
  const reset = useApiMutation({
    mutationFn: (v: z.output<typeof resetFormSchema>) => authApi.resetPassword(ref, v.password),
    form,
    onSuccess: () => {
      updateStaff({ passwordExpired: false, expiredEmail: null });
      void navigate(paths.auth.login.path, { replace: true });
    },
  });

  if (!ref) {
    return (
      <Stack>
        <AuthHeader title={t('reset.title')} />
        <Alert color="red" variant="light">
          {t('reset.missingRef')}
        </Alert>
        <Anchor component={Link} to={paths.auth.forgotPassword.path}>
          {t('forgot.title')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.handleSubmit((v) => reset.mutate(v))} noValidate>
      <AuthHeader title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <Stack gap="md">
        <PasswordInput
          label={t('reset.password')}
          autoComplete="new-password"
          {...form.register('password')}
          error={form.formState.errors.password?.message}
        />
        <PasswordInput
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={form.formState.errors.confirmPassword?.message}
        />
        <Button type="submit" size="md" loading={reset.isPending} fullWidth>
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
