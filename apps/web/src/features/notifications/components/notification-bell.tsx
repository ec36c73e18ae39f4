import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useUnreadCount } from '../api';
import { BellIcon } from './icons';
import { useTranslation } from 'react-i18next';

// The drawer (list, menus, modal) loads on first open, keeping the layout's bundle small.
const NotificationDrawer = lazy(async () => ({
  default: (await import('./notification-drawer')).NotificationDrawer,
}));

/** Top-bar bell with the unread count; opens the notification drawer. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [opened, { open, close }] = useDisclosure(false);
  const [wasOpened, setWasOpened] = useState(false);
  const { data: unread = 0 } = useUnreadCount();
  const label =
    unread > 0 ? t('notificationBell.notificationsUnread', { unread }) : t('notificationBell.notifications');
  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        color="red"
        disabled={unread === 0}
        offset={6}
        inline
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          onClick={() => {
            setWasOpened(true);
            open();
          }}
          aria-label={label}
          data-testid="notification-bell"
        >
          <BellIcon />
        </ActionIcon>
      </Indicator>
      {wasOpened && (
        <Suspense fallback={null}>
          <NotificationDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
