import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { workflowBody, type Workflow } from '@owo/contract/approvals';
import type { Member } from '@owo/contract/teams';
import { api } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { refreshApprovals, saveWorkflow, useApprovalTypes, useWorkflow } from '../api';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { FormGrid } from '../../../components/form-grid';
import { messageText } from '../../../lib/messages';

/** Signatories (001 §3) are the approvers picked for a level, read from GET /account_access. */
export function useSignatories() {
  return useQuery({
    queryKey: ['approvals', 'signatories'],
    queryFn: async () =>
      (await api.get<Member[]>('/account_access', { query: { where: 'members', limit: 100 } })).data.filter(
        (m) => m.active,
      ),
  });
}

/** /settings/approval/new and /settings/approval/:id/edit. */
export function WorkflowFormScreen() {
  const { id } = useParams();
  const existing = useWorkflow(id);
  if (id && existing.isLoading) return <Loader />;
  if (id && existing.error) return <Alert color="red">{messageText(existing.error.message)}</Alert>;
  return <WorkflowForm key={id ?? 'new'} id={id} initial={existing.data} />;
}

function useWorkflowForm(w: Workflow | undefined) {
  return useZodForm(workflowBody, {
    defaultValues: {
      name: w?.name ?? '',
      type: w?.type ?? 'expense',
      amountFrom: w?.amountFrom ?? undefined,
      amountTo: w?.amountTo ?? undefined,
      levels: w?.levels.map((l) => ({ rule: l.rule, approverIds: l.approvers.map((a) => a.id) })) ?? [
        { rule: 'any', approverIds: [] },
      ],
    },
  });
}
type WorkflowFormApi = ReturnType<typeof useWorkflowForm>;

/** Name, type and the amount range the workflow applies to. */
function BasicsCard({ form }: { form: WorkflowFormApi }) {
  const { t } = useTranslation('approvals');
  const types = useApprovalTypes();
  const errors = form.formState.errors;
  return (
    <Card>
      <Stack>
        <TextInput
          label={t('workflowFormScreen.name')}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label={t('workflowFormScreen.type')}
              data={(types.data ?? []).map((wt) => ({ value: wt.type, label: wt.label }))}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              error={errors.type?.message}
            />
          )}
        />
        <FormGrid>
          <TextInput
            label={t('workflowFormScreen.amountFrom')}
            {...form.register('amountFrom')}
            error={errors.amountFrom?.message}
          />
          <TextInput
            label={t('workflowFormScreen.amountTo')}
            {...form.register('amountTo')}
            error={errors.amountTo?.message}
          />
        </FormGrid>
      </Stack>
    </Card>
  );
}

/** One approval level: who approves, and whether any one or all of them must. */
function LevelCard(props: {
  form: WorkflowFormApi;
  i: number;
  options: { value: string; label: string }[];
  canRemove: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation('approvals');
  const { form, i, options, canRemove, onRemove } = props;
  const errors = form.formState.errors;
  return (
    <Card>
      <Stack>
        <Group justify="space-between">
          <Title order={5}>{t('workflowFormScreen.level', { level: i + 1 })}</Title>
          {canRemove && (
            <Button variant="danger" size="xs" onClick={onRemove}>
              {t('workflowFormScreen.remove')}
            </Button>
          )}
        </Group>
        <Controller
          control={form.control}
          name={`levels.${i}.approverIds`}
          render={({ field }) => (
            <MultiSelect
              label={t('workflowFormScreen.approvers')}
              searchable
              data={options}
              value={field.value}
              onChange={field.onChange}
              error={errors.levels?.[i]?.approverIds?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name={`levels.${i}.rule`}
          render={({ field }) => (
            <Select
              label={t('workflowFormScreen.rule')}
              data={[
                { value: 'any', label: t('workflowFormScreen.anyOneOfThemApproves') },
                { value: 'all', label: t('workflowFormScreen.allOfThemApprove') },
              ]}
              value={field.value}
              onChange={(v) => field.onChange(v)}
            />
          )}
        />
      </Stack>
    </Card>
  );
}

function WorkflowForm(props: { id?: string; initial?: Workflow }) {
  const { t } = useTranslation('approvals');
  const navigate = useNavigate();
  const members = useSignatories();
  const w = props.initial;
  const form = useWorkflowForm(w);
  const levels = useFieldArray({ control: form.control, name: 'levels' });
  const save = useApiMutation({
    mutationFn: (body: Parameters<typeof saveWorkflow>[1]) => saveWorkflow(props.id, body),
    form,
    onSuccess: (res) => {
      void refreshApprovals();
      void navigate(paths.settings.approval.href({ id: res.data.id }));
    },
  });
  const options = (members.data ?? []).map((m) => ({
    value: m.user.id,
    label: `${m.user.name} (${m.roleName})`,
  }));
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(() => {
        const v = form.getValues();
        save.mutate({
          ...v,
          amountFrom: v.amountFrom === '' ? null : v.amountFrom,
          amountTo: v.amountTo === '' ? null : v.amountTo,
        });
      })}
    >
      <Stack gap="lg">
        <PageHeader
          mb={0}
          title={
            props.id
              ? t('workflowFormScreen.editApprovalWorkflow')
              : t('workflowFormScreen.newApprovalWorkflow')
          }
        />
        <BasicsCard form={form} />
        {levels.fields.map((f, i) => (
          <LevelCard
            key={f.id}
            form={form}
            i={i}
            options={options}
            canRemove={levels.fields.length > 1}
            onRemove={() => levels.remove(i)}
          />
        ))}
        {errors.levels?.message && <Alert color="red">{errors.levels.message}</Alert>}
        <Group justify="space-between">
          <Button variant="secondary" onClick={() => levels.append({ rule: 'any', approverIds: [] })}>
            {t('workflowFormScreen.addLevel')}
          </Button>
          <Group>
            <Button variant="secondary" onClick={() => navigate(-1)}>
              {t('workflowFormScreen.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('workflowFormScreen.saveWorkflow')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
