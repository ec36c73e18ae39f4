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

/** Who is assigned to the project. */
function MembersCard({ project: p }: { project: Project }) {
  return (
    <Card>
      <Text fw={600} mb="xs">
        Members
      </Text>
      {p.members.length === 0 ? (
        <Text size="sm" c="dimmed">
          No members assigned yet.
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
  if (q.error || !q.data) return <Alert color="red">{q.error?.message ?? 'Project not found'}</Alert>;
  const p = q.data;
  return (
    <Stack gap="lg">
      <Anchor
        component={Link}
        to={p.active ? paths.projects.root.href() : paths.projects.completed.href()}
        size="sm"
      >
        ← Projects
      </Anchor>
      <PageHeader
        mb={0}
        title={p.name}
        badges={
          <Badge variant="light" color={p.active ? 'teal' : 'gray'}>
            {p.active ? 'Active' : 'Completed'}
          </Badge>
        }
        actions={
          <>
            {canBudget && (
              <Button variant="default" onClick={() => setModal('budget')}>
                {p.budgetMinor === null ? 'Set budget' : 'Edit budget'}
              </Button>
            )}
            {canAssign && (
              <Button variant="default" onClick={() => setModal('assign')}>
                Assign members
              </Button>
            )}
            {canActivate && (
              <Button variant="light" loading={toggle.isPending} onClick={() => toggle.mutate(!p.active)}>
                {p.active ? 'Mark as completed' : 'Reactivate'}
              </Button>
            )}
          </>
        }
      />
      {p.description && <Text c="dimmed">{p.description}</Text>}
      <Card>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <DetailField label="Budget" value={p.budgetMinor === null ? '—' : formatMoney(p.budgetMinor)} />
          <DetailField label="Spent" value={formatMoney(p.spentMinor)} />
          <DetailField label="Committed" value={formatMoney(p.committedMinor)} />
          <DetailField
            label="Remaining"
            value={p.remainingMinor === null ? '—' : formatMoney(p.remainingMinor)}
            danger={p.remainingMinor !== null && p.remainingMinor < 0}
          />
          <DetailField label="Start date" value={formatDate(p.startDate) || '—'} />
          <DetailField label="End date" value={formatDate(p.endDate) || '—'} />
          <DetailField label="Created" value={formatDate(p.createdAt)} />
          <DetailField label="Completed" value={p.completedAt ? formatDateTime(p.completedAt) : '—'} />
        </SimpleGrid>
        <Stack mt="lg">
          <ProjectSpendBar project={p} />
        </Stack>
      </Card>
      <MembersCard project={p} />
      <BudgetModal project={p} opened={modal === 'budget'} onClose={() => setModal(null)} />
      <AssignModal project={p} opened={modal === 'assign'} onClose={() => setModal(null)} />
    </Stack>
  );
}

function BudgetModal(props: { project: Project; opened: boolean; onClose: () => void }) {
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
    <Modal opened={props.opened} onClose={props.onClose} title="Project budget" centered>
      <Stack>
        <TextInput
          label="Budget (₦)"
          description="Leave empty to remove the budget."
          inputMode="decimal"
          value={budget}
          onChange={(e) => setBudget(e.currentTarget.value)}
          error={valid ? undefined : 'Budget must be a number with at most 2 decimal places'}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={!valid} loading={save.isPending} onClick={() => save.mutate()}>
            Save budget
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AssignModal(props: { project: Project; opened: boolean; onClose: () => void }) {
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
    <Modal opened={props.opened} onClose={props.onClose} title="Assign members" centered>
      <Stack>
        {members.error ? (
          <Text c="red" size="sm">
            {members.error.message}
          </Text>
        ) : (
          <MultiSelect
            label="Members"
            searchable
            data={(members.data ?? []).map((m) => ({ value: m.id, label: `${m.user.name} (${m.roleName})` }))}
            value={picked}
            onChange={setPicked}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            Save members
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
