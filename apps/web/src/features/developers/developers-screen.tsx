import { Card, Code, Stack, Table, Tabs, Text } from '@mantine/core';
import { ApiKeys } from './api-keys';
import { Webhooks } from './webhooks';
import { SIGNATURE_SAMPLES, WEBHOOK_EVENT_CATALOGUE } from './samples';
import { PageHeader } from '../../components/page-header';
import { Trans, useTranslation } from 'react-i18next';

/** /settings/developers (002 §2): API keys, webhooks and signature samples. */
export function DevelopersScreen() {
  const { t } = useTranslation('developers');
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('developersScreen.developers')}
        description={t('developersScreen.callTheOwoApiFrom')}
      />
      <Tabs defaultValue="keys" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="keys">{t('developersScreen.apiKeys')}</Tabs.Tab>
          <Tabs.Tab value="webhooks">{t('developersScreen.webhooks')}</Tabs.Tab>
          <Tabs.Tab value="samples">{t('developersScreen.verifySignatures')}</Tabs.Tab>
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
  const { t } = useTranslation('developers');
  return (
    <Stack>
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="developersScreen.signingSentence"
          values={{ signedText: t('developersScreen.timestampRawBody') }}
          shouldUnescape
          components={{ code: <Code /> }}
        />
      </Text>
      <Text size="sm">
        <Trans t={t} i18nKey="developersScreen.payloadSentence" components={{ code: <Code /> }} />
      </Text>
      <Table aria-label={t('developersScreen.webhookEvents')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('developersScreen.event')}</Table.Th>
            <Table.Th>{t('developersScreen.statuses')}</Table.Th>
            <Table.Th>{t('developersScreen.alsoInData')}</Table.Th>
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
