// Agent bank-details prompt (000 §4.12): when GET /agents/self/check-bank-details says
// shouldAskVerification, a modal the agent cannot dismiss (no close button, no outside click, no
// Escape) sends them to add a bank account.
import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@owo/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

export const agentBankCheckKey = ['agents', 'self', 'check-bank-details'] as const;

export function useAgentBankCheck(enabled = true) {
  return useQuery({
    queryKey: agentBankCheckKey,
    enabled,
    queryFn: async () =>
      (
        await api.get<{ shouldAskVerification: boolean }>('/agents/self/check-bank-details', {
          skipForbiddenPage: true,
        })
      ).data,
  });
}

export function AgentBankPrompt() {
  const { t } = useTranslation('notifications');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const bankPath = paths.profile.bankDetails.path;
  const onBankPage = pathname === bankPath;
  const { data, refetch } = useAgentBankCheck();
  // Leaving the bank form: ask again, so a saved account lifts the prompt at once.
  useEffect(() => {
    if (!onBankPage) void refetch();
  }, [onBankPage, refetch]);
  const opened = !!data?.shouldAskVerification && !onBankPage;
  return (
    <Modal
      opened={opened}
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
          {MSG.agentBankPrompt}
        </Text>
        <Button fullWidth mt="sm" onClick={() => navigate(bankPath)}>
          {t('agentBankPrompt.addBankDetails')}
        </Button>
      </Stack>
    </Modal>
  );
}
