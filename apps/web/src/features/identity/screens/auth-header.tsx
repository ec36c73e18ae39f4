import { Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';

export function AuthHeader(props: { title: string; subtitle?: string }) {
  return (
    <Stack gap={6} mb="lg">
      <PageHeader mb={0} title={props.title} titleProps={{ fz: 26 }} />
      {props.subtitle && (
        <Text c="dimmed" size="sm">
          {props.subtitle}
        </Text>
      )}
    </Stack>
  );
}
