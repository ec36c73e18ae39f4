import { Card, Code, Stack, Table, Tabs, Text } from '@mantine/core';
import { ApiKeys } from './api-keys';
import { Webhooks } from './webhooks';
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
