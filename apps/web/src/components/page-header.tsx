import { Group, Stack, Text, Title, type MantineSpacing, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading every page starts with (an h2, as every page title is): a title, an optional line of
 * help, the page's actions; optionally a back link above the title and status badges beside it.
 */
export function PageHeader(props: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown above the title: a back link, or the flow's name. */
  above?: ReactNode;
  /** Shown beside the title: the record's status badges. */
  badges?: ReactNode;
  /** Shown below the description: a flow's progress. */
  children?: ReactNode;
  /** More for the heading itself: a colour, a test id. */
  titleProps?: Omit<TitleProps, 'order' | 'children'> & { 'data-testid'?: string };
  /** Space below the header: 0 inside a Stack that already spaces its children. */
  mb?: MantineSpacing;
}) {
  const title = (
    <Title order={2} fz={{ base: 20, sm: 24 }} {...props.titleProps}>
      {props.title}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb={props.mb ?? 'lg'} wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0, flex: props.children ? 1 : undefined }}>
        {props.above}
        {props.badges ? (
          <Group gap="sm">
            {title}
            {props.badges}
          </Group>
        ) : (
          title
        )}
        {props.description && (
          <Text c="dimmed" size="sm">
            {props.description}
          </Text>
        )}
        {props.children}
      </Stack>
      {props.actions && (
        <Group gap="sm" wrap="wrap">
          {props.actions}
        </Group>
      )}
    </Group>
  );
}
