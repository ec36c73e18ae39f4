import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { registerBody } from '@owo/contract';
import { PhoneInput, withNgPrefix } from '../../../components/phone-input';
import { useZodForm } from '../../../lib/forms';
import { i18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { authApi, completeSignIn } from '../api/auth';
import { AuthHeader } from './auth-header';
import { usePageMeta } from '../../../lib/page-meta';

// The contract's rule, plus the NG phone prefix the input shows and a confirmation field.
export const registerFormSchema = registerBody
  .extend({
    phoneNumber: z.preprocess(withNgPrefix, registerBody.shape.phoneNumber),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: i18n.t('auth:password.mismatch'),
  });

/** /auth/register, /auth/register/:code (invitation) and ?email= (send-bill "Get Started"). */
export function RegisterScreen() {
  const { t } = useTranslation('auth');
  usePageMeta({
    title: t('meta.register.title'),
    description: t('meta.register.description'),
    path: paths.auth.register.path,
  });
  const { code } = useParams();
  const { form, register } = useRegisterForm(code);
  const errors = form.formState.errors;

  return (
    <form onSubmit={form.handleSubmit((v) => register.mutate(v))} noValidate>
      <AuthHeader title={t('register.title')} subtitle={t('register.subtitle')} />
      <Stack gap="md">
        {code && (
          <Alert variant="light" color="owo">
            {t('register.inviteNote', { code })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('register.firstName')}
            autoComplete="given-name"
            {...form.register('firstName')}
            error={errors.firstName?.message}
          />
          <TextInput
            label={t('register.lastName')}
            autoComplete="family-name"
            {...form.register('lastName')}
            error={errors.lastName?.message}
          />
        </SimpleGrid>
        <TextInput
          label={t('register.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={errors.email?.message}
        />
        <PhoneInput
          label={t('register.phone')}
          {...form.register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
        <PasswordInput
          label={t('register.password')}
          description={t('register.passwordHint')}
          autoComplete="new-password"
          {...form.register('password')}
          error={errors.password?.message}
        />
        <PasswordInput
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        {errors.root?.server && (
          <Text c="red" size="sm">
            {errors.root.server.message}
          </Text>
        )}
        <Button type="submit" size="md" loading={register.isPending} fullWidth>
          {t('register.submit')}
        </Button>
        <RegisterFooter code={code} />
      </Stack>
    </form>
  );
}

/** The register form (the ?email= prefills it; an invitation's code rides along) and its submit. */
function useRegisterForm(code: string | undefined) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const form = useZodForm(registerFormSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: search.get('email') ?? '',
      password: '',
      confirmPassword: '',
      phoneNumber: '',
      code,
    },
  });
  const register = useApiMutation({
    mutationFn: (v: z.output<typeof registerFormSchema>) => {
      const { confirmPassword: _c, ...body } = v;
      return authApi.register({ ...body, phoneNumber: body.phoneNumber ?? undefined });
    },
    form,
    onSuccess: (res, v) =>
      navigate(completeSignIn(res.data.user), { replace: true, state: { email: v.email } }),
  });
  return { form, register };
}

/** The terms line and the link to log in instead. */
function RegisterFooter({ code }: { code: string | undefined }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Text size="xs" c="dimmed" ta="center">
        <Trans
          t={t}
          i18nKey="register.agree"
          components={{
            terms: <Anchor component={Link} to={paths.legals.terms.path} size="xs" underline="always" />,
            privacy: <Anchor component={Link} to={paths.legals.privacy.path} size="xs" underline="always" />,
          }}
        />
      </Text>
      <Group justify="center" gap={6}>
        <Text size="sm" c="dimmed">
          {t('register.haveAccount')}
        </Text>
        <Anchor
          component={Link}
          to={code ? paths.auth.loginWithCode.href({ code }) : paths.auth.login.path}
          size="sm"
          fw={600}
        >
          {t('register.logIn')}
        </Anchor>
      </Group>
    </>
  );
}
