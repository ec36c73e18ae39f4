import {
  Alert,
  Button,
  Card as MCard,
  Checkbox,
  CopyButton,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { cardCreateBody, MERCHANT_CATEGORIES, type CardCreateBody } from '@owo/contract/cards';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { cardApi, refreshCards, useMembers, type CreatedCard } from '../api';
import { paths } from '../../../lib/paths';
import { DetailField } from '../../../components/detail-field';
import { PageHeader } from '../../../components/page-header';
import { CardFace } from '../components/card-face';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

function useCardForm() {
  return useZodForm(cardCreateBody, {
    defaultValues: {
      currency: 'NGN',
      perTransactionLimit: '',
      monthlyLimit: '',
      allowedCategories: [],
      singleUse: false,
      label: '',
    } as never,
  });
}

/** The number in groups of four, copyable (the test reads it by its id). */
function CopyNumber({ number }: { number: string }) {
  const { t } = useTranslation('cards');
  return (
    <Group gap="xs" wrap="nowrap">
      <Text ff="monospace" fw={700} data-testid="card-number">
        {number.match(/.{1,4}/g)!.join(' ')}
      </Text>
      <CopyButton value={number}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy}>
            {copied ? t('createCardScreen.copied') : t('createCardScreen.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The new card's number, expiry and CVV, shown this once. */
function CreatedCardView({ created }: { created: CreatedCard }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader mb={0} title={t('createCardScreen.yourNewCard')} />
      <Alert color="yellow">{t('createCardScreen.thisIsTheOnlyTime')}</Alert>
      <CardFace card={created} />
      <Group gap="xl">
        <DetailField
          label={t('createCardScreen.cardNumber')}
          value={<CopyNumber number={created.number} />}
        />
        <DetailField label={t('createCardScreen.cvv')} value={<Text ff="monospace">{created.cvv}</Text>} />
      </Group>
      <Group>
        <Button onClick={() => navigate(paths.cards.fund.href({ card: created.id }))}>
          {t('createCardScreen.fundThisCard')}
        </Button>
        <Button variant="secondary" onClick={() => navigate(paths.cards.root.href())}>
          {t('createCardScreen.done')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Holder, currency, limits, merchant categories and label. */
function CardFields({ form }: { form: ReturnType<typeof useCardForm> }) {
  const { t } = useTranslation('cards');
  const members = useMembers();
  const e = form.formState.errors;
  return (
    <FormGrid>
      <Controller
        control={form.control}
        name="holderId"
        render={({ field }) => (
          <Select
            label={t('createCardScreen.cardHolder')}
            searchable
            data={(members.data ?? []).map((m) => ({ value: m.user.id, label: m.user.name }))}
            value={(field.value as string) ?? null}
            onChange={(v) => field.onChange(v ?? undefined)}
            error={e.holderId?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="currency"
        render={({ field }) => (
          <Select
            label={t('createCardScreen.currency')}
            data={['NGN', 'USD']}
            value={field.value as string}
            onChange={(v) => field.onChange(v)}
            error={e.currency?.message}
          />
        )}
      />
      <TextInput
        label={t('createCardScreen.limitPerTransaction')}
        {...form.register('perTransactionLimit')}
        error={e.perTransactionLimit?.message}
      />
      <TextInput
        label={t('createCardScreen.monthlyLimit')}
        {...form.register('monthlyLimit')}
        error={e.monthlyLimit?.message}
      />
      <Controller
        control={form.control}
        name="allowedCategories"
        render={({ field }) => (
          <MultiSelect
            label={t('createCardScreen.allowedMerchantCategoriesAllWhen')}
            data={[...MERCHANT_CATEGORIES]}
            value={(field.value as string[]) ?? []}
            onChange={field.onChange}
          />
        )}
      />
      <TextInput
        label={t('createCardScreen.labelOptional')}
        {...form.register('label')}
        error={e.label?.message}
      />
    </FormGrid>
  );
}

/** /cards/create-card: holder, currency, limits, categories, single use; the number is shown once. */
export function CreateCardScreen() {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const [created, setCreated] = useState<CreatedCard | null>(null);
  const form = useCardForm();
  const save = useApiMutation({
    mutationFn: (b: CardCreateBody) => cardApi.create(b),
    form,
    onSuccess: (res) => {
      setCreated(res.data);
      void refreshCards();
    },
  });
  if (created) return <CreatedCardView created={created} />;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.cards.root.href())}>
            {t('createCardScreen.cards')}
          </Button>
        }
        title={t('createCardScreen.createCard')}
      />
      <MCard>
        <form
          // The raw values: the contract schema turns amounts into kobo, and the API expects naira text.
          onSubmit={form.handleSubmit(() => save.mutate(form.getValues() as CardCreateBody))}
          noValidate
        >
          <Stack>
            <CardFields form={form} />
            <Checkbox
              label={t('createCardScreen.singleUseDeclinesAfterIts')}
              {...form.register('singleUse')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('createCardScreen.createCard')}
              </Button>
            </Group>
          </Stack>
        </form>
      </MCard>
    </Stack>
  );
}
