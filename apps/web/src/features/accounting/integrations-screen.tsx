import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ACCOUNTING_MSG,
  ACCOUNTING_PROVIDER_NAMES,
  type AccountingProvider,
  type Integration,
  type PostingStatus,
} from '@owo/contract/accounting';
import { StatusBadge } from '../../components/status-badge';
import { ListBody, ListPagination } from '../../components/list';
import { formatDateTime } from '../../lib/format';
import { useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { toastError } from '../../lib/toast';
import {
  accountingApi,
  refreshAccounting,
  startConnect,
  useIntegrations,
  useLocations,
  usePostings,
} from './api';
import { paths } from '../../lib/paths';
import { PageHeader } from '../../components/page-header';

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
  const navigate = useNavigate();
  const canPost = useCan('accountingIntegrations', 'post');
  const canDelete = useCan('accountingIntegrations', 'delete');
  const canTags = useCan('paymentTags', 'post');
  const [confirmSync, setConfirmSync] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  const locations = useLocations();
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
            {canDelete && (
              <Button variant="default" color="red" onClick={() => setConfirmDisconnect(true)}>
                Disconnect
              </Button>
            )}
          </Group>
        </Group>
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
        <Group>
          <Button disabled={!canPost || !i.authTokenValid} onClick={() => setConfirmSync(true)}>
            Sync accounts
          </Button>
          <Button
            variant="light"
            disabled={!canTags || !i.accountsSyncedAt}
            onClick={() => navigate(paths.integrations.importPaymentTags.href())}
          >
            Import payment tags
          </Button>
          <Button
            variant="default"
            disabled={!canPost || !i.authTokenValid}
            loading={syncLocations.isPending}
            onClick={() => syncLocations.mutate()}
          >
            Sync locations
          </Button>
          {i.type === 'sandbox' && i.authTokenValid && (
            <Button variant="subtle" color="gray" loading={expire.isPending} onClick={() => expire.mutate()}>
              Expire sandbox tokens (test)
            </Button>
          )}
        </Group>
        {(locations.data?.length ?? 0) > 0 && (
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
        )}
      </Stack>
      <Modal
        opened={confirmSync}
        onClose={() => setConfirmSync(false)}
        title="Sync chart of accounts"
        centered
      >
        <Stack>
          <Text>{ACCOUNTING_MSG.syncConfirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmSync(false)}>
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
          <Text>
            Disconnect {i.name}? Payments are no longer posted to your books until you connect again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDisconnect(false)}>
              Cancel
            </Button>
            <Button color="red" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
              Disconnect
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function Postings() {
  const [status, setStatus] = useState<PostingStatus | null>(null);
  const [page, setPage] = useState(1);
  const list = usePostings(status, page);
  const canRetry = useCan('accountingIntegrations', 'post');
  const retry = useApiMutation({
    mutationFn: (id: string) => accountingApi.retry(id),
    onSuccess: () => void refreshAccounting(),
  });
  const items = list.data?.data ?? [];
  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={4}>Posted to the books</Title>
          <Select
            aria-label="Posting status"
            w={180}
            clearable
            placeholder="All statuses"
            data={[
              { value: 'posted', label: 'Posted' },
              { value: 'pending', label: 'Pending' },
              { value: 'failed', label: 'Failed' },
            ]}
            value={status}
            onChange={(v) => {
              setStatus(v as PostingStatus | null);
              setPage(1);
            }}
          />
        </Group>
        <ListBody
          query={list}
          isEmpty={!items.length}
          emptyText="Nothing posted yet: paid records appear here."
        >
          <Table.ScrollContainer minWidth={720}>
            <Table data-testid="postings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm" tt="capitalize">
                        {p.record}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <a href={new URL(p.link).pathname}>{p.reference}</a>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {p.document}
                      {p.providerDocumentId ? ` #${p.providerDocumentId}` : ''}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {p.currency} {Number(p.amount).toLocaleString('en-NG', { minimumFractionDigits: 2 })}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={p.status} />
                      {p.lastError && p.status !== 'posted' && (
                        <Text size="xs" c="red" maw={260}>
                          {p.lastError}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDateTime(p.postedAt ?? p.createdAt)}</Table.Td>
                    <Table.Td>
                      {p.status === 'failed' && canRetry && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={retry.isPending}
                          onClick={() => retry.mutate(p.id)}
                        >
                          Retry
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </ListBody>
        {list.error ? <Alert color="red">{(list.error as Error).message}</Alert> : null}
        <ListPagination pagination={list.data?.metadata?.pagination} page={page} onChange={setPage} />
      </Stack>
    </Card>
  );
}
