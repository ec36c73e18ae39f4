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
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';

/** /settings/integrations (001 §2): connect the books, sync, locations, and what was posted. */
export function IntegrationsScreen() {
  const { t } = useTranslation('accounting');
  const integrations = useIntegrations();
  const current = integrations.data?.[0] ?? null;
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('integrationsScreen.integrations')}
        description={<>{t('integrationsScreen.connectYourAccountingSoftwarePaid')}</>}
      />
      {integrations.isLoading ? null : current ? <Connected integration={current} /> : <Connect />}
      {current && <Postings />}
    </Stack>
  );
}

function Connect() {
  const { t } = useTranslation('accounting');
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
                ? t('integrationsScreen.practiceBooksWithAReady')
                : t('integrationsScreen.postToYourQuickbooksOnline')}
            </Text>
            <Group>
              <Button disabled={!can} loading={busy === p} onClick={() => void go(p)}>
                {t('integrationsScreen.connect', { value: ACCOUNTING_PROVIDER_NAMES[p] })}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Connected({ integration: i }: { integration: Integration }) {
  const { t } = useTranslation('accounting');
  const actions = useConnectedActions();
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Group>
            <Title order={4}>{i.name}</Title>
            <Badge color={i.authTokenValid ? 'green' : 'red'} data-testid="integration-status">
              {i.authTokenValid ? t('integrationsScreen.connected') : t('integrationsScreen.accessExpired')}
            </Badge>
          </Group>
          <Group>
            {!i.authTokenValid && (
              <Button onClick={() => void startConnect(i.type, '/settings/integrations')}>
                {messageText(ACCOUNTING_MSG.revalidate)}
              </Button>
            )}
            {actions.canDelete && (
              <Button variant="danger" onClick={() => actions.setConfirmDisconnect(true)}>
                {t('integrationsScreen.disconnect')}
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
  const { t } = useTranslation('accounting');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <div>
        <Text size="xs" c="dimmed">
          {t('integrationsScreen.companyRealm')}
        </Text>
        <Text>{i.realmId}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          {t('integrationsScreen.connected')}
        </Text>
        <Text>{formatDateTime(i.connectedAt)}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          {t('integrationsScreen.chartOfAccountsSynced')}
        </Text>
        <Text>{i.accountsSyncedAt ? formatDateTime(i.accountsSyncedAt) : t('integrationsScreen.never')}</Text>
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
  const { t } = useTranslation('accounting');
  const navigate = useNavigate();
  const { canPost, canTags, syncLocations, expire } = actions;
  return (
    <Group>
      <Button disabled={!canPost || !i.authTokenValid} onClick={() => actions.setConfirmSync(true)}>
        {t('integrationsScreen.syncAccounts')}
      </Button>
      <Button
        variant="secondary"
        disabled={!canTags || !i.accountsSyncedAt}
        onClick={() => navigate(paths.integrations.importPaymentTags.href())}
      >
        {t('integrationsScreen.importPaymentTags')}
      </Button>
      <Button
        variant="secondary"
        disabled={!canPost || !i.authTokenValid}
        loading={syncLocations.isPending}
        onClick={() => syncLocations.mutate()}
      >
        {t('integrationsScreen.syncLocations')}
      </Button>
      {i.type === 'sandbox' && i.authTokenValid && (
        <Button variant="subtle" loading={expire.isPending} onClick={() => expire.mutate()}>
          {t('integrationsScreen.expireSandboxTokensTest')}
        </Button>
      )}
    </Group>
  );
}

function LocationBadges() {
  const { t } = useTranslation('accounting');
  const locations = useLocations();
  if (!((locations.data?.length ?? 0) > 0)) return null;
  return (
    <div>
      <Text size="sm" fw={600}>
        {t('integrationsScreen.locations')}
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
  const { t } = useTranslation('accounting');
  const { confirmSync, setConfirmSync, confirmDisconnect, setConfirmDisconnect, sync, disconnect } = actions;
  return (
    <>
      <Modal
        opened={confirmSync}
        onClose={() => setConfirmSync(false)}
        title={t('integrationsScreen.syncChartOfAccounts')}
        centered
      >
        <Stack>
          <Text>{messageText(ACCOUNTING_MSG.syncConfirm)}</Text>
          <Group justify="flex-end">
            <Button variant="secondary" onClick={() => setConfirmSync(false)}>
              {t('integrationsScreen.cancel')}
            </Button>
            <Button loading={sync.isPending} onClick={() => sync.mutate()}>
              {t('integrationsScreen.sync')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={confirmDisconnect}
        onClose={() => setConfirmDisconnect(false)}
        title={t('integrationsScreen.disconnect')}
        centered
      >
        <Stack>
          <Text>{t('integrationsScreen.disconnectPaymentsAreNoLonger', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="secondary" onClick={() => setConfirmDisconnect(false)}>
              {t('integrationsScreen.cancel')}
            </Button>
            <Button variant="danger" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
              {t('integrationsScreen.disconnect')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
