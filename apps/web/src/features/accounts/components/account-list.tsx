// The user's accounts with their role; choosing one makes it active (PUT /me/accounts/active),
// then permissions and every account-scoped query are loaded again.
import { Badge, Card, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountEntry } from '@owo/contract';
import { EmptyState } from '../../../components/page-states';
import { isApiError } from '../../../lib/api';
import { switchAccount, useAccounts, useActiveAccount } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';

export function AccountList(props: { onSwitched: (entry: AccountEntry) => void }) {
  const { t } = useTranslation('accounts');
  const accounts = useAccounts();
  const active = useActiveAccount();
  const [busy, setBusy] = useState<string | null>(null);
  if (accounts.isPending) return <Loader color="owo" />;
  if (accounts.isError) throw accounts.error;
  if (accounts.data.length === 0) return <EmptyState />;
  const activeId = active.data?.activeAccount?.accountId;

  async function choose(entry: AccountEntry) {
    setBusy(entry.id);
    try {
      const res = await switchAccount(entry);
      toastSuccess(res.message);
      props.onSwitched(entry);
    } catch (e) {
      if (isApiError(e) && e.httpStatus < 500) toastError(e.message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm">
      {accounts.data.map((entry) => {
        const isActive = entry.accountId === activeId;
        return (
          <UnstyledButton
            key={entry.id}
            onClick={() => void choose(entry)}
            disabled={!!busy}
            aria-label={t('switch.choose', { name: entry.account.name })}
          >
            <Card style={{ borderColor: isActive ? 'var(--mantine-color-owo-6)' : undefined }} padding="md">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar name={entry.account.name} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate="end">
                      {entry.account.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`typeName.${entry.account.type}`)} ·{' '}
                      {t(`roles.${entry.role}`, { defaultValue: entry.role })}
                    </Text>
                  </div>
                </Group>
                {busy === entry.id ? (
                  <Loader size="sm" color="owo" />
                ) : (
                  isActive && <Badge variant="light">{t('switch.active')}</Badge>
                )}
              </Group>
            </Card>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

function Avatar({ name }: { name: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <Text
      w={40}
      h={40}
      fw={700}
      c="owo.8"
      bg="owo.0"
      ta="center"
      lh="40px"
      style={{ borderRadius: 10, flexShrink: 0 }}
    >
      {initials || '?'}
    </Text>
  );
}
