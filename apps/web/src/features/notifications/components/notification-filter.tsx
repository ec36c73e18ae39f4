import { ActionIcon, Button, Group, Indicator, Popover, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { NotificationFilter as Filter } from '../api';
import { FilterIcon } from './icons';

const OPTIONS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All notifications' },
  { value: 'unread', label: 'Unread only' },
  { value: 'read', label: 'Read only' },
];

/** The drawer's 250 px filter popup (000 §2.8). */
export function NotificationFilterButton({
  value,
  onChange,
}: {
  value: Filter;
  onChange: (f: Filter) => void;
}) {
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
            aria-label="Filter notifications"
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
            Filter
          </Text>
          <Radio.Group value={draft} onChange={(v) => setDraft(v as Filter)} name="notification-filter">
            <Stack gap="xs">
              {OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="space-between" gap="xs">
            <Button
              variant="subtle"
              size="xs"
              color="gray"
              onClick={() => {
                onChange('all');
                setOpened(false);
              }}
            >
              Reset
            </Button>
            <Button
              size="xs"
              onClick={() => {
                onChange(draft);
                setOpened(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
