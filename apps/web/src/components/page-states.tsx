import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" aria-busy="true">
      <Loader color="owo" aria-label={t('loading')} />
    </Center>
  );
}

/** Centred message used by the error screens: an emblem, a title, a text and actions. */
export function StatusScreen(props: {
  code?: string;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
  fullHeight?: boolean;
}) {
  return (
    <Center mih={props.fullHeight ? '100vh' : '70vh'} px="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        {props.code && (
          <Text fw={800} fz={64} lh={1} c="owo.7" aria-hidden>
            {props.code}
          </Text>
        )}
        <Title order={2}>{props.title}</Title>
        <Text c="dimmed">{props.text}</Text>
        {props.actions}
      </Stack>
    </Center>
  );
}

export function EmptyState(props: { title?: string; text?: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={4} py="xl">
      <Text fw={600}>{props.title ?? t('empty.title')}</Text>
      <Text c="dimmed" size="sm">
        {props.text ?? t('empty.text')}
      </Text>
    </Stack>
  );
}

/** A chart with nothing to draw: a muted chart emblem and one line, in the chart's own space. */
export function ChartEmptyState(props: { text: string; h?: number }) {
  return (
    <Stack align="center" justify="center" gap={6} mih={props.h ?? 140} data-chart-empty>
      <Center w={40} h={40} bg="gray.1" c="gray.6" style={{ borderRadius: '50%' }}>
        <svg
          width={20}
          height={20}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M3 3v18h18" />
          <path d="M8 16v-4M13 16V8M18 16v-6" />
        </svg>
      </Center>
      <Text c="dimmed" size="sm" ta="center">
        {props.text}
      </Text>
    </Stack>
  );
}
