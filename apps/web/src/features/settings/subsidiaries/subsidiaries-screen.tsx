import { Badge, Box, Button, Card, Modal, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Subsidiary } from '@owo/contract/accounts';
import { FilterBar, ListBody, ListPagination, listQuery, useListState } from '../../../components/list';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { refreshSubsidiaries, settingsKeys, subsidiariesApi } from '../api';
import { SubsidiaryForm } from './subsidiary-form';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

const GROUPS = [] as const;

/** /settings/subsidiaries: the account's subsidiaries (list kit: search in the URL, pages), create. */
export function SubsidiariesScreen() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const canCreate = useCan('subsidiaries', 'post');
  const [creating, setCreating] = useState(false);
  const { filters, page, setFilters, setPage } = useListState(GROUPS);
  const query = listQuery(filters, GROUPS, page);
  const list = useQuery({
    queryKey: [...settingsKeys.subsidiaries, query],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await subsidiariesApi.list(query);
      return {
        items: res.data ?? [],
        pagination: res.metadata?.pagination ?? { page, limit: 20, totalItems: 0, totalPages: 1 },
      };
    },
  });
  return (
    <Box maw={1040} mx="auto">
      <PageHeader
        title={t('subsidiariesScreen.subsidiaries')}
        description={t('subsidiariesScreen.branchesOrBusinessUnitsMembers')}
        actions={
          canCreate && (
            <Button onClick={() => setCreating(true)}>{t('subsidiariesScreen.newSubsidiary')}</Button>
          )
        }
      />
      <Stack gap="lg">
        <Card>
          <FilterBar
            groups={[]}
            dates={false}
            presets={[]}
            value={filters}
            onChange={setFilters}
            searchPlaceholder={t('subsidiariesScreen.searchSubsidiaries')}
          />
        </Card>
        <Card padding={0}>
          <ListBody query={list} isEmpty={!list.data?.items.length}>
            <SubsidiariesTable items={list.data?.items} />
          </ListBody>
          <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
        </Card>
      </Stack>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('subsidiariesScreen.newSubsidiary')}
      >
        <SubsidiaryForm
          submitLabel={t('subsidiariesScreen.createSubsidiary')}
          save={subsidiariesApi.create}
          onCancel={() => setCreating(false)}
          onSaved={(res) => {
            setCreating(false);
            void refreshSubsidiaries();
            const id = (res.data as Subsidiary | null)?.id;
            if (id) void navigate(paths.settings.subsidiary.href({ id }));
          }}
        />
      </Modal>
    </Box>
  );
}

/** The subsidiaries table; a row opens the subsidiary. */
function SubsidiariesTable({ items }: { items: Subsidiary[] | undefined }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  return (
    <Table highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('subsidiariesScreen.name')}</Table.Th>
          <Table.Th>{t('subsidiariesScreen.members')}</Table.Th>
          <Table.Th>{t('subsidiariesScreen.status')}</Table.Th>
          <Table.Th>{t('subsidiariesScreen.created')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items?.map((s: Subsidiary) => (
          <Table.Tr
            key={s.id}
            style={{ cursor: 'pointer' }}
            onClick={() => navigate(paths.settings.subsidiary.href({ id: s.id }))}
          >
            <Table.Td>
              <Text size="sm" fw={500}>
                {s.name}
              </Text>
              {s.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {s.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{s.membersCount}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={s.active ? 'green' : 'gray'}>
                {s.active ? t('subsidiariesScreen.active') : t('subsidiariesScreen.inactive')}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(s.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
