import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A secret shown once (a new key, a signing secret), with Copy. */
export function ShownOnce(props: { title: string; value: string | null; onClose: () => void }) {
  const { t } = useTranslation('developers');
  return (
    <Modal opened={!!props.value} onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        <Alert color="yellow">{t('shownOnce.copyItNowItWill')}</Alert>
        <Code block data-testid="shown-once">
          {props.value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={props.value ?? ''}>
            {({ copied, copy }) => (
              <Button onClick={copy}>{copied ? t('shownOnce.copied') : t('shownOnce.copy')}</Button>
            )}
          </CopyButton>
          <Button variant="secondary" onClick={props.onClose}>
            {t('shownOnce.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
