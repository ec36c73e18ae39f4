import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { copyText, downloadText } from './copy';

/** The 10 recovery codes, shown once: copy, download, then confirm they are saved. */
export function RecoveryCodes(props: { codes: string[]; email?: string; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const text = props.codes.join('\n');
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={t('security.codesTitle')}>
        {t('security.codesText')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="recovery-codes">
        {props.codes.map((c) => (
          <Code key={c} fz="md" p="xs" ta="center">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="secondary" onClick={() => void copyText(text)}>
          {t('security.copyCodes')}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            downloadText(
              'owo-recovery-codes.txt',
              `Owo recovery codes${props.email ? ` for ${props.email}` : ''}\n\n${text}\n`,
            )
          }
        >
          {t('security.downloadCodes')}
        </Button>
        <Button onClick={props.onDone}>{t('security.codesSaved')}</Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('security.codesOnce')}
      </Text>
    </Stack>
  );
}
