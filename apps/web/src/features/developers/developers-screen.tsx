import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { withinRights, type Resources } from '@owo/contract';
import { WEBHOOK_EVENTS, type ApiKeyCreated, type Webhook } from '@owo/contract/developers';
import { StatusBadge } from '../../components/status-badge';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/query';
import { useActiveAccount, useCan, useHasSession, useResources } from '../../lib/session';
import { refreshDevelopers, useApiKeys, useDeliveries, useWebhooks } from './api';
import { SIGNATURE_SAMPLES, WEBHOOK_EVENT_CATALOGUE } from './samples';
import { PageHeader } from '../../components/page-header';

/** /settings/developers (002 §2): API keys, webhooks and signature samples. */
export function DevelopersScreen() {
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="Developers"
        description="Call the Owo API from your own systems and receive signed events."
      />
      <Tabs defaultValue="keys" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="keys">API keys</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
          <Tabs.Tab value="samples">Verify signatures</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="keys" pt="md">
          <ApiKeys />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <Webhooks />
        </Tabs.Panel>
        <Tabs.Panel value="samples" pt="md">
          <Samples />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ShownOnce(props: { title: string; value: string | null; onClose: () => void }) {
  return (
    <Modal opened={!!props.value} onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        <Alert color="yellow">Copy it now: it will not be shown again.</Alert>
        <Code block data-testid="shown-once">
          {props.value}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={props.value ?? ''}>
            {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
          </CopyButton>
          <Button variant="default" onClick={props.onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ApiKeys() {
  const keys = useApiKeys();
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
  const canCreate = useCan('developer', 'post');
  const canReset = useCan('developer', 'put');
  const canRevoke = useCan('developer', 'delete');
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
  const role = roleOptions.some((o) => o.value === picked) ? picked : (roleOptions[0]?.value ?? null);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Send a key as <Code>Authorization: Bearer sk_…</Code>. It acts in this account with the permissions of
        its role, never beyond those its creator holds at the time of each call: if your role changes, your
        keys change with it, and they stop if you leave the account.
      </Text>
      {canCreate && (
        <Group align="flex-end">
          <TextInput
            label="Key name"
            placeholder="e.g. ERP sync"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label="Role"
            w={200}
            value={role}
            onChange={setPicked}
            data={roleOptions}
            allowDeselect={false}
            description="Only roles within your own permissions"
          />
          <Button disabled={!name.trim() || !role} loading={create.isPending} onClick={() => create.mutate()}>
            Create key
          </Button>
        </Group>
      )}
      <Card padding={0}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(keys.data ?? []).map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>
                  <Code>{k.prefix}</Code>
                </Table.Td>
                <Table.Td tt="capitalize">{k.role}</Table.Td>
                <Table.Td>
                  {k.revokedAt ? (
                    <Badge color="gray">Revoked</Badge>
                  ) : k.lastUsedAt ? (
                    formatDateTime(k.lastUsedAt)
                  ) : (
                    'Never'
                  )}
                </Table.Td>
                <Table.Td>
                  {!k.revokedAt && (
                    <Group gap="xs" justify="flex-end">
                      {canReset && (
                        <Button size="xs" variant="default" onClick={() => reset.mutate(k.id)}>
                          Reset
                        </Button>
                      )}
                      {canRevoke && (
                        <Button size="xs" color="red" variant="light" onClick={() => revoke.mutate(k.id)}>
                          Revoke
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {keys.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">No API keys yet</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Card>
      <ShownOnce title="Your new API key" value={shown} onClose={() => setShown(null)} />
    </Stack>
  );
}

function Webhooks() {
  const hooks = useWebhooks();
  const canCreate = useCan('developerWebhooks', 'post');
  const canDelete = useCan('developerWebhooks', 'delete');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['transaction']);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const create = useApiMutation<Webhook & { secret: string }>({
    mutationFn: () => api.post<Webhook & { secret: string }>('/developers/webhooks', { url, events }),
    onSuccess: (res) => {
      setSecret(res.data.secret);
      setUrl('');
      void refreshDevelopers();
    },
  });
  const test = useApiMutation<unknown, string>({
    mutationFn: (id) => api.post(`/developers/webhooks/${id}/test`),
    onSuccess: () => void refreshDevelopers(),
  });
  const remove = useApiMutation<unknown, string>({
    mutationFn: (id) => api.delete(`/developers/webhooks/${id}`),
    onSuccess: () => void refreshDevelopers(),
  });
  return (
    <Stack>
      {canCreate && (
        <Card>
          <Stack gap="sm">
            <TextInput
              label="Endpoint URL"
              placeholder="https://example.com/owo/webhooks"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={create.error?.errors?.url?.[0]}
            />
            <Checkbox.Group
              label="Events"
              value={events}
              onChange={setEvents}
              error={create.error?.errors?.events?.[0]}
            >
              <Group mt="xs">
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={e} tt="capitalize" />
                ))}
              </Group>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button disabled={!url.trim()} loading={create.isPending} onClick={() => create.mutate()}>
                Add endpoint
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <Card padding={0}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>URL</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(hooks.data ?? []).map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {h.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {h.events.map((e) => (
                      <Badge key={e} variant="light">
                        {e}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {canCreate && (
                      <Button size="xs" variant="default" onClick={() => test.mutate(h.id)}>
                        Send test event
                      </Button>
                    )}
                    <Button size="xs" variant="default" onClick={() => setLogOf(h)}>
                      Deliveries
                    </Button>
                    {canDelete && (
                      <Button size="xs" color="red" variant="light" onClick={() => remove.mutate(h.id)}>
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {hooks.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed">No webhook endpoints yet</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Card>
      <ShownOnce title="Signing secret" value={secret} onClose={() => setSecret(null)} />
      <DeliveriesModal hook={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}

function DeliveriesModal(props: { hook: Webhook | null; onClose: () => void }) {
  const log = useDeliveries(props.hook?.id ?? null);
  const canReplay = useCan('developerWebhooks', 'post');
  const replay = useApiMutation<unknown, string>({
    mutationFn: (deliveryId) =>
      api.post(`/developers/webhooks/${props.hook!.id}/deliveries/${deliveryId}/replay`),
    onSuccess: () => void refreshDevelopers(),
  });
  return (
    <Modal opened={!!props.hook} onClose={props.onClose} title="Deliveries" size="xl">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last answer</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(log.data ?? []).map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
              <Table.Td>{d.event}</Table.Td>
              <Table.Td>
                <StatusBadge status={d.status} />
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>{d.lastError ?? d.lastStatusCode ?? '—'}</Table.Td>
              <Table.Td>
                {canReplay && d.status !== 'pending' && (
                  <Button size="xs" variant="default" onClick={() => replay.mutate(d.id)}>
                    Replay
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {log.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">No deliveries yet</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

function Samples() {
  return (
    <Stack>
      <Text size="sm">
        Each delivery is a POST with a JSON body and two headers: <Code>x-owo-timestamp</Code> (Unix seconds)
        and <Code>x-owo-signature</Code> = <Code>v1=</Code> + hex HMAC-SHA512 of{' '}
        <Code>{'<timestamp>.<raw body>'}</Code> under the endpoint’s signing secret. Refuse timestamps more
        than 5 minutes away, and answer 2xx once handled: anything else is retried with backoff for 72 hours.
      </Text>
      <Text size="sm">
        Every event’s <Code>data</Code> carries <Code>id</Code>, <Code>reference</Code>, <Code>status</Code>,{' '}
        <Code>amount</Code> (a decimal string) with <Code>amountMinor</Code>, <Code>currency</Code> and{' '}
        <Code>occurredAt</Code>. No secret or full bank account number is ever sent.
      </Text>
      <Table aria-label="Webhook events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Statuses</Table.Th>
            <Table.Th>Also in data</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WEBHOOK_EVENT_CATALOGUE.map((e) => (
            <Table.Tr key={e.event}>
              <Table.Td>
                <Code>{e.event}</Code>
              </Table.Td>
              <Table.Td>{e.statuses}</Table.Td>
              <Table.Td>{e.extra}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {SIGNATURE_SAMPLES.map((s) => (
        <Card key={s.lang}>
          <Text fw={700} mb="xs">
            {s.lang}
          </Text>
          <Code block>{s.code}</Code>
        </Card>
      ))}
    </Stack>
  );
}
