import { Button, Group, Skeleton, Switch, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { queryClient, useApiMutation } from '../../../lib/query';
import { profileApi, profileKeys, usePreferences, type Preference } from '../api';

/** Per-category email and in-app switches (GET/PUT /me/settings/notifications). */
export function NotificationPreferences() {
  const { t } = useTranslation('accounts');
  const prefs = usePreferences();
  const [draft, setDraft] = useState<Preference[]>([]);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  const save = useApiMutation({
    mutationFn: () =>
      profileApi.savePreferences(draft.map(({ category, email, inApp }) => ({ category, email, inApp }))),
    onSuccess: (res) => queryClient.setQueryData(profileKeys.preferences, res.data.preferences),
  });
  if (prefs.isPending) return <Skeleton h={240} />;
  if (prefs.isError) return <QueryError error={prefs.error} onRetry={() => void prefs.refetch()} />;
  const dirty = JSON.stringify(draft) !== JSON.stringify(prefs.data);
  const toggle = (i: number, key: 'email' | 'inApp', value: boolean) =>
    setDraft((d) => d.map((p, j) => (j === i ? { ...p, [key]: value } : p)));
  return (
    <>
      <Table verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('notifications.category')}</Table.Th>
            <Table.Th w={90} ta="center">
              {t('notifications.email')}
            </Table.Th>
            <Table.Th w={90} ta="center">
              {t('notifications.inApp')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.map((p, i) => (
            <Table.Tr key={p.category}>
              <Table.Td>
                <Text size="sm">{p.label}</Text>
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <Switch
                    aria-label={`${p.label}: ${t('notifications.email')}`}
                    checked={p.email}
                    onChange={(e) => toggle(i, 'email', e.currentTarget.checked)}
                  />
                </Group>
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <Switch
                    aria-label={`${p.label}: ${t('notifications.inApp')}`}
                    checked={p.inApp}
                    onChange={(e) => toggle(i, 'inApp', e.currentTarget.checked)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        {t('notifications.security')}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => save.mutate()} disabled={!dirty} loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </Group>
    </>
  );
}
