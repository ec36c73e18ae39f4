import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ACCOUNTING_MSG,
  ACCOUNTING_PROVIDER_NAMES,
  type AccountingProvider,
  type Integration,
} from '@owo/contract/accounting';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { toastError } from '../../lib/toast';
import { accountingApi, refreshAccounting, startConnect, useIntegrations, useLocations } from './api';
import { paths } from '../../lib/paths';
import { PageHeader } from '../../components/page-header';
import { Postings } from './postings-card';

/** /settings/integrations (001 §2): connect the books, sync, locations, and what was posted. */
export function IntegrationsScreen() {
  const integrations = useIntegrations();
  const current = integrations.data?.[0] ?? null;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title="Integrations"
        description={
          <>
            Connect your accounting software: paid expenses, bills, payouts and payroll are posted to your
            books.
          </>
        }
      />
      {integrations.isLoading ? null : current ? <Connected integration={current} /> : <Connect />}
      {current && <Postings />}
    </Stack>
  );
}

function Connect() {
  const can = useCan('accountingIntegrations', 'post');
  const [busy, setBusy] = useState<AccountingProvider | null>(null);
  const go = async (type: AccountingProvider) => {
    setBusy(type);
    try {
      await startConnect(type, '/settings/integrations');
    } catch (e) {
      toastError((e as Error).message);
      setBusy(null);
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {(['sandbox', 'quickbooks'] as const).map((p) => (
        <Card key={p} withBorder>
          <Stack>
            <Title order={4}>{ACCOUNTING_PROVIDER_NAMES[p]}</Title>
            <Text size="sm" c="dimmed">
              {p === 'sandbox'
                ? 'Practice books with a ready chart of accounts: try the whole flow without an accounting account.'
                : 'Post to your QuickBooks Online company.'}
            </Text>
            <Group>
              <Button disabled={!can} loading={busy === p} onClick={() => void go(p)}>
                Connect {ACCOUNTING_PROVIDER_NAMES[p]}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Connected({ integration: i }: { integration: Integration }) {
  const actions = useConnectedActions();
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Group>
            <Title order={4}>{i.name}</Title>
            <Badge color={i.authTokenValid ? 'green' : 'red'} data-testid="integration-status">
              {i.authTokenValid ? 'Connected' : 'Access expired'}
            </Badge>
          </Group>
          <Group>
            {!i.authTokenValid && (
              <Button onClick={() => void startConnect(i.type, '/settings/integrations')}>
                {ACCOUNTING_MSG.revalidate}
              </Button>
            )}
            {actions.canDelete && (
              <Button variant="danger" onClick={() => actions.setConfirmDisconnect(true)}>
                Disconnect
              </Button>
            )}
          </Group>
        </Group>
        <ConnectionFacts integration={i} />
        <ConnectedButtons integration={i} actions={actions} />
        <LocationBadges />
      </Stack>
      <ConnectedConfirmModals name={i.name} actions={actions} />
    </Card>
  );
}

/** The connected card's state and mutations: the two confirmations, sync, locations, disconnect, expire. */
function useConnectedActions() {
  const canPost = useCan('accountingIntegrations', 'post');
  const canDelete = useCan('accountingIntegrations', 'delete');
  const canTags = useCan('paymentTags', 'post');
  const [confirmSync, setConfirmSync] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const sync = useApiMutation({
    mutationFn: () => accountingApi.syncAccounts(),
    onSuccess: () => {
      setConfirmSync(false);
      void refreshAccounting();
    },
  });
  const syncLocations = useApiMutation({
    mutationFn: () => accountingApi.syncLocations(),
    onSuccess: () => void refreshAccounting(),
  });
  const disconnect = useApiMutation({
    mutationFn: () => accountingApi.disconnect(),
    onSuccess: () => {
      setConfirmDisconnect(false);
      void refreshAccounting();
    },
  });
  const expire = useApiMutation({
    mutationFn: () => accountingApi.sandboxExpire(),
    onSuccess: () => void refreshAccounting(),
  });
  return {
    canPost,
    canDelete,
    canTags,
    confirmSync,
    setConfirmSync,
    confirmDisconnect,
    setConfirmDisconnect,
    sync,
    syncLocations,
    disconnect,
    expire,
  };
}

type ConnectedActions = ReturnType<typeof useConnectedActions>;

function ConnectionFacts({ integration: i }: { integration: Integration }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <div>
        <Text size="xs" c="dimmed">
          Company (realm)
        </Text>
        <Text>{i.realmId}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Connected
        </Text>
        <Text>{formatDateTime(i.connectedAt)}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Chart of accounts synced
        </Text>
        <Text>{i.accountsSyncedAt ? formatDateTime(i.accountsSyncedAt) : 'Never'}</Text>
      </div>
    </SimpleGrid>
  );
}

function ConnectedButtons({
  integration: i,
  actions,
}: {
  integration: Integration;
  actions: ConnectedActions;
}) {
  const navigate = useNavigate();
  const { canPost, canTags, syncLocations, expire } = actions;
  return (
    <Group>
      <Button disabled={!canPost || !i.authTokenValid} onClick={() => actions.setConfirmSync(true)}>
        Sync accounts
      </Button>
      <Button
        variant="secondary"
        disabled={!canTags || !i.accountsSyncedAt}
        onClick={() => navigate(paths.integrations.importPaymentTags.href())}
      >
        Import payment tags
      </Button>
      <Button
        variant="secondary"
        disabled={!canPost || !i.authTokenValid}
        loading={syncLocations.isPending}
        onClick={() => syncLocations.mutate()}
      >
        Sync locations
      </Button>
      {i.type === 'sandbox' && i.authTokenValid && (
        <Button variant="subtle" loading={expire.isPending} onClick={() => expire.mutate()}>
          Expire sandbox tokens (test)
        </Button>
      )}
    </Group>
  );
}

function LocationBadges() {
  const locations = useLocations();
  if (!((locations.data?.length ?? 0) > 0)) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        Locations
      </Text>
      <Group gap="xs">
        {locations.data!.map((l) => (
          <Badge key={l.id} variant="light">
            {l.name}
          </Badge>
        ))}
      </Group>
    </div>
  );
}

function ConnectedConfirmModals({ name, actions }: { name: string; actions: ConnectedActions }) {
  const { confirmSync, setConfirmSync, confirmDisconnect, setConfirmDisconnect, sync, disconnect } = actions;
  return (
    <>
      <Modal
        opened={confirmSync}
        onClose={() => setConfirmSync(false)}
        title="Sync chart of accounts"
        centered
      >
        <Stack>
          <Text>{ACCOUNTING_MSG.syncConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="secondary" onClick={() => setConfirmSync(false)}>
              Cancel
            </Button>
            <Button loading={sync.isPending} onClick={() => sync.mutate()}>
              Sync
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirmDisconnect}
        onClose={() => setConfirmDisconnect(false)}
        title="Disconnect"
        centered
      >
        <Stack>
          <Text>Disconnect {name}? Payments are no longer posted to your books until you connect again.</Text>
          <Group justify="flex-end">
            <Button variant="secondary" onClick={() => setConfirmDisconnect(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
              Disconnect
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
