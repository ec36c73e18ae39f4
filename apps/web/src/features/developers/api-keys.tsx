import { Badge, Button, Card, Code, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { withinRights, type Resources } from '@owo/contract';
import type { ApiKey, ApiKeyCreated } from '@owo/contract/developers';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/query';
import { useActiveAccount, useCan, useHasSession, useResources } from '../../lib/session';
import { refreshDevelopers, useApiKeys } from './api';
import { ShownOnce } from './shown-once';
import { Trans, useTranslation } from 'react-i18next';

/** The roles a new key may take: those within the creator's own rights, else the creator's own role. */
function useRoleOptions() {
  const roles = useQuery({
    queryKey: ['roles', 'options'],
    queryFn: async () =>
      (
        await api.get<{ slug: string; name: string; resources: Resources }[]>('/role', {
          skipForbiddenPage: true,
        })
      ).data ?? [],
    retry: false,
  });
  const mine = useResources();
  const myRole = useActiveAccount(useHasSession()).data?.activeAccount?.role ?? null;
  // Only roles within the creator's own rights (the API refuses any other with 403 on `role`).
  // Without the roles list (no `roles` permission), the creator's own role is what they can give.
  const listed = (roles.data ?? [])
    .filter((r) => r.slug !== 'owner' && !!mine && withinRights(mine, r.resources))
    .map((r) => ({ value: r.slug, label: r.name }));
  const ownRole = myRole === 'owner' ? 'admin' : myRole;
  const roleOptions = listed.length
    ? listed
    : ownRole
      ? [{ value: ownRole, label: ownRole.charAt(0).toUpperCase() + ownRole.slice(1) }]
      : [];
  return roleOptions;
}

/** The account's API keys: prefix, role, last use, Reset and Revoke. */
function KeysTable(props: {
  keys: ApiKey[] | undefined;
  onReset: (id: string) => void;
  onRevoke: (id: string) => void;
}) {
  const { t } = useTranslation('developers');
  const canReset = useCan('developer', 'put');
  const canRevoke = useCan('developer', 'delete');
  return (
    <Card padding={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('apiKeys.name')}</Table.Th>
            <Table.Th>{t('apiKeys.key')}</Table.Th>
            <Table.Th>{t('apiKeys.role')}</Table.Th>
            <Table.Th>{t('apiKeys.lastUsed')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(props.keys ?? []).map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.name}</Table.Td>
              <Table.Td>
                <Code>{k.prefix}</Code>
              </Table.Td>
              <Table.Td tt="capitalize">{k.role}</Table.Td>
              <Table.Td>
                {k.revokedAt ? (
                  <Badge color="gray">{t('apiKeys.revoked')}</Badge>
                ) : k.lastUsedAt ? (
                  formatDateTime(k.lastUsedAt)
                ) : (
                  t('apiKeys.never')
                )}
              </Table.Td>
              <Table.Td>
                {!k.revokedAt && (
                  <Group gap="xs" justify="flex-end">
                    {canReset && (
                      <Button size="xs" variant="secondary" onClick={() => props.onReset(k.id)}>
                        {t('apiKeys.reset')}
                      </Button>
                    )}
                    {canRevoke && (
                      <Button size="xs" variant="danger" onClick={() => props.onRevoke(k.id)}>
                        {t('apiKeys.revoke')}
                      </Button>
                    )}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {props.keys?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed">{t('apiKeys.noApiKeysYet')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The API keys tab: create a key for a role, reset or revoke one. */
export function ApiKeys() {
  const { t } = useTranslation('developers');
  const keys = useApiKeys();
  const roleOptions = useRoleOptions();
  const canCreate = useCan('developer', 'post');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const create = useApiMutation<ApiKeyCreated>({
    mutationFn: () => api.post<ApiKeyCreated>('/developers/keys', { name, role }),
    onSuccess: (res) => {
      setShown(res.data.key);
      setName('');
      void refreshDevelopers();
    },
  });
  const reset = useApiMutation<ApiKeyCreated, string>({
    mutationFn: (id) => api.post<ApiKeyCreated>(`/developers/keys/${id}/reset`),
    onSuccess: (res) => {
      setShown(res.data.key);
      void refreshDevelopers();
    },
  });
  const revoke = useApiMutation<unknown, string>({
    mutationFn: (id) => api.delete(`/developers/keys/${id}`),
    onSuccess: () => void refreshDevelopers(),
  });
  const role = roleOptions.some((o) => o.value === picked) ? picked : (roleOptions[0]?.value ?? null);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        <Trans
          t={t}
          i18nKey="apiKeys.sendAKeyAs"
          values={{ header: t('apiKeys.authorizationBearerSk') }}
          components={{ code: <Code /> }}
        />
      </Text>
      {canCreate && (
        <Group align="flex-end">
          <TextInput
            label={t('apiKeys.keyName')}
            placeholder={t('apiKeys.eGErpSync')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label={t('apiKeys.role')}
            w={200}
            value={role}
            onChange={setPicked}
            data={roleOptions}
            allowDeselect={false}
            description={t('apiKeys.onlyRolesWithinYourOwn')}
          />
          <Button disabled={!name.trim() || !role} loading={create.isPending} onClick={() => create.mutate()}>
            {t('apiKeys.createKey')}
          </Button>
        </Group>
      )}
      <KeysTable keys={keys.data} onReset={(id) => reset.mutate(id)} onRevoke={(id) => revoke.mutate(id)} />
      <ShownOnce title={t('apiKeys.yourNewApiKey')} value={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}
