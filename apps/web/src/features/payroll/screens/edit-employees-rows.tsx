import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  useFieldArray,
  type Control,
  type FieldArrayWithId,
  type FieldErrors,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { PAYROLL_MSG } from '@owo/contract/payroll';
import type { StatutoryResult } from '@owo/contract/payroll-pay';
import { formatMoney } from '../../../lib/format';
import { MASKED } from '../labels';
import type { EditForm } from './edit-employees-model';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

type Field = FieldArrayWithId<EditForm, 'rows', 'key'>;
type MoneyKey = 'gross' | 'basic' | 'housing' | 'transport' | 'other';

/** One row of the payroll's employees: the gross and its split, deductions, live pay and Remove. */
export function EmployeeRow(props: {
  form: UseFormReturn<EditForm>;
  f: Field;
  i: number;
  visible: boolean;
  editable: boolean;
  live: StatutoryResult | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation('payroll');
  const { form, f, i, visible, editable } = props;
  const errors = form.formState.errors;
  const hidden = visible ? undefined : messageText(PAYROLL_MSG.noPermission);
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{f.name}</Text>
        <Text size="xs" c="dimmed">
          {f.email}
        </Text>
      </Table.Td>
      <Table.Td title={hidden}>
        {visible ? <SplitInputs form={form} i={i} name={f.name} disabled={!editable} /> : MASKED}
      </Table.Td>
      <Table.Td title={hidden}>
        {visible ? (
          <DeductionsEditor
            control={form.control}
            register={form.register}
            errors={errors}
            index={i}
            name={f.name}
            disabled={!editable}
          />
        ) : (
          MASKED
        )}
      </Table.Td>
      <Table.Td title={hidden}>{!visible ? MASKED : <RowPay live={props.live} f={f} />}</Table.Td>
      <Table.Td>
        {editable && (
          <Button
            variant="danger"
            size="xs"
            aria-label={t('editEmployeesRows.remove2', { name: f.name })}
            onClick={props.onRemove}
          >
            {t('editEmployeesRows.remove')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A row's monthly gross and its split (Basic, Housing, Transport, Other allowances) with the split's error. */
function SplitInputs(props: { form: UseFormReturn<EditForm>; i: number; name: string; disabled: boolean }) {
  const { t } = useTranslation('payroll');
  const { form, i } = props;
  const errors = form.formState.errors;
  const splitError = (errors.rows?.[i] as Record<string, { message?: string }> | undefined)?.split?.message;
  const money = (key: MoneyKey, label: string) => (
    <TextInput
      size="xs"
      label={label}
      aria-label={t('editEmployeesRows.for', { label, name: props.name })}
      disabled={props.disabled}
      {...form.register(`rows.${i}.${key}`)}
      error={errors.rows?.[i]?.[key]?.message}
    />
  );
  return (
    <Stack gap={4}>
      {money('gross', 'Monthly gross')}
      <Group gap={4} wrap="nowrap" align="flex-start">
        {money('basic', 'Basic')}
        {money('housing', 'Housing')}
        {money('transport', 'Transport')}
        {money('other', 'Other allowances')}
      </Group>
      {splitError && (
        <Text c="red" size="xs" role="alert">
          {splitError}
        </Text>
      )}
    </Stack>
  );
}

/** The row's pay this run: live as typed, else the stored net (or a dash). */
function RowPay({ live, f }: { live: StatutoryResult | null; f: Field }) {
  const { t } = useTranslation('payroll');
  if (live)
    return (
      <Stack gap={0} aria-label={t('editEmployeesRows.payFor', { name: f.name })}>
        <Text size="xs">{t('editEmployeesRows.gross', { amount: formatMoney(live.grossMinor) })}</Text>
        <Text size="xs">
          {t('editEmployeesRows.statutory', { amount: formatMoney(live.statutoryMinor) })}
        </Text>
        {live.otherDeductionsMinor > 0 && (
          <Text size="xs">
            {t('editEmployeesRows.deductions', { amount: formatMoney(live.otherDeductionsMinor) })}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('editEmployeesRows.net', { amount: formatMoney(live.netMinor) })}
        </Text>
      </Stack>
    );
  return <>{f.netMinor === null ? '—' : formatMoney(f.netMinor)}</>;
}

/** This run's deductions of one employee (loans, advances): description and amount, typed positive. */
function DeductionsEditor(props: {
  control: Control<EditForm>;
  register: UseFormRegister<EditForm>;
  errors: FieldErrors<EditForm>;
  index: number;
  name: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('payroll');
  const lines = useFieldArray({
    control: props.control,
    name: `rows.${props.index}.deductions`,
    keyName: 'key',
  });
  const err = props.errors.rows?.[props.index]?.deductions;
  return (
    <Stack gap={4}>
      {lines.fields.map((l, j) => (
        <Group key={l.key} gap={4} wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            placeholder={t('editEmployeesRows.description')}
            aria-label={t('editEmployeesRows.deductionDescriptionFor', { value: j + 1, name: props.name })}
            disabled={props.disabled}
            {...props.register(`rows.${props.index}.deductions.${j}.description`)}
            error={err?.[j]?.description?.message}
          />
          <TextInput
            size="xs"
            placeholder={t('editEmployeesRows.amount')}
            aria-label={t('editEmployeesRows.deductionAmountFor', { value: j + 1, name: props.name })}
            disabled={props.disabled}
            {...props.register(`rows.${props.index}.deductions.${j}.amount`)}
            error={err?.[j]?.amount?.message}
          />
          {!props.disabled && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('editEmployeesRows.removeDeductionFor', { value: j + 1, name: props.name })}
              onClick={() => lines.remove(j)}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {!props.disabled && (
        <Button
          variant="subtle"
          size="xs"
          px={0}
          w="fit-content"
          aria-label={t('editEmployeesRows.addDeductionFor', { name: props.name })}
          onClick={() => lines.append({ description: '', amount: '' })}
        >
          {t('editEmployeesRows.addDeduction')}
        </Button>
      )}
    </Stack>
  );
}
