import { Button, CopyButton, Group, Text } from '@mantine/core';

/**
 * A label and a value with a Copy button (bank details a payer types into their bank app):
 * `copy` is what goes to the clipboard when it differs from what is shown (e.g. digits only).
 * On a phone a long value wraps; the label and the button keep their width.
 */
export function CopyRow(props: {
  label: string;
  value: string;
  copy?: string;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {props.label}
      </Text>
      <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ minWidth: 0, flex: 1 }}>
        <Text
          fw={props.strong ? 700 : 600}
          fz={props.strong ? { base: 'lg', sm: 'xl' } : undefined}
          ta="right"
          style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          data-testid={props.testId}
        >
          {props.value}
        </Text>
        <CopyButton value={props.copy ?? props.value}>
          {({ copied, copy }) => (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={copy}
              style={{ flexShrink: 0 }}
              aria-label={`Copy ${props.label.toLowerCase()}`}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Group>
  );
}
