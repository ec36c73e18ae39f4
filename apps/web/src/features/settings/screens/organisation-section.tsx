import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updateOrganisationBody, type Organisation } from '@owo/contract';
import { FullPageLoader } from '../../../components/page-states';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../lib/forms';
import { queryClient, useApiMutation } from '../../../lib/query';
import { sessionKeys, useCan } from '../../../lib/session';
import { accountKeys, accountsApi, OrganisationSummary, useOrganisation } from '../../accounts';

function NameForm({ org }: { org: Organisation }) {
  const { t } = useTranslation('accounts');
  const form = useZodForm(updateOrganisationBody, { defaultValues: { name: org.name } });
  const save = useApiMutation({
    mutationFn: accountsApi.updateOrganisation,
    form,
    onSuccess: (res) => {
      queryClient.setQueryData(accountKeys.organisation, res.data);
      form.reset({ name: res.data.name });
      // The account's name shows in the account lists and the switcher.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.accounts });
    },
  });
  return (
    <Card>
      <Title order={4} mb="md">
        {t('organisation.nameTitle')}
      </Title>
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('organisation.name')}
            required
            {...form.register('name')}
            error={form.formState.errors.name?.message}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" mt={25} loading={save.isPending} disabled={!form.formState.isDirty}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

/** Account settings > Organisation: rename the account (parameters put) and see its KYB state. */
export function OrganisationSection() {
  const org = useOrganisation();
  const canEdit = useCan('parameters', 'put');
  if (org.isPending) return <FullPageLoader />;
  if (org.isError) return <QueryError error={org.error} onRetry={() => void org.refetch()} />;
  return (
    <Stack gap="lg">
      {canEdit && <NameForm org={org.data} />}
      <OrganisationSummary org={org.data} />
    </Stack>
  );
}
