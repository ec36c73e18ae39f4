// The agent bank-details modal (000 §4.12), its own chunk: agent-bank-prompt.tsx loads it the first
// time the check asks, so the dashboard's first load carries no Modal (issue 38 §3).
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@owo/contract';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** Cannot be dismissed: no close button, no outside click, no Escape. */
export function AgentBankModal(props: { opened: boolean; onAdd: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <Modal
      opened={props.opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      trapFocus
      centered
      size="sm"
      zIndex={450}
      aria-labelledby="agent-bank-title"
    >
      <Stack gap="sm" align="center" ta="center" p="xs" data-testid="agent-bank-prompt">
        <Title order={3} id="agent-bank-title">
          {t('agentBankPrompt.bankDetailsRequired')}
        </Title>
        <Text fz="sm" c="dark.4">
          {messageText(MSG.agentBankPrompt)}
        </Text>
        <Button fullWidth mt="sm" onClick={props.onAdd}>
          {t('agentBankPrompt.addBankDetails')}
        </Button>
      </Stack>
    </Modal>
  );
}
