import { Stack, Text, Title } from '@mantine/core';

export function AuthHeader(props: { title: string; subtitle?: string }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={2} fz={26}>
        {props.title}
      </Title>
      {props.subtitle && (
        <Text c="dimmed" size="sm">
          {props.subtitle}
        </Text>
      )}
    </Stack>
  );
}
