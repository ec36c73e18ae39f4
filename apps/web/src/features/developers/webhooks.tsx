import { Badge, Button, Card, Checkbox, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { WEBHOOK_EVENTS, type Webhook } from '@owo/contract/developers';
import { StatusBadge } from '../../components/status-badge';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { refreshDevelopers, useDeliveries, useWebhooks } from './api';
import { ShownOnce } from './shown-once';
import { useTranslation } from 'react-i18next';

/** The new endpoint's URL and events, and Add endpoint. */
function NewEndpointCard(props: {
  url: string;
  setUrl: (url: string) => void;
  events: string[];
  setEvents: (events: string[]) => void;
  create: ReturnType<typeof useApiMutation<Webhook & { secret: string }>>;
}) {
  const { t } = useTranslation('developers');
  const { url, setUrl, events, setEvents, create } = props;
  return (
    <Card>
      <Stack gap="sm">
        <TextInput
          label={t('webhooks.endpointUrl')}
          placeholder={t('webhooks.httpsExampleComOwoWebhooks')}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={create.error?.errors?.url?.[0]}
        />
        <Checkbox.Group
          label={t('webhooks.events')}
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
            {t('webhooks.addEndpoint')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The endpoints: URL, events, Send test event, Deliveries and Delete. */
function HooksTable(props: {
  hooks: Webhook[] | undefined;
  onTest: (id: string) => void;
  onLog: (hook: Webhook) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('developers');
  const canCreate = useCan('developerWebhooks', 'post');
  const canDelete = useCan('developerWebhooks', 'delete');
  return (
    <Card padding={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.url')}</Table.Th>
            <Table.Th>{t('webhooks.events')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(props.hooks ?? []).map((h) => (
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
                    <Button size="xs" variant="secondary" onClick={() => props.onTest(h.id)}>
                      {t('webhooks.sendTestEvent')}
                    </Button>
                  )}
                  <Button size="xs" variant="secondary" onClick={() => props.onLog(h)}>
                    {t('webhooks.deliveries')}
                  </Button>
                  {canDelete && (
                    <Button size="xs" variant="danger" onClick={() => props.onRemove(h.id)}>
                      {t('webhooks.delete')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {props.hooks?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text c="dimmed">{t('webhooks.noWebhookEndpointsYet')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The webhooks tab: endpoints, test events, their deliveries and signing secrets. */
export function Webhooks() {
  const { t } = useTranslation('developers');
  const hooks = useWebhooks();
  const canCreate = useCan('developerWebhooks', 'post');
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
        <NewEndpointCard url={url} setUrl={setUrl} events={events} setEvents={setEvents} create={create} />
      )}
      <HooksTable
        hooks={hooks.data}
        onTest={(id) => test.mutate(id)}
        onLog={setLogOf}
        onRemove={(id) => remove.mutate(id)}
      />
      <ShownOnce title={t('webhooks.signingSecret')} value={secret} onClose={() => setSecret(null)} />
      <DeliveriesModal hook={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}

function DeliveriesModal(props: { hook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const log = useDeliveries(props.hook?.id ?? null);
  const canReplay = useCan('developerWebhooks', 'post');
  const replay = useApiMutation<unknown, string>({
    mutationFn: (deliveryId) =>
      api.post(`/developers/webhooks/${props.hook!.id}/deliveries/${deliveryId}/replay`),
    onSuccess: () => void refreshDevelopers(),
  });
  return (
    <Modal opened={!!props.hook} onClose={props.onClose} title={t('webhooks.deliveries')} size="xl">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('webhooks.date')}</Table.Th>
            <Table.Th>{t('webhooks.event')}</Table.Th>
            <Table.Th>{t('webhooks.status')}</Table.Th>
            <Table.Th>{t('webhooks.attempts')}</Table.Th>
            <Table.Th>{t('webhooks.lastAnswer')}</Table.Th>
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
                  <Button size="xs" variant="secondary" onClick={() => replay.mutate(d.id)}>
                    {t('webhooks.replay')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {log.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">{t('webhooks.noDeliveriesYet')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
