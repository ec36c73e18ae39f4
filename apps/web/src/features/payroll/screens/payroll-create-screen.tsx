import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Controller, useController, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { PAYROLL_MSG, type PayrollEmployee } from '@owo/contract/payroll';
import { checkPayrollDates } from '@owo/contract/payroll-runs';
import { DateField } from '../../../components/date-field';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import type { ApiError } from '../../../lib/api';
import { handledGlobally, useApiMutation } from '../../../lib/query';
import { toastError } from '../../../lib/toast';
import { useAccountingAuthCheck } from '../../accounting';
import { useWallets } from '../../money';
import { payrollApi, refreshPayroll, useEmployees } from '../api';
import { MASKED } from '../labels';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
const day = z.union([
  z.number().int().min(0, 'Day must be a number from 0 to 31').max(31, 'Day must be a number from 0 to 31'),
  z.literal(''),
]);

/** The new-payroll dialog form (000 §3, §4.5; rules of 000 §5 and 002 §5, the same check the server runs). */
const dialog = z
  .object({
    name: z.string().trim().min(1, PAYROLL_MSG.nameRequired).max(120),
    description: z.string().max(500),
    type: z.enum(['once', 'recurring']),
    mode: z.enum(['instant', 'scheduled']),
    walletId: z.string().min(1, PAYROLL_MSG.selectWallet),
    daysBeforeMonthEndToCreatePayroll: day,
    daysBeforeMonthEndToProcessPayroll: day,
    scheduledPayDate: z.string(),
    employees: z.array(z.string()).min(1, PAYROLL_MSG.employeesRequired),
  })
  .superRefine((v, ctx) => {
    const errors = checkPayrollDates(
      {
        ...v,
        daysBeforeMonthEndToCreatePayroll:
          v.daysBeforeMonthEndToCreatePayroll === '' ? null : v.daysBeforeMonthEndToCreatePayroll,
        daysBeforeMonthEndToProcessPayroll:
          v.daysBeforeMonthEndToProcessPayroll === '' ? null : v.daysBeforeMonthEndToProcessPayroll,
        scheduledPayDate: v.scheduledPayDate || null,
      },
      lagosToday(),
    );
    for (const [k, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [k], message });
  });
type Dialog = z.input<typeof dialog>;

type Form = UseFormReturn<Dialog>;
const errOf = (form: Form) => (k: keyof Dialog) => form.formState.errors[k]?.message;

/** The dialog's form and its create call (a draft; then the preview). */
function useCreatePayroll() {
  const navigate = useNavigate();
  const form = useZodForm(dialog, {
    defaultValues: {
      name: '',
      description: '',
      type: 'once',
      mode: 'instant',
      walletId: '',
      daysBeforeMonthEndToCreatePayroll: '',
      daysBeforeMonthEndToProcessPayroll: '',
      scheduledPayDate: '',
      employees: [],
    },
  });
  const create = useApiMutation({
    form,
    mutationFn: (v: Dialog) =>
      payrollApi.create({
        name: v.name,
        description: v.description || undefined,
        type: v.type,
        mode: v.mode,
        walletId: v.walletId,
        employees: v.employees,
        daysBeforeMonthEndToCreatePayroll:
          v.daysBeforeMonthEndToCreatePayroll === '' ? null : v.daysBeforeMonthEndToCreatePayroll,
        daysBeforeMonthEndToProcessPayroll:
          v.daysBeforeMonthEndToProcessPayroll === '' ? null : v.daysBeforeMonthEndToProcessPayroll,
        scheduledPayDate: v.scheduledPayDate || null,
      }),
    silentSuccess: true,
    silentError: true,
    onSuccess: (res) => {
      void refreshPayroll();
      void navigate(paths.payroll.preview.href({ id: res.data.id }));
    },
    onError: (err) => {
      if (!handledGlobally(err)) toastError(payrollSaveError(err));
    },
  });
  return { form, create };
}

/**
 * 002 §8, payroll create or update: a validation error joins its messages with newlines; any other
 * error shows its message, or 'Please check your inputs and try again!'.
 */
export function payrollSaveError(err: ApiError): string {
  const messages = err.httpStatus === 400 ? Object.values(err.errors ?? {}).flat() : [];
  if (messages.length) return [...new Set(messages)].join('\n');
  return err.message || PAYROLL_SAVE_FALLBACK;
}
const PAYROLL_SAVE_FALLBACK = 'Please check your inputs and try again!';

/** A labelled segmented choice (Payroll type, Payout type). */
function Segments(props: {
  form: Form;
  name: 'type' | 'mode';
  label: string;
  data: { value: string; label: string }[];
}) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {props.label}
      </Text>
      <Controller
        control={props.form.control}
        name={props.name}
        render={({ field }) => (
          <SegmentedControl fullWidth data={props.data} value={field.value} onChange={field.onChange} />
        )}
      />
    </div>
  );
}

/** A recurring payroll's day, counted back from the month's end. */
function DaysField(props: {
  form: Form;
  name: 'daysBeforeMonthEndToCreatePayroll' | 'daysBeforeMonthEndToProcessPayroll';
  label: string;
}) {
  const { t } = useTranslation('payroll');
  const err = errOf(props.form);
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field }) => (
        <NumberInput
          label={props.label}
          rightSection={
            <Text size="xs" c="dimmed" pr="xl">
              {t('payrollCreateScreen.daysToMonthEnd')}
            </Text>
          }
          rightSectionWidth={130}
          min={0}
          max={31}
          value={field.value}
          onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
          error={err(props.name)}
        />
      )}
    />
  );
}

/** When it runs: the recurring days, or the once-scheduled pay date. */
function ScheduleFields({ form }: { form: Form }) {
  const { t } = useTranslation('payroll');
  const type = form.watch('type');
  const mode = form.watch('mode');
  const { field: sched, fieldState: schedState } = useController({
    control: form.control,
    name: 'scheduledPayDate',
  });
  return (
    <FormGrid>
      {type === 'recurring' && (
        <DaysField
          form={form}
          name="daysBeforeMonthEndToCreatePayroll"
          label={t('payrollCreateScreen.payrollCreationDate')}
        />
      )}
      {(type === 'recurring' || mode === 'scheduled') && type === 'recurring' && (
        <DaysField
          form={form}
          name="daysBeforeMonthEndToProcessPayroll"
          label={t('payrollCreateScreen.payrollProcessingDate')}
        />
      )}
      {mode === 'scheduled' && type === 'once' && (
        <DateField
          label={t('payrollCreateScreen.scheduledPayDate')}
          value={sched.value}
          onChange={sched.onChange}
          onBlur={sched.onBlur}
          error={schedState.error?.message}
        />
      )}
    </FormGrid>
  );
}

/** The payroll's details: name, wallet, description, type, payout type and schedule. */
function DetailsCard({ form }: { form: Form }) {
  const { t } = useTranslation('payroll');
  const wallets = useWallets();
  const err = errOf(form);
  const ngn = (wallets.data ?? []).filter((w) => w.currency === 'NGN');
  return (
    <Card>
      <Stack>
        <FormGrid>
          <TextInput
            label={t('payrollCreateScreen.payrollName')}
            {...form.register('name')}
            error={err('name')}
          />
          <Controller
            control={form.control}
            name="walletId"
            render={({ field }) => (
              <Select
                label={t('payrollCreateScreen.payFrom')}
                data={ngn.map((w) => ({
                  value: w.id,
                  label: `${w.name} (${formatMoney(w.balanceMinor)})`,
                }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={err('walletId')}
              />
            )}
          />
        </FormGrid>
        <TextInput label={t('payrollCreateScreen.description')} {...form.register('description')} />
        <FormGrid>
          <Segments
            form={form}
            name="type"
            label={t('payrollCreateScreen.payrollType')}
            data={[
              { value: 'once', label: t('payrollCreateScreen.once') },
              { value: 'recurring', label: t('payrollCreateScreen.recurring') },
            ]}
          />
          <Segments
            form={form}
            name="mode"
            label={t('payrollCreateScreen.payoutType')}
            data={[
              { value: 'instant', label: t('payrollCreateScreen.instant') },
              { value: 'scheduled', label: t('payrollCreateScreen.scheduled') },
            ]}
          />
        </FormGrid>
        <ScheduleFields form={form} />
      </Stack>
    </Card>
  );
}

/** The employees to pay: a checkbox each, with Select all / Clear. */
function EmployeesCard({ form, all }: { form: Form; all: PayrollEmployee[] }) {
  const { t } = useTranslation('payroll');
  const selected = form.watch('employees');
  const err = errOf(form);
  return (
    <Card padding={0}>
      <Group justify="space-between" p="md">
        <Title order={5}>{t('payrollCreateScreen.employeesSelected', { length: selected.length })}</Title>
        <Button
          variant="subtle"
          size="xs"
          onClick={() =>
            form.setValue('employees', selected.length === all.length ? [] : all.map((e) => e.id))
          }
        >
          {selected.length === all.length
            ? t('payrollCreateScreen.clear')
            : t('payrollCreateScreen.selectAll')}
        </Button>
      </Group>
      {err('employees') && (
        <Text c="red" size="sm" px="md">
          {err('employees')}
        </Text>
      )}
      <Table>
        <Table.Tbody>
          {all.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td w={40}>
                <Checkbox
                  aria-label={e.name}
                  checked={selected.includes(e.id)}
                  onChange={(ev) =>
                    form.setValue(
                      'employees',
                      ev.currentTarget.checked ? [...selected, e.id] : selected.filter((x) => x !== e.id),
                      { shouldValidate: true },
                    )
                  }
                />
              </Table.Td>
              <Table.Td>{e.name}</Table.Td>
              <Table.Td>{e.email}</Table.Td>
              <Table.Td title={t('payrollCreateScreen.grossPay')}>
                {e.grossAmountMinor === null ? MASKED : formatMoney(e.grossAmountMinor)}
              </Table.Td>
              <Table.Td title={t('payrollCreateScreen.netPay')}>
                {e.finalAmountMinor === null ? MASKED : formatMoney(e.finalAmountMinor)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** /payroll/create: the dialog's details and the employees; creates a draft and goes to preview. */
export function PayrollCreateScreen() {
  const { t } = useTranslation('payroll');
  const navigate = useNavigate();
  const employees = useEmployees({ page: 1, limit: 1000 });
  // 002 §4: creation checks the accounting authorisation first (as expense submit does).
  const books = useAccountingAuthCheck();
  const { form, create } = useCreatePayroll();
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader mb={0} title={t('payrollCreateScreen.newPayroll')} />
      <form onSubmit={form.handleSubmit((v) => void books.check(() => create.mutate(v)))}>
        {books.modal}
        <Stack>
          <DetailsCard form={form} />
          <EmployeesCard form={form} all={employees.data?.items ?? []} />
          <Group justify="flex-end">
            <Button variant="secondary" onClick={() => navigate(paths.payroll.root.href())}>
              {t('payrollCreateScreen.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('payrollCreateScreen.previewPayroll')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
