// Mobile alert carousel (000 §2.7): on small screens, rotates the KYC and security alerts every
// 3000 ms; tapping one opens the page that fixes it.
import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CAROUSEL_AUTOPLAY_MS, can, type KybAccount } from '@owo/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { usePhone } from '../../../components/list';
import { useProfile, useResources } from '../../../lib/session';
import { mobileAlerts, type MobileAlert } from './alert-rules';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

export function useAccountFill(enabled: boolean) {
  return useQuery({
    queryKey: ['parameter', 'account'],
    enabled,
    queryFn: async () => (await api.get<KybAccount>('/parameter/account', { skipForbiddenPage: true })).data,
  });
}

/**
 * The alerts for the signed-in user, and whether their queries (profile, KYB fill) have both
 * answered: until then `alerts` may still grow.
 */
export function useMobileAlertState(enabled = true): { alerts: MobileAlert[]; settled: boolean } {
  const resources = useResources();
  const canCreateParameters = can(resources, 'parameters', 'post');
  const profile = useProfile(enabled);
  const fill = useAccountFill(enabled && canCreateParameters);
  const alerts = mobileAlerts({
    canCreateParameters,
    kybComplete: fill.data?.progress.isComplete,
    twoFactorEnabled: profile.data?._2fa,
  });
  return { alerts, settled: !profile.isLoading && !fill.isLoading };
}

/** The alerts for the signed-in user; exported for screens that want them on larger sizes too. */
export function useMobileAlerts(enabled = true): MobileAlert[] {
  return useMobileAlertState(enabled).alerts;
}

export function AlertCarousel({ alerts }: { alerts: MobileAlert[] }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (alerts.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % alerts.length), CAROUSEL_AUTOPLAY_MS);
    return () => clearInterval(id);
  }, [alerts.length]);
  if (!alerts.length) return null;
  const current = alerts[index % alerts.length];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="orange.0"
      style={{ borderColor: 'var(--mantine-color-orange-3)' }}
      data-testid="mobile-alert-carousel"
      aria-live="polite"
    >
      <UnstyledButton
        onClick={() => navigate(current.to)}
        w="100%"
        data-testid={`mobile-alert-${current.key}`}
      >
        <Text fz="sm" fw={600} c="color-mix(in srgb, var(--mantine-color-orange-9) 80%, black)">
          {messageText(current.text)}
        </Text>
      </UnstyledButton>
      {alerts.length > 1 && (
        <Group gap={6} justify="center" mt={8}>
          {alerts.map((a, i) => (
            <Box
              key={a.key}
              component="button"
              type="button"
              aria-label={t('mobileAlertCarousel.showAlert', { n: i + 1 })}
              onClick={() => setIndex(i)}
              w={i === index % alerts.length ? 16 : 6}
              h={6}
              p={0}
              style={{
                border: 0,
                borderRadius: 3,
                cursor: 'pointer',
                background:
                  i === index % alerts.length
                    ? 'var(--mantine-color-orange-6)'
                    : 'var(--mantine-color-orange-2)',
              }}
            />
          ))}
        </Group>
      )}
    </Paper>
  );
}

/** Place at the top of the dashboard content; renders nothing on screens wider than 768 px. */
export function MobileAlertCarousel() {
  const isSmall = usePhone();
  const alerts = useMobileAlerts(isSmall);
  if (!isSmall) return null;
  return <AlertCarousel alerts={alerts} />;
}
