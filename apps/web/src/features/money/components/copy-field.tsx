import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { copyToClipboard } from '../rules';
import { useTranslation } from 'react-i18next';

/** A labelled value with a copy button (000 §8 copy messages); `copy` when it differs from what is shown. */
export function CopyField(props: { label: string; value: string; copy?: string; large?: boolean }) {
  const { t } = useTranslation('money');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={2} miw={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {props.label}
        </Text>
        <Text
          fw={props.large ? 700 : 600}
          fz={props.large ? 24 : 'md'}
          style={{ letterSpacing: props.large ? 1 : undefined, wordBreak: 'break-word' }}
        >
          {props.value}
        </Text>
      </Stack>
      <Tooltip label={t('copyField.copy', { value: props.label.toLowerCase() })}>
        <ActionIcon
          variant="light"
          size="lg"
          aria-label={t('copyField.copy', { value: props.label.toLowerCase() })}
          onClick={() => void copyToClipboard(props.copy ?? props.value)}
        >
          <CopyIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function CopyIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </svg>
  );
}
