import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useApiMutation } from '../../../lib/query';
import { vendorOnboardingApi } from '../api';
import { paths } from '../../../lib/paths';
import { Trans, useTranslation } from 'react-i18next';

/** /vendors/invite: mail a vendor a single-use link to add their own details and bank account. */
export function VendorInviteScreen() {
  const { t } = useTranslation('payees');
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
        {t('invite.vendors')}
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
                {payeeId ? t('invite.askTheVendorToUpdate') : t('invite.inviteAVendor')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('invite.weEmailThemALink')}
              </Text>
            </div>
            {payeeId && (
              <Alert color="yellow" variant="light">
                {t('invite.ifTheySendANew')}
              </Alert>
            )}
            <TextInput
              label={t('invite.vendorEmail')}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={err('email')}
            />
            <TextInput
              label={t('invite.vendorNameOptional')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={err('name')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                {t('invite.sendInvitation')}
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
  const { t } = useTranslation('payees');
  const navigate = useNavigate();
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <Card maw={560}>
      <Stack>
        <Title order={3}>{t('invite.invitationSent')}</Title>
        <Text>
          {email ? (
            <Trans
              t={t}
              i18nKey="invite.weEmailed"
              values={{ email }}
              shouldUnescape
              components={{ b: <b /> }}
            />
          ) : (
            t('invite.weEmailedTheVendorA')
          )}
        </Text>
        <Group>
          <Button onClick={() => navigate(paths.vendors.root.href())}>{t('invite.backToVendors')}</Button>
          <Button variant="secondary" onClick={() => navigate(paths.vendors.invite.href())}>
            {t('invite.inviteAnotherVendor')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
