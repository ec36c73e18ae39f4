import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { emailSchema } from '@owo/contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { store } from '../../../lib/store';
import { PortalCard } from '../components/portal-shell';
import type { FromState } from './customer-portal';

// POST /customer/auth: payload not shown by the spec (000 §7); the customer portal's own issue
// defines it. We send the email the invoice was addressed to.
export const customerAuthBody = z.object({ email: emailSchema });
type CustomerAuthAnswer = { email?: string; customers?: unknown[]; customer?: unknown };

export const PORTAL_NOT_OPEN =
  'The customer portal is not open yet. It opens together with online invoices; until then, pay using the link in the invoice email you received.';

export function CustomerLoginScreen() {
  const navigate = useNavigate();
  const from = (useLocation().state as FromState | null)?.from;
  const [notOpen, setNotOpen] = useState(false);
  const form = useZodForm(customerAuthBody, { defaultValues: { email: '' } });
  const login = useApiMutation({
    mutationFn: (body: z.infer<typeof customerAuthBody>) =>
      api.post<CustomerAuthAnswer>('/customer/auth', body, { skipForbiddenPage: true }),
    form,
    silentSuccess: true,
    silentError: true,
    onSuccess: (res, body) => {
      const customers = res.data?.customers ?? (res.data?.customer ? [res.data.customer] : []);
      store.set({
        customer: {
          email: res.data?.email ?? body.email,
          currentCustomerProfile: customers[0] ?? null,
          allCustomerProfiles: customers,
        },
      });
      void navigate(from ?? paths.customer.invoices.path, { replace: true });
    },
    onError: (err) => {
      if (isApiError(err) && (err.httpStatus === 404 || err.httpStatus === 405)) setNotOpen(true);
      else if (!isApiError(err) || err.status !== 'validation-error')
        form.setError('root.server', { message: err.message });
    },
  });
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
            <Title order={2} fz={26}>
              View your invoices
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              Enter the email address your invoices were sent to.
            </Text>
          </div>
          {from && (
            <Alert color="blue" variant="light">
              Sign in to continue to the invoice you opened.
            </Alert>
          )}
          {notOpen && (
            <Alert color="yellow" variant="light" data-testid="customer-portal-not-open">
              {PORTAL_NOT_OPEN}
            </Alert>
          )}
          {form.formState.errors.root?.server && (
            <Alert color="red" variant="light">
              {form.formState.errors.root.server.message}
            </Alert>
          )}
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Button type="submit" loading={login.isPending} fullWidth size="md">
            Continue
          </Button>
        </Stack>
      </form>
    </PortalCard>
  );
}
