import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedBankAccount } from '@owo/contract';
import { EmptyState } from '../../../components/page-states';
import { QueryError } from '../../../components/query-error';
import { useApiMutation } from '../../../lib/query';
import { profileApi, useBankAccounts } from '../api';

/** The user's saved bank accounts, each removable after a confirmation. */
export function BankAccountsList() {
  const { t } = useTranslation('accounts');
  const list = useBankAccounts();
  const [removing, setRemoving] = useState<SavedBankAccount | null>(null);
  const remove = useApiMutation({
    mutationFn: (id: string) => profileApi.deleteBankAccount(id),
    onSuccess: () => {
      setRemoving(null);
      void list.refetch();
    },
  });
  if (list.isPending)
    return (
      <Text c="dimmed" size="sm">
        {t('bank.loading')}
      </Text>
    );
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState />;
  return (
    <Stack gap="sm">
      {list.data.map((a) => (
        <Card key={a.id} padding="md" data-testid="bank-account">
          <Group justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} truncate="end">
                  {a.accountName}
                </Text>
                {a.isDefault && (
                  <Badge size="xs" variant="light">
                    {t('bank.default')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {a.bankName} · {a.accountNumber}
              </Text>
            </div>
            <Button variant="danger" size="xs" onClick={() => setRemoving(a)}>
              {t('bank.remove')}
            </Button>
          </Group>
        </Card>
      ))}
      <Modal opened={!!removing} onClose={() => setRemoving(null)} title={t('bank.removeTitle')} centered>
        <Text size="sm">
          {t('bank.removeText', {
            name: removing?.accountName,
            bank: removing?.bankName,
            number: removing?.accountNumber,
          })}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => removing && remove.mutate(removing.id)}
          >
            {t('bank.remove')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
