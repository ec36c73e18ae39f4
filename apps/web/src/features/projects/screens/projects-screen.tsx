import { Badge, Button, Card, Stack, Table, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FilterBar, ListBody, ListPagination, useListState } from '../../../components/list';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useProjects } from '../api';
import { ProjectModal } from '../project-modal';
import { ProjectSpendBar } from '../spend-bar';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

const GROUPS = [] as const;

/** /projects (active) and /projects/completed (001 §2 Projects), with spend against budget. */
export function ProjectsScreen() {
  const { t } = useTranslation('projects', { keyPrefix: 'projectsScreen' });
  const navigate = useNavigate();
  const completed = useLocation().pathname.startsWith('/projects/completed');
  const { filters, page, setFilters, setPage } = useListState(GROUPS);
  const list = useProjects({ page, search: filters.search, active: completed ? 'false' : 'true' });
  const canCreate = useCan('projects', 'post');
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('projects')}
        description={t('budgetsTimelinesAndWhatEach')}
        actions={canCreate && <Button onClick={() => setCreating(true)}>{t('newProject')}</Button>}
      />
      <Tabs
        value={completed ? 'completed' : 'active'}
        onChange={(v) =>
          navigate(v === 'completed' ? paths.projects.completed.href() : paths.projects.root.href())
        }
      >
        <Tabs.List>
          <Tabs.Tab value="active">{t('active')}</Tabs.Tab>
          <Tabs.Tab value="completed">{t('completed')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <FilterBar
        groups={[]}
        presets={[]}
        dates={false}
        value={filters}
        onChange={setFilters}
        searchPlaceholder={t('searchProjects')}
      />
      <Card padding={0}>
        <ListBody query={list} isEmpty={!list.data?.items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('project')}</Table.Th>
                <Table.Th>{t('timeline')}</Table.Th>
                <Table.Th w="40%">{t('budgetUse')}</Table.Th>
                <Table.Th>{t('members')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.items ?? []).map((p) => (
                <Table.Tr
                  key={p.id}
                  style={{ cursor: 'pointer' }}
                  onClick={() => navigate(paths.projects.detail.href({ id: p.id }))}
                >
                  <Table.Td fw={500}>{p.name}</Table.Td>
                  <Table.Td>
                    {p.startDate || p.endDate
                      ? `${formatDate(p.startDate) || '…'} – ${formatDate(p.endDate) || '…'}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    <ProjectSpendBar project={p} />
                  </Table.Td>
                  <Table.Td>{p.members.length}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.active ? 'teal' : 'gray'}>
                      {p.active ? t('active') : t('completed')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <ProjectModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
