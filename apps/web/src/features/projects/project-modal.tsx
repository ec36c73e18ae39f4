import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { PROJECT_MSG } from '@owo/contract/projects';
import { DateField } from '../../components/date-field';
import { useZodForm } from '../../lib/forms';
import { useApiMutation } from '../../lib/query';
import { projectsApi, refreshProjects } from './api';
import { paths } from '../../lib/paths';
import { useTranslation } from 'react-i18next';
import { FormGrid } from '../../components/form-grid';

const day = z.union([z.literal(''), z.string().date(PROJECT_MSG.dateInvalid)]);
const projectForm = z
  .object({
    name: z.string().trim().min(1, PROJECT_MSG.nameRequired).max(120),
    description: z.string().trim().max(500),
    budget: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\d{1,13}(\.\d{1,2})?$/, PROJECT_MSG.budgetInvalid),
    ]),
    startDate: day,
    endDate: day,
  })
  .superRefine((b, ctx) => {
    if (b.startDate && b.endDate && b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: PROJECT_MSG.endBeforeStart });
  });

/** New project: name, budget, start and end dates (DD/MM/YYYY); closes on success and opens it. */
export function ProjectModal(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('projects');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('projectModal.newProject')} centered>
      {props.opened && <ProjectForm onClose={props.onClose} />}
    </Modal>
  );
}

function ProjectForm(props: { onClose: () => void }) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const form = useZodForm(projectForm, {
    defaultValues: { name: '', description: '', budget: '', startDate: '', endDate: '' },
  });
  const save = useApiMutation({
    mutationFn: (v: z.output<typeof projectForm>) =>
      projectsApi.create({
        name: v.name,
        description: v.description || null,
        budget: v.budget || null,
        startDate: v.startDate || null,
        endDate: v.endDate || null,
      }),
    form,
    onSuccess: (res) => {
      void refreshProjects();
      props.onClose();
      void navigate(paths.projects.detail.href({ id: res.data.id }));
    },
  });
  const { errors } = form.formState;
  const date = (name: 'startDate' | 'endDate', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <TextInput
          label={t('projectModal.name')}
          withAsterisk
          {...form.register('name')}
          error={errors.name?.message}
        />
        <Textarea
          label={t('projectModal.description')}
          {...form.register('description')}
          error={errors.description?.message}
        />
        <TextInput
          label={t('projectModal.budget')}
          inputMode="decimal"
          {...form.register('budget')}
          error={errors.budget?.message}
        />
        <FormGrid>
          {date('startDate', t('projectModal.startDate'))}
          {date('endDate', t('projectModal.endDate'))}
        </FormGrid>
        <Group justify="flex-end">
          <Button variant="secondary" onClick={props.onClose}>
            {t('projectModal.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('projectModal.createProject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
