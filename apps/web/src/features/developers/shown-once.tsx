import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';

/** A secret shown once (a new key, a signing secret), with Copy. */
export function ShownOnce(props: { title: string; value: string | null; onClose: () => void }) {
  return (
    <Modal opened={!!props.value} onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        <Alert color="yellow">Copy it now: it will not be shown again.</Alert>
        <Code block data-testid="shown-once">
          {props.value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={props.value ?? ''}>
            {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
          </CopyButton>
          <Button variant="secondary" onClick={props.onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
