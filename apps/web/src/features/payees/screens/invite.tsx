import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useApiMutation } from '../../../lib/query';
import { vendorOnboardingApi } from '../api';
import { paths } from '../../../lib/paths';

/** /vendors/invite: mail a vendor a single-use link to add their own details and bank account. */
export function VendorInviteScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const payeeId = params.get('payeeId');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [name, setName] = useState(params.get('name') ?? '');
  const send = useApiMutation({
    mutationFn: () => vendorOnboardingApi.invite({ email, name: name || undefined, payeeId }),
    onSuccess: (res) =>
      void navigate(paths.vendors.inviteSuccess.href(), { state: { email: res.data.email } }),
  });
  const err = (k: string) => send.error?.errors?.[k]?.[0];
  return (
    <Stack gap="lg" maw={560}>
      <Button variant="subtle" px={0} w="fit-content" onClick={() => navigate(paths.vendors.root.href())}>
        ← Vendors
      </Button>
      <Card>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
        >
          <Stack>
            <div>
              <Title order={3}>
                {payeeId ? 'Ask the vendor to update their details' : 'Invite a vendor'}
              </Title>
              <Text c="dimmed" size="sm">
                We email them a link to add their details and the bank account to pay. The link works once and
                expires in 7 days; they do not need an Owo account.
              </Text>
            </div>
            {payeeId && (
              <Alert color="yellow" variant="light">
                If they send a new bank account, it needs approval by someone other than you before any
                payment uses it.
              </Alert>
            )}
            <TextInput
              label="Vendor email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={err('email')}
            />
            <TextInput
              label="Vendor name (optional)"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={err('name')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

/** /vendors/invite/success. */
export function VendorInviteSuccessScreen() {
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <Card maw={560}>
      <Stack>
        <Title order={3}>Invitation sent</Title>
        <Text>
          {email ? (
            <>
              We emailed <b>{email}</b> a link to add their details.
            </>
          ) : (
            'We emailed the vendor a link to add their details.'
          )}{' '}
          They appear in your vendors once they finish.
        </Text>
        <Group>
          <Button onClick={() => navigate(paths.vendors.root.href())}>Back to vendors</Button>
          <Button variant="secondary" onClick={() => navigate(paths.vendors.invite.href())}>
            Invite another vendor
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
