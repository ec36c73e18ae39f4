import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ACCOUNTING_MSG, type AuthStatus } from '@owo/contract/accounting';
import { accountingApi, startConnect } from './api';
import { messageText } from '../../lib/messages';

/**
 * 001 §4 / 002 §4: before expense submit and payroll creation, check the accounting authorisation.
 * Expired: the modal 'Access to the following integration has expired...' with Continue without
 * Sync (goes on) and Revalidate Access (the consent again, back to this page). The check itself
 * failing (provider down, network) goes on without a word.
 */
export function useAccountingAuthCheck(): {
  check: (proceed: () => void) => Promise<void>;
  modal: ReactNode;
  checking: boolean;
} {
  const location = useLocation();
  const [expired, setExpired] = useState<AuthStatus | null>(null);
  const [checking, setChecking] = useState(false);
  const [revalidating, setRevalidating] = useState(false);
  const pending = useRef<(() => void) | null>(null);

  const check = useCallback(async (proceed: () => void) => {
    setChecking(true);
    let status: AuthStatus | null = null;
    try {
      status = (await accountingApi.status()).data;
    } catch {
      status = null; // the check failed: submit goes on
    } finally {
      setChecking(false);
    }
    if (status?.connected && status.enabled && !status.authTokenValid) {
      pending.current = proceed;
      setExpired(status);
      return;
    }
    proceed();
  }, []);

  const modal = (
    <Modal
      opened={!!expired}
      onClose={() => setExpired(null)}
      title={messageText(ACCOUNTING_MSG.expiredTitle)}
      size="md"
      centered
    >
      <Stack>
        <Text>{messageText(ACCOUNTING_MSG.expired)}</Text>
        {expired?.name && (
          <Text fw={600} data-testid="expired-integration">
            {expired.name}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            variant="secondary"
            onClick={() => {
              setExpired(null);
              pending.current?.();
            }}
          >
            {messageText(ACCOUNTING_MSG.continueWithoutSync)}
          </Button>
          <Button
            loading={revalidating}
            onClick={async () => {
              if (!expired?.type) return;
              setRevalidating(true);
              try {
                await startConnect(expired.type, `${location.pathname}${location.search}`);
              } finally {
                setRevalidating(false);
              }
            }}
          >
            {messageText(ACCOUNTING_MSG.revalidate)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { check, modal, checking };
}
