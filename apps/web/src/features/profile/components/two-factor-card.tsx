// 2FA enrolment (000 §3 _2fa, §8 'Your Account is insecure'): start setup, scan the QR code (or
// type the secret), confirm with a code, keep the recovery codes; disable or renew the codes with
// a current code.
import { Badge, Button, Card, Code, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { totpCodeBody, type Profile } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { queryClient, useApiMutation } from '../../../lib/query';
import { sessionKeys } from '../../../lib/session';
import { profileApi, type TwoFactorSetup } from '../api';
import { copyText } from './copy';
import { RecoveryCodes } from './recovery-codes';

function CodeForm(props: {
  label: string;
  submit: string;
  /** `danger` when the code turns protection off. */
  level?: 'primary' | 'danger';
  onCode: (code: string) => Promise<unknown>;
  onCancel?: () => void;
  pending: boolean;
  form: ReturnType<typeof useCodeForm>;
}) {
  const { t } = useTranslation('accounts');
  const { form } = props;
  return (
    <form onSubmit={form.handleSubmit((v) => void props.onCode(v.code))} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          aria-label={props.label}
          placeholder="123456"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          w={200}
          {...form.register('code')}
          error={form.formState.errors.code?.message}
          styles={{ input: { letterSpacing: 3 } }}
        />
        <Button type="submit" variant={props.level ?? 'primary'} loading={props.pending}>
          {props.submit}
        </Button>
        {props.onCancel && (
          <Button variant="secondary" onClick={props.onCancel}>
            {t('twoFactorCard.cancel')}
          </Button>
        )}
      </Group>
    </form>
  );
}
const useCodeForm = () => useZodForm(totpCodeBody, { defaultValues: { code: '' } });
const refreshProfile = () => queryClient.invalidateQueries({ queryKey: sessionKeys.profile });

/** The authenticator's QR code and its secret, with a copy button. */
function QrAndSecret({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation('accounts');
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Image
        src={setup.qrCode}
        alt={t('security.qrAlt')}
        w={180}
        h={180}
        fit="contain"
        radius="md"
        style={{ border: '1px solid var(--mantine-color-gray-3)' }}
      />
      <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
        <Text size="sm" fw={500}>
          {t('security.secretLabel')}
        </Text>
        <Code fz="sm" p="xs" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
          {setup.secret}
        </Code>
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void copyText(setup.secret)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('security.copySecret')}
        </Button>
      </Stack>
    </Group>
  );
}

/** Two-factor is on: renew the recovery codes or turn it off, each with a current code. */
function ManageTwoFactor({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('accounts');
  const [mode, setMode] = useState<'idle' | 'disable' | 'renew'>('idle');
  const manageForm = useCodeForm();
  const disable = useApiMutation({
    mutationFn: (code: string) => profileApi.disableTwoFactor(code),
    form: manageForm,
    onSuccess: () => {
      setMode('idle');
      manageForm.reset();
      void refreshProfile();
    },
  });
  const renew = useApiMutation({
    mutationFn: (code: string) => profileApi.regenerateRecoveryCodes(code),
    form: manageForm,
    onSuccess: (res) => {
      setMode('idle');
      manageForm.reset();
      onCodes(res.data.recoveryCodes);
    },
  });
  return mode === 'idle' ? (
    <Group>
      <Button variant="secondary" onClick={() => setMode('renew')}>
        {t('security.renewCodes')}
      </Button>
      <Button variant="danger" onClick={() => setMode('disable')}>
        {t('security.disable')}
      </Button>
    </Group>
  ) : (
    <Stack gap="sm">
      <Text size="sm">{mode === 'disable' ? t('security.disableText') : t('security.renewText')}</Text>
      <CodeForm
        form={manageForm}
        label={t('security.code')}
        submit={mode === 'disable' ? t('security.disable') : t('security.renewCodes')}
        level={mode === 'disable' ? 'danger' : 'primary'}
        pending={disable.isPending || renew.isPending}
        onCode={(c) => (mode === 'disable' ? disable : renew).mutateAsync(c).catch(() => {})}
        onCancel={() => {
          setMode('idle');
          manageForm.reset();
        }}
      />
    </Stack>
  );
}

export function TwoFactorCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('accounts');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const enableForm = useCodeForm();

  const start = useApiMutation({
    mutationFn: profileApi.setupTwoFactor,
    silentSuccess: true,
    onSuccess: (res) => setSetup(res.data),
  });
  const enable = useApiMutation({
    mutationFn: (code: string) => profileApi.enableTwoFactor(code),
    form: enableForm,
    onSuccess: (res) => {
      setCodes(res.data.recoveryCodes);
      setSetup(null);
      enableForm.reset();
      void refreshProfile();
    },
  });
  return (
    <Card>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t('security.twoFactor')}</Title>
        <Badge color={profile._2fa ? 'owo' : 'red'} variant="light">
          {profile._2fa ? t('security.on') : t('security.off')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.twoFactorText')}
      </Text>

      {codes ? (
        <RecoveryCodes codes={codes} email={profile.email} onDone={() => setCodes(null)} />
      ) : !profile._2fa ? (
        setup ? (
          <Stack gap="md">
            <Text size="sm">{t('security.scan')}</Text>
            <QrAndSecret setup={setup} />
            <Text size="sm">{t('security.enterCode')}</Text>
            <CodeForm
              form={enableForm}
              label={t('security.code')}
              submit={t('security.confirmEnable')}
              pending={enable.isPending}
              onCode={(c) => enable.mutateAsync(c).catch(() => {})}
              onCancel={() => setSetup(null)}
            />
          </Stack>
        ) : (
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            {t('security.enable')}
          </Button>
        )
      ) : (
        <ManageTwoFactor onCodes={setCodes} />
      )}
    </Card>
  );
}
