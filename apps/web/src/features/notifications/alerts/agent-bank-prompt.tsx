// Agent bank-details prompt (000 §4.12): when GET /agents/self/check-bank-details says
// shouldAskVerification, a modal the agent cannot dismiss (no close button, no outside click, no
// Escape) sends them to add a bank account. The modal loads with the first answer that asks.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api';
import { paths } from '../../../lib/paths';

const AgentBankModal = lazy(async () => ({
  default: (await import('./agent-bank-modal')).AgentBankModal,
}));

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
  // Mounted from the first time it opens, then kept (its close transition plays).
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AgentBankModal opened={opened} onAdd={() => navigate(bankPath)} />
    </Suspense>
  ) : null;
}
