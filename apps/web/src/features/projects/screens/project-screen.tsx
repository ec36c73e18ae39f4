import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Project } from '@owo/contract/projects';
import { DetailField } from '../../../components/detail-field';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { projectsApi, refreshProjects, useAssignableMembers, useProject } from '../api';
import { ProjectSpendBar } from '../spend-bar';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** Who is assigned to the project. */
function MembersCard({ project: p }: { project: Project }) {
  const { t } = useTranslation('projects');
  return (
    <Card>
      <Text fw={600} mb="xs">
        {t('projectScreen.members')}
      </Text>
      {p.members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('projectScreen.noMembersAssignedYet')}
        </Text>
      ) : (
        <Group gap="xs">
          {p.members.map((m) => (
            <Badge key={m.accessId} variant="outline" tt="none">
              {m.name}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

/** /projects/{id}: budget, timeline, spend, members; set the budget, assign, complete or reactivate. */
export function ProjectScreen() {
  const { t } = useTranslation('projects', { keyPrefix: 'projectScreen' });
  const { id } = useParams();
  const q = useProject(id);
  const canBudget = useCan('projects', 'put');
  const canAssign = useCan('projects', 'post');
  const canActivate = useCan('projects', 'patch');
  const [modal, setModal] = useState<'budget' | 'assign' | null>(null);
  const toggle = useApiMutation({
    mutationFn: (active: boolean) => projectsApi.setActive(id!, active),
    onSuccess: () => void refreshProjects(),
  });
  if (q.isLoading) return <Loader />;
  if (q.error || !q.data)
    return <Alert color="red">{messageText(q.error?.message ?? t('projectNotFound'))}</Alert>;
  const p = q.data;
  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={p.active ? paths.projects.root.href() : paths.projects.completed.href()}
        size="sm"
      >
        {t('projects')}
      </Anchor>
      <PageHeader
        mb={0}
        title={p.name}
        badges={
          <Badge variant="light" color={p.active ? 'teal' : 'gray'}>
            {p.active ? t('active') : t('completed')}
          </Badge>
        }
        actions={
          <>
            {canBudget && (
              <Button variant="secondary" onClick={() => setModal('budget')}>
                {p.budgetMinor === null ? t('setBudget') : t('editBudget')}
              </Button>
            )}
            {canAssign && (
              <Button variant="secondary" onClick={() => setModal('assign')}>
                {t('assignMembers')}
              </Button>
            )}
            {canActivate && (
              <Button variant="secondary" loading={toggle.isPending} onClick={() => toggle.mutate(!p.active)}>
                {p.active ? t('markAsCompleted') : t('reactivate')}
              </Button>
            )}
          </>
        }
      />
      {p.description && <Text c="dimmed">{p.description}</Text>}
      <ProjectFigures project={p} />
      <MembersCard project={p} />
      <BudgetModal project={p} opened={modal === 'budget'} onClose={() => setModal(null)} />
      <AssignModal project={p} opened={modal === 'assign'} onClose={() => setModal(null)} />
    </Stack>
  );
}

/** The project's budget, spend and dates, and its spend bar. */
function ProjectFigures({ project: p }: { project: Project }) {
  const { t } = useTranslation('projects', { keyPrefix: 'projectScreen' });
  return (
    <Card>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <DetailField label={t('budget')} value={p.budgetMinor === null ? '—' : formatMoney(p.budgetMinor)} />
        <DetailField label={t('spent')} value={formatMoney(p.spentMinor)} />
        <DetailField label={t('committed')} value={formatMoney(p.committedMinor)} />
        <DetailField
          label={t('remaining')}
          value={p.remainingMinor === null ? '—' : formatMoney(p.remainingMinor)}
          danger={p.remainingMinor !== null && p.remainingMinor < 0}
        />
        <DetailField label={t('startDate')} value={formatDate(p.startDate) || '—'} />
        <DetailField label={t('endDate')} value={formatDate(p.endDate) || '—'} />
        <DetailField label={t('created')} value={formatDate(p.createdAt)} />
        <DetailField label={t('completed')} value={p.completedAt ? formatDateTime(p.completedAt) : '—'} />
      </SimpleGrid>
      <Stack mt="lg">
        <ProjectSpendBar project={p} />
      </Stack>
    </Card>
  );
}

function BudgetModal(props: { project: Project; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const [budget, setBudget] = useState(props.project.budget ?? '');
  const valid = budget.trim() === '' || /^\d{1,13}(\.\d{1,2})?$/.test(budget.trim());
  const save = useApiMutation({
    mutationFn: () => projectsApi.setBudget(props.project.id, budget.trim() === '' ? null : budget.trim()),
    onSuccess: () => {
      void refreshProjects();
      props.onClose();
    },
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('projectScreen.projectBudget')} centered>
      <Stack>
        <TextInput
          label={t('projectScreen.budget2')}
          description={t('projectScreen.leaveEmptyToRemoveThe')}
          inputMode="decimal"
          value={budget}
          onChange={(e) => setBudget(e.currentTarget.value)}
          error={valid ? undefined : t('projectScreen.budgetMustBeANumber')}
        />
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('projectScreen.cancel')}
          </Button>
          <Button disabled={!valid} loading={save.isPending} onClick={() => save.mutate()}>
            {t('projectScreen.saveBudget')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AssignModal(props: { project: Project; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const members = useAssignableMembers(props.opened);
  const [picked, setPicked] = useState<string[]>(props.project.members.map((m) => m.accessId));
  const save = useApiMutation({
    mutationFn: () => projectsApi.assign(props.project.id, picked),
    onSuccess: () => {
      void refreshProjects();
      props.onClose();
    },
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('projectScreen.assignMembers')} centered>
      <Stack>
        {members.error ? (
          <Text c="red" size="sm">
            {messageText(members.error.message)}
          </Text>
        ) : (
          <MultiSelect
            label={t('projectScreen.members')}
            searchable
            data={(members.data ?? []).map((m) => ({ value: m.id, label: `${m.user.name} (${m.roleName})` }))}
            value={picked}
            onChange={setPicked}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('projectScreen.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {t('projectScreen.saveMembers')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
