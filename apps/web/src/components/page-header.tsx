import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading every page starts with: a title, an optional line of help and the page's actions. */
export function PageHeader(props: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {props.title}
        </Title>
        {props.description && (
          <Text c="dimmed" size="sm">
            {props.description}
          </Text>
        )}
      </Stack>
      {props.actions && (
        <Group gap="sm" wrap="wrap">
          {props.actions}
        </Group>
      )}
    </Group>
  );
}
