import { Alert, Button, Card, Group, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BudgetInsight } from '@owo/contract/categories';
import { api } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { queryClient, useApiMutation } from '../../lib/query';
import { useCan } from '../../lib/session';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';

const key = ['categories', 'insight'] as const;
const refresh = () => queryClient.invalidateQueries({ queryKey: ['categories'] });

/** /settings/payout-categories and /settings/categories: categories with this month's budget bars. */
export function CategoriesScreen() {
  const { t } = useTranslation('categories');
  const insight = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<BudgetInsight[]>('/payout/category/insight/budget')).data,
  });
  const canCreate = useCan('payouts', 'post');
  const canBudget = useCan('payouts', 'patch');
  const [name, setName] = useState('');
  const create = useApiMutation({
    mutationFn: () => api.post('/payout/category', { name }),
    onSuccess: () => {
      setName('');
      void refresh();
    },
  });
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        title={t('categoriesScreen.payoutCategories')}
        description={t('categoriesScreen.budgetsArePerCalendarMonth')}
      />
      {canCreate && (
        <Group>
          <TextInput
            placeholder={t('categoriesScreen.newCategory')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button disabled={!name.trim()} loading={create.isPending} onClick={() => create.mutate()}>
            {t('categoriesScreen.addCategory')}
          </Button>
        </Group>
      )}
      <Card padding={0}>
        {insight.error ? (
          <Alert color="red" m="md">
            {messageText(insight.error.message)}
          </Alert>
        ) : insight.data && insight.data.length === 0 ? (
          <Text p="md" c="dimmed">
            {t('categoriesScreen.noDataYet')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('categoriesScreen.category')}</Table.Th>
                <Table.Th>
                  {t('categoriesScreen.budgetForPeriod', { period: insight.data?.[0]?.period ?? '' })}
                </Table.Th>
                <Table.Th w="35%">{t('categoriesScreen.spentCommitted')}</Table.Th>
                <Table.Th>{t('categoriesScreen.remaining')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(insight.data ?? [])
                .filter((c) => !c.parentId)
                .flatMap((c) => [
                  <CategoryRow key={c.id} c={c} canBudget={canBudget} />,
                  ...(insight.data ?? [])
                    .filter((sub) => sub.parentId === c.id)
                    .map((sub) => <CategoryRow key={sub.id} c={sub} canBudget={canBudget} />),
                  canCreate ? <AddSubcategoryRow key={`${c.id}-add`} parent={c} /> : null,
                ])}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}

/** PUT /payout/category/{id}/subcategory { name } adds a subcategory under `parent` (001 §7). */
function AddSubcategoryRow(props: { parent: BudgetInsight }) {
  const { t } = useTranslation('categories');
  const [name, setName] = useState('');
  const add = useApiMutation({
    mutationFn: () => api.put(`/payout/category/${props.parent.id}/subcategory`, { name }),
    onSuccess: () => {
      setName('');
      void refresh();
    },
  });
  return (
    <Table.Tr>
      <Table.Td colSpan={4} pl={36}>
        <Group gap="xs">
          <TextInput
            size="xs"
            w={220}
            placeholder={t('categoriesScreen.newSubcategoryOf', { name: props.parent.name })}
            aria-label={t('categoriesScreen.newSubcategoryOf', { name: props.parent.name })}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button
            size="xs"
            variant="subtle"
            disabled={!name.trim()}
            loading={add.isPending}
            onClick={() => add.mutate()}
          >
            {t('categoriesScreen.addSubcategory')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The category's spend against its budget: spent, then committed, as a bar. */
function BudgetUse({ c }: { c: BudgetInsight }) {
  const { t } = useTranslation('categories');
  const pct = (v: number) => (c.budgetMinor ? Math.min(100, (v / c.budgetMinor) * 100) : 0);
  return c.budgetMinor === null ? (
    <Text size="xs" c="dimmed">
      {t('categoriesScreen.noBudgetSpent', { amount: formatMoney(c.spentMinor) })}
    </Text>
  ) : (
    <Stack gap={4}>
      <Progress.Root size="lg" aria-label={t('categoriesScreen.budgetUse', { name: c.name })}>
        <Progress.Section value={pct(c.spentMinor)} color="teal" />
        <Progress.Section
          value={Math.max(0, pct(c.spentMinor + c.committedMinor) - pct(c.spentMinor))}
          color="yellow"
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {t('categoriesScreen.spentCommitted2', {
          amount: formatMoney(c.spentMinor),
          amount2: formatMoney(c.committedMinor),
        })}
      </Text>
    </Stack>
  );
}

function CategoryRow(props: { c: BudgetInsight; canBudget: boolean }) {
  const { t } = useTranslation('categories');
  const { c } = props;
  const canDelete = useCan('payouts', 'delete');
  const remove = useApiMutation({
    mutationFn: () => api.delete(`/payout/category/${c.parentId}/subcategory/${c.id}`),
    onSuccess: () => void refresh(),
  });
  const [budget, setBudget] = useState(c.budget ?? '');
  const save = useApiMutation({
    mutationFn: () =>
      api.patch(`/payout/category/${c.id}/budget`, { budget: budget.trim() === '' ? null : budget }),
    onSuccess: () => void refresh(),
  });
  const valid = budget.trim() === '' || /^\d{1,13}(\.\d{1,2})?$/.test(budget.trim());
  return (
    <Table.Tr>
      <Table.Td pl={c.parentId ? 36 : undefined}>
        {c.parentId ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed">
              ↳
            </Text>
            <Text size="sm">{c.name}</Text>
            {canDelete && (
              <Button
                size="compact-xs"
                variant="danger"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
                aria-label={t('categoriesScreen.deleteSubcategory', { name: c.name })}
              >
                {t('categoriesScreen.delete')}
              </Button>
            )}
          </Group>
        ) : (
          <Text fw={500} size="sm">
            {c.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {props.canBudget ? (
          <Group gap="xs" wrap="nowrap">
            <TextInput
              size="xs"
              w={120}
              value={budget}
              onChange={(e) => setBudget(e.currentTarget.value)}
              error={!valid}
            />
            <Button
              size="xs"
              variant="secondary"
              disabled={!valid}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              {t('categoriesScreen.save')}
            </Button>
          </Group>
        ) : c.budgetMinor === null ? (
          '—'
        ) : (
          formatMoney(c.budgetMinor)
        )}
      </Table.Td>
      <Table.Td>
        <BudgetUse c={c} />
      </Table.Td>
      <Table.Td c={c.remainingMinor !== null && c.remainingMinor < 0 ? 'red' : undefined}>
        {c.remainingMinor === null ? '—' : formatMoney(c.remainingMinor)}
      </Table.Td>
    </Table.Tr>
  );
}
