import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { PAYROLL_MSG, type PayrollEmployee } from '@owo/contract/payroll';
import {
  employeeNetPay,
  PAY_REVIEW_MSG,
  splitToEmployee,
  type StatutoryResult,
} from '@owo/contract/payroll-pay';
import { NIGERIAN_STATES } from '@owo/contract/kyb';
import type { Envelope } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useBanks } from '../../profile';
import { payrollApi, refreshPayroll } from '../api';
import { MASKED } from '../labels';
import {
  addBody,
  addErrorsOnForm,
  defaults,
  employeeFormSchema,
  loaded,
  splitOf,
  toMinor,
  updateBody,
  type EmployeeForm,
} from './employee-form-model';
import { PayFigures, usePayContext } from './pay-figures';
import { BankSelect } from '../../../components/bank-select';
import { AccountNameCheck } from '../../../components/account-name-check';
import { useAccountLookup } from '../../../components/use-account-lookup';
import { FormGrid } from '../../../components/form-grid';

type Form = UseFormReturn<EmployeeForm>;
type Loaded = ReturnType<typeof loaded>;
type Banks = ReturnType<typeof useBanks>;

const errOf = (form: Form) => (k: keyof EmployeeForm) => form.formState.errors[k]?.message;

/** The form, its reset on open and its save (add, or update of `e`). */
function useEmployeeForm(props: { opened: boolean; onClose: () => void }, e: PayrollEmployee | null) {
  const editing = !!e;
  const figures = !e || e.salaryVisible;
  const schema = useMemo(() => employeeFormSchema({ figures, editing }), [figures, editing]);
  const form = useZodForm(schema, { defaultValues: defaults(e) });
  useEffect(() => {
    if (props.opened) form.reset(defaults(e));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when opened for an employee
  }, [props.opened, e?.id]);
  const save = useApiMutation<unknown, EmployeeForm>({
    mutationFn: (v: EmployeeForm): Promise<Envelope<unknown>> =>
      e
        ? payrollApi.updateEmployee(e.id, updateBody(v, e))
        : payrollApi.addEmployees([addBody(v)]).catch((err: unknown) => {
            throw addErrorsOnForm(err, v);
          }),
    form,
    onSuccess: () => {
      void refreshPayroll();
      form.reset(defaults(null));
      props.onClose();
    },
  });
  return { form, save, editing, figures };
}

/** The live statutory figures of the typed split (null while a figure is missing or not a number). */
function useLivePay(form: Form, e: PayrollEmployee | null, figures: boolean, l: Loaded) {
  const ctx = usePayContext(e ? 0 : 1);
  const v = form.watch();
  const split = figures ? splitOf(v) : null;
  const rent = toMinor(v.annualRent);
  return split && split.grossMinor > 0 && rent !== null
    ? employeeNetPay(
        {
          ...splitToEmployee(split, { named: l?.named, deductions: l?.deductions }),
          annualRentMinor: rent,
          nhfEnabled: e ? e.nhfEnabled : ctx.settings.nhfDefault,
        },
        ctx,
      )
    : null;
}

/** The split of the gross: Basic, Housing, Transport, Other allowances, with its error and kept deductions. */
function SplitFields({ form, l }: { form: Form; l: Loaded }) {
  const err = errOf(form);
  const splitError = (form.formState.errors as Record<string, { message?: string } | undefined>).split
    ?.message;
  return (
    <div>
      <Text size="sm" fw={500}>
        Split of the gross (₦ a month)
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        Basic + Housing + Transport + Other allowances must add up to the monthly gross. Leave them blank to
        pay it all as basic.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <TextInput label="Basic" {...form.register('basic')} error={err('basic')} />
        <TextInput label="Housing" {...form.register('housing')} error={err('housing')} />
        <TextInput label="Transport" {...form.register('transport')} error={err('transport')} />
        <TextInput
          label="Other allowances"
          description={
            l?.named.length ? `Includes ${l.named.map((n) => n.description).join(', ')}` : undefined
          }
          {...form.register('other')}
          error={err('other')}
        />
      </SimpleGrid>
      {splitError && (
        <Text c="red" size="sm" mt={4} role="alert">
          {splitError}
        </Text>
      )}
      {!!l?.deductions.length && (
        <Text size="xs" c="dimmed" mt={4}>
          Deductions kept as they are:{' '}
          {l.deductions.map((d) => `${d.description} ${formatMoney(-d.amountMinor)}`).join(', ')}
        </Text>
      )}
    </div>
  );
}

/** The salary figures: typed (gross, rent, split, live pay) or, for a masked role, shown masked. */
function SalaryFields(props: { form: Form; figures: boolean; l: Loaded; pay: StatutoryResult | null }) {
  const { form, l } = props;
  const err = errOf(form);
  if (!props.figures) {
    const masked = { value: MASKED, disabled: true, description: PAYROLL_MSG.noPermission };
    return (
      <FormGrid>
        <TextInput label="Monthly gross (₦)" {...masked} />
        <TextInput label="Annual rent paid (₦, for rent relief)" {...masked} />
      </FormGrid>
    );
  }
  return (
    <>
      <FormGrid>
        <TextInput
          label="Monthly gross (₦)"
          description="Everything the employee earns in a month, before deductions"
          {...form.register('gross')}
          error={err('gross')}
        />
        <TextInput
          label="Annual rent paid (₦, for rent relief)"
          {...form.register('annualRent')}
          error={err('annualRent')}
        />
      </FormGrid>
      <SplitFields form={form} l={l} />
      <PayFigures pay={props.pay} />
    </>
  );
}

/** Bank and account number (blank keeps the stored one on an edit). */
function BankFields({ form, e, banks }: { form: Form; e: PayrollEmployee | null; banks: Banks }) {
  const err = errOf(form);
  return (
    <FormGrid>
      <Controller
        control={form.control}
        name="bankCode"
        render={({ field }) => (
          <BankSelect
            banks={banks.data}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={err('bankCode')}
          />
        )}
      />
      <TextInput
        label="Account number"
        maxLength={10}
        description={e ? `Leave blank to keep ${e.bankDetails.accountNumber}` : undefined}
        {...form.register('accountNumber')}
        error={err('accountNumber')}
      />
    </FormGrid>
  );
}

/** The optional remittance details: state, NHF number, PFA and RSA PIN. */
function RemittanceFields({ form, e }: { form: Form; e: PayrollEmployee | null }) {
  const err = errOf(form);
  return (
    <>
      <Text size="sm" fw={500}>
        Remittance details (optional)
      </Text>
      <FormGrid>
        <Controller
          control={form.control}
          name="stateOfResidence"
          render={({ field }) => (
            <Select
              label="State of residence"
              searchable
              clearable
              data={[...NIGERIAN_STATES]}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={err('stateOfResidence')}
            />
          )}
        />
        <TextInput label="NHF number" {...form.register('nhfNumber')} error={err('nhfNumber')} />
      </FormGrid>
      <FormGrid>
        <TextInput
          label="Pension fund administrator (PFA)"
          {...form.register('pfaName')}
          error={err('pfaName')}
        />
        <TextInput
          label="RSA PIN"
          placeholder="PEN000000000000"
          autoComplete="off"
          description={e?.rsaPin ? `Leave blank to keep ${e.rsaPin}` : undefined}
          {...form.register('rsaPin')}
          error={err('rsaPin')}
        />
      </FormGrid>
    </>
  );
}

/** Add employee (no `employee`) or edit one (prefilled): one form, 002 §5 salary rules. */
export function EmployeeFormModal(props: {
  opened: boolean;
  onClose: () => void;
  employee?: PayrollEmployee | null;
}) {
  const e = props.employee ?? null;
  const banks = useBanks();
  const { form, save, editing, figures } = useEmployeeForm(props, e);
  const [bankCode, accountNumber, name] = form.watch(['bankCode', 'accountNumber', 'name']);
  const lookup = useAccountLookup(bankCode ?? '', accountNumber ?? '');
  const l = loaded(e);
  const pay = useLivePay(form, e, figures, l);
  const err = errOf(form);
  const title = editing ? 'Edit employee' : 'Add employee';
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} size="lg">
      <form onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}>
        <Stack>
          <FormGrid>
            <TextInput label="Full name" {...form.register('name')} error={err('name')} />
            <TextInput label="Email" {...form.register('email')} error={err('email')} />
          </FormGrid>
          {e?.reviewFlags.map((f) => (
            <Alert key={f} color="orange" title="Check this employee's pay">
              {PAY_REVIEW_MSG[f]}
            </Alert>
          ))}
          <SalaryFields form={form} figures={figures} l={l} pay={pay} />
          <RemittanceFields form={form} e={e} />
          <BankFields form={form} e={e} banks={banks} />
          <AccountNameCheck lookup={lookup} typedName={name} />
          <Group justify="flex-end">
            <Button variant="secondary" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Save changes' : 'Add employee'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
