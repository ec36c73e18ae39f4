// The KYC / security reminders above the page on a phone (000 §2.7; issue 37): the carousel until it
// is read, then, once its close control is pressed, a slim one-line reminder. The choice is kept in
// localStorage per user and per set of reminders: a new reminder opens the carousel again.
// Layout shift (issue 38 §3): the reminders depend on two queries that answer after the page has
// drawn. Until they answer, their slot is kept at the height they took on this user's last load
// (in localStorage; none when there were no reminders), or at a one-reminder carousel's height on a
// first load, so the page below does not jump down when they appear.
import { Box, CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePhone } from '../../components/list';
import { AlertCarousel, useMobileAlertState } from '../../features/notifications';
import { useStore } from '../../lib/store';

/** The localStorage key that remembers which reminders a user has read and folded. */
export const alertsReadKey = (userId: string | undefined) => `owo.alerts-read.${userId ?? 'anonymous'}`;
/** The localStorage key that remembers the height (px) the reminders took on this user's last load. */
export const alertsSlotKey = (userId: string | undefined) => `owo.alerts-slot.${userId ?? 'anonymous'}`;
/**
 * The slot kept on a first load: the carousel of a new company's reminders (KYC and security, with
 * its dots) at 390-412 px, measured at 83.5 px (70 left a 13.5 px shift on every page, issue 38 §3).
 */
export const FIRST_ALERTS_SLOT_PX = 84;

export function AccountAlerts() {
  const phone = usePhone();
  const { alerts, settled } = useMobileAlertState(phone);
  const userId = useStore((s) => s.staff.user?.id);
  const [read, setRead] = useLocalStorage<string>({
    key: alertsReadKey(userId),
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  const [slot, setSlot] = useLocalStorage<number>({
    key: alertsSlotKey(userId),
    defaultValue: FIRST_ALERTS_SLOT_PX,
    getInitialValueInEffect: false,
  });
  const box = useRef<HTMLDivElement>(null);
  const keys = alerts.map((a) => a.key).join(',');
  const folded = read === keys;
  useEffect(() => {
    if (phone && settled) setSlot(box.current?.offsetHeight ?? 0);
  }, [phone, settled, keys, folded, setSlot]);
  if (!phone) return null;
  if (!settled)
    return slot > 0 ? <div style={{ height: slot }} aria-hidden data-testid="alerts-slot" /> : null;
  if (!alerts.length) return null;
  return (
    <div ref={box}>
      {folded ? (
        <SlimReminder alerts={alerts} onShow={() => setRead('')} />
      ) : (
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <AlertCarousel alerts={alerts} />
          </Box>
          <HideButton onHide={() => setRead(keys)} />
        </Group>
      )}
    </div>
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
