import { Alert, Anchor, Button, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { CUSTOMER_PORTAL_MSG, customerAuthBody } from '@owo/contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { store } from '../../../lib/store';
import { PortalCard } from '../components/portal-shell';
import { requestCustomerCode, verifyCustomerCode } from './api';
import type { FromState } from './customer-portal';
import { PageHeader } from '../../../components/page-header';
import { Trans, useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/**
 * /customer/login (000 §2.11; issue 24 §4): the email the invoices were sent to, then the 6-digit
 * code mailed to it. The server says the same whether or not it knows the email. After signing in
 * the customer goes where the guard stopped them, or to their invoices.
 */
export function CustomerLoginScreen() {
  const login = useCustomerLogin();
  return (
    <PortalCard>
      {login.sentTo ? <CodeStep login={login} sentTo={login.sentTo} /> : <EmailStep login={login} />}
    </PortalCard>
  );
}

/** The two steps' state: the email the code went to, the code typed, and both requests. */
function useCustomerLogin() {
  const navigate = useNavigate();
  const from = (useLocation().state as FromState | null)?.from;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useZodForm(customerAuthBody, { defaultValues: { email: '' } });

  const request = useApiMutation({
    mutationFn: (body: z.infer<typeof customerAuthBody>) => requestCustomerCode(body.email),
    form,
    silentSuccess: true,
    silentError: true,
    onSuccess: (res, body) => {
      setSentTo(res.data?.email ?? body.email);
      setCode('');
      setCodeError(null);
    },
    onError: (err) => {
      if (!isApiError(err) || err.status !== 'validation-error')
        form.setError('root.server', { message: err.message });
    },
  });
  const verify = useApiMutation({
    mutationFn: (body: { email: string; code: string }) => verifyCustomerCode(body),
    silentSuccess: true,
    silentError: true,
    onSuccess: (res) => {
      store.set({
        customer: {
          email: res.data.email,
          currentCustomerProfile: res.data.currentCustomerProfile,
          allCustomerProfiles: res.data.allCustomerProfiles,
        },
      });
      void navigate(from ?? paths.customer.invoices.path, { replace: true });
    },
    onError: (err) => setCodeError(err.errors?.code?.[0] ?? err.message),
  });

  const submitCode = (value: string) => {
    if (!/^\d{6}$/.test(value)) return setCodeError(messageText(CUSTOMER_PORTAL_MSG.codeFormat));
    if (sentTo) verify.mutate({ email: sentTo, code: value });
  };

  return {
    from,
    sentTo,
    setSentTo,
    code,
    setCode,
    codeError,
    setCodeError,
    form,
    request,
    verify,
    submitCode,
  };
}

type CustomerLogin = ReturnType<typeof useCustomerLogin>;

/** Step 2: the 6-digit code mailed to `sentTo`, with "send a new one" and "use another email". */
function CodeStep({ login, sentTo }: { login: CustomerLogin; sentTo: string }) {
  const { t } = useTranslation('portals');
  const { code, setCode, codeError, setCodeError, submitCode, verify, request, setSentTo } = login;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submitCode(code);
      }}
      noValidate
    >
      <Stack gap="md">
        <div>
          <PageHeader mb={0} title={t('customerLogin.checkYourEmail')} titleProps={{ fz: 26 }} />
          <Text c="dimmed" fz="sm" mt={4} data-testid="customer-code-sent">
            <Trans
              t={t}
              i18nKey="customerLogin.enterThe6DigitCode"
              values={{ codeSent: messageText(CUSTOMER_PORTAL_MSG.codeSent), email: sentTo }}
              components={{ b: <b /> }}
            />
          </Text>
        </div>
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="customer-code-label">
            {t('customerLogin.signInCode')}
          </Text>
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            value={code}
            onChange={(v) => {
              setCode(v);
              setCodeError(null);
            }}
            onComplete={submitCode}
            error={!!codeError}
            aria-labelledby="customer-code-label"
            data-testid="customer-code"
          />
          {codeError && (
            <Text c="red" fz="sm" role="alert">
              {codeError}
            </Text>
          )}
        </Stack>
        <Button type="submit" loading={verify.isPending} fullWidth size="md">
          {t('customerLogin.signIn')}
        </Button>
        <Text fz="sm" c="dimmed" ta="center">
          <Trans
            t={t}
            i18nKey="customerLogin.noCode"
            components={{
              resend: (
                <Anchor
                  component="button"
                  type="button"
                  fz="sm"
                  onClick={() => request.mutate({ email: sentTo })}
                />
              ),
              other: <Anchor component="button" type="button" fz="sm" onClick={() => setSentTo(null)} />,
            }}
          />
        </Text>
      </Stack>
    </form>
  );
}

/** Step 1: the email the invoices were sent to. */
function EmailStep({ login }: { login: CustomerLogin }) {
  const { t } = useTranslation('portals');
  const { form, request, from } = login;
  return (
    <form onSubmit={form.handleSubmit((v) => request.mutate(v))} noValidate>
      <Stack gap="md">
        <div>
          <PageHeader mb={0} title={t('customerLogin.viewYourInvoices')} titleProps={{ fz: 26 }} />
          <Text c="dimmed" fz="sm" mt={4}>
            {t('customerLogin.enterTheEmailAddressYour')}
          </Text>
        </div>
        {from && (
          <Alert color="blue" variant="light">
            {t('customerLogin.signInToContinueTo')}
          </Alert>
        )}
        {form.formState.errors.root?.server && (
          <Alert color="red" variant="light">
            {form.formState.errors.root.server.message}
          </Alert>
        )}
        <TextInput
          label={t('customerLogin.emailAddress')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <Button type="submit" loading={request.isPending} fullWidth size="md">
          {t('customerLogin.continue')}
        </Button>
      </Stack>
    </form>
  );
}
