import { ActionIcon, Button, Group, Indicator, Popover, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { NotificationFilter as Filter } from '../api';
import { FilterIcon } from './icons';
import { useTranslation } from 'react-i18next';

const OPTIONS: Filter[] = ['all', 'unread', 'read'];

/** The drawer's 250 px filter popup (000 §2.8). */
export function NotificationFilterButton({
  value,
  onChange,
}: {
  value: Filter;
  onChange: (f: Filter) => void;
}) {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Filter>(value);
  return (
    <Popover
      width={250}
      position="bottom-end"
      shadow="md"
      opened={opened}
      onChange={setOpened}
      withinPortal
      zIndex={350}
    >
      <Popover.Target>
        <Indicator disabled={value === 'all'} size={8} color="owo" offset={4}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('notificationFilter.filterNotifications')}
            onClick={() => {
              setDraft(value);
              setOpened((o) => !o);
            }}
          >
            <FilterIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text fz="sm" fw={600}>
            {t('notificationFilter.filter')}
          </Text>
          <Radio.Group value={draft} onChange={(v) => setDraft(v as Filter)} name="notification-filter">
            <Stack gap="xs">
              {OPTIONS.map((o) => (
                <Radio key={o} value={o} label={t(`notificationFilter.options.${o}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="space-between" gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                onChange('all');
                setOpened(false);
              }}
            >
              {t('notificationFilter.reset')}
            </Button>
            <Button
              size="xs"
              onClick={() => {
                onChange(draft);
                setOpened(false);
              }}
            >
              {t('notificationFilter.apply')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
