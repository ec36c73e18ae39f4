// The KYC / security reminders above the page on a phone (000 §2.7; issue 37): the carousel until it
// is read, then, once its close control is pressed, a slim one-line reminder. The choice is kept in
// localStorage per user and per set of reminders: a new reminder opens the carousel again.
import { Box, CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePhone } from '../../components/list';
import { AlertCarousel, useMobileAlerts } from '../../features/notifications';
import { useStore } from '../../lib/store';

/** The localStorage key that remembers which reminders a user has read and folded. */
export const alertsReadKey = (userId: string | undefined) => `owo.alerts-read.${userId ?? 'anonymous'}`;

export function AccountAlerts() {
  const phone = usePhone();
  const alerts = useMobileAlerts(phone);
  const userId = useStore((s) => s.staff.user?.id);
  const [read, setRead] = useLocalStorage<string>({
    key: alertsReadKey(userId),
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  if (!phone || !alerts.length) return null;
  const keys = alerts.map((a) => a.key).join(',');
  if (read === keys) return <SlimReminder alerts={alerts} onShow={() => setRead('')} />;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <AlertCarousel alerts={alerts} />
      </Box>
      <HideButton onHide={() => setRead(keys)} />
    </Group>
  );
}

function HideButton({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation('nav');
  return (
    <CloseButton
      size="md"
      c="orange.9"
      aria-label={t('alerts.hide')}
      onClick={onHide}
      data-testid="alerts-hide"
    />
  );
}

/** One line: how many reminders, the first one (opens its page), and Show to unfold them. */
function SlimReminder(props: { alerts: { text: string; to: string }[]; onShow: () => void }) {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const first = props.alerts[0]!;
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      bg="orange.0"
      style={{ borderColor: 'var(--mantine-color-orange-3)' }}
      data-testid="alerts-slim"
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <UnstyledButton onClick={() => navigate(first.to)} style={{ minWidth: 0, flex: 1 }}>
          <Text fz="xs" fw={600} c="orange.9" truncate="end">
            {t('alerts.slim', { count: props.alerts.length, first: first.text })}
          </Text>
        </UnstyledButton>
        <UnstyledButton onClick={props.onShow} aria-label={t('alerts.showLabel')} data-testid="alerts-show">
          <Text fz="xs" fw={700} c="orange.9" td="underline">
            {t('alerts.show')}
          </Text>
        </UnstyledButton>
      </Group>
    </Paper>
  );
}
