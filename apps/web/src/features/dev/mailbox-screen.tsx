// /dev/mailbox: every mail the app wrote while no SMTP server is configured, newest first
// (ARCHITECTURE §3 Mail). The API does not register the route in production, so a 404 here
// means "production": the page says so. Links carry stable test ids for the E2E suite
// (mail-link-0, mail-link-1, ... of the open mail).
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Grid,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MailboxItem } from '@owo/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, isApiError } from '../../lib/api';
import { formatDateTime, formatRelative } from '../../lib/format';
import { PageHeader } from '../../components/page-header';
import { ListBody, ListPagination } from '../../components/list';
import { useTranslation } from 'react-i18next';

const LIMIT = 20;

function useMailbox(to: string, page: number) {
  return useQuery({
    queryKey: ['dev', 'mailbox', to, page],
    queryFn: async () => {
      const res = await api.get<MailboxItem[]>('/dev/mailbox', {
        query: { to: to || undefined, page, limit: LIMIT },
        skipAuthHandling: true,
        skipForbiddenPage: true,
      });
      return {
        items: res.data ?? [],
        totalPages: res.metadata?.pagination?.totalPages ?? 1,
        totalItems: res.metadata?.pagination?.totalItems ?? 0,
      };
    },
    refetchInterval: 5000,
  });
}

function MailView({ mail }: { mail: MailboxItem }) {
  const { t } = useTranslation('dev');
  return (
    <Card data-testid="mail-view">
      <Stack gap="xs">
        <Title order={3} fz="lg" data-testid="mail-subject">
          {mail.subject}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('mailboxScreen.to', { to: mail.to, date: formatDateTime(mail.createdAt) })}
        </Text>
        {mail.links.length > 0 && (
          <Stack gap={4} mt="sm">
            <Text fz="sm" fw={600}>
              {t('mailboxScreen.links')}
            </Text>
            {mail.links.map((href, i) => (
              <Anchor
                key={href}
                href={href}
                data-testid={`mail-link-${i}`}
                fz="sm"
                style={{ wordBreak: 'break-all' }}
              >
                {href}
              </Anchor>
            ))}
          </Stack>
        )}
        <Box mt="sm" p="md" bg="gray.0" style={{ borderRadius: 8 }}>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-text">
            {mail.text}
          </Text>
        </Box>
      </Stack>
    </Card>
  );
}

/** One mail in the list: subject, when, recipient and its state when not sent. */
function MailItem({ m, selected, onOpen }: { m: MailboxItem; selected: boolean; onOpen: () => void }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p="sm"
      data-testid="mailbox-item"
      data-subject={m.subject}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-2)',
        background: selected ? 'var(--mantine-color-owo-0)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" fw={600} lineClamp={1}>
          {m.subject}
        </Text>
        <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatRelative(m.createdAt)}
        </Text>
      </Group>
      <Group gap={6} mt={2}>
        <Text fz="xs" c="dimmed">
          {m.to}
        </Text>
        {m.state !== 'sent' && (
          <Badge size="xs" variant="light" color="gray">
            {m.state}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** Production: the API has no mailbox route. */
function MailboxUnavailable() {
  const { t } = useTranslation('dev');
  return (
    <Center mih="60vh">
      <Alert color="gray" title={t('mailboxScreen.mailboxUnavailable')} data-testid="mailbox-unavailable">
        {t('mailboxScreen.theDevMailboxIsOnly')}
      </Alert>
    </Center>
  );
}

export function MailboxScreen() {
  const { t } = useTranslation('dev');
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const box = useMailbox(to, page);
  const open = box.data?.items.find((m) => m.id === openId) ?? box.data?.items[0];

  const search = (e: React.FormEvent) => {
    e.preventDefault();
    setPage(1);
    setOpenId(null);
    setParams(draft.trim() ? { to: draft.trim().toLowerCase() } : {});
  };

  if (box.error && isApiError(box.error) && box.error.httpStatus === 404) {
    return <MailboxUnavailable />;
  }

  return (
    <Box p={{ base: 'md', sm: 'xl' }} maw={1200} mx="auto">
      <PageHeader
        title={t('mailboxScreen.devMailbox')}
        description={t('mailboxScreen.mailKeptInTheOutbox')}
        actions={
          <form onSubmit={search}>
            <Group gap="xs">
              <TextInput
                placeholder={t('mailboxScreen.recipientEmail')}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                aria-label={t('mailboxScreen.recipientEmail')}
                data-testid="mailbox-search"
                w={260}
              />
              <Button type="submit" data-testid="mailbox-search-submit">
                {t('mailboxScreen.search')}
              </Button>
            </Group>
          </form>
        }
      />
      <ListBody
        query={box}
        isEmpty={!box.data?.items.length}
        showForbidden
        empty={
          <Text c="dimmed" ta="center" py="xl" data-testid="mailbox-empty">
            {to ? t('mailboxScreen.noMailForYet', { to }) : t('mailboxScreen.noMailYet')}
          </Text>
        }
      >
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card padding={0}>
              <ScrollArea.Autosize mah="70vh">
                {box.data?.items.map((m) => (
                  <MailItem key={m.id} m={m} selected={open?.id === m.id} onOpen={() => setOpenId(m.id)} />
                ))}
              </ScrollArea.Autosize>
            </Card>
            <ListPagination pagination={box.data} page={page} onChange={setPage} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>{open && <MailView mail={open} />}</Grid.Col>
        </Grid>
      </ListBody>
    </Box>
  );
}
