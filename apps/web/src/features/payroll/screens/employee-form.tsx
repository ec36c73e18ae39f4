import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import {
  PAYROLL_MSG,
  RSA_PIN_RE,
  salarySchema,
  type EmployeeInput,
  type EmployeeUpdateInput,
  type PayrollEmployee,
} from '@owo/contract/payroll';
import { NIGERIAN_STATES } from '@owo/contract/kyb';
import { ApiError, type Envelope } from '../../../lib/api';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useBanks } from '../../profile';
import { payrollApi, refreshPayroll } from '../api';
import { MASKED } from '../status-badge';

const money = (required: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (!required && !v.trim()) return;
    const r = salarySchema.safeParse(v);
    if (!r.success)
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? PAYROLL_MSG.salaryMin });
  });

/**
 * The add/edit employee form. `figures`: the salary fields are typed (false for an edit by a role
 * without canViewPayrollSensitiveData: they are shown masked and never sent). `editing`: the account
 * number and RSA PIN leave the API masked, so blank keeps the stored one.
 */
const employeeFormSchema = (o: { figures: boolean; editing: boolean }) =>
  z.object({
    name: z.string().trim().min(1, PAYROLL_MSG.nameMissing).max(120),
    email: z.string().trim().max(254).email(PAYROLL_MSG.emailInvalid),
    salaryAmount: money(o.figures),
    bankCode: z.string().min(1, 'Please select a bank'),
    accountNumber: z
      .string()
      .trim()
      .refine((v) => (o.editing && !v) || /^\d{10}$/.test(v), 'Account number must be 10 digits'),
    annualRent: money(false),
    basic: money(false),
    housing: money(false),
    transport: money(false),
    stateOfResidence: z.string(),
    pfaName: z.string().trim().max(120),
    rsaPin: z
      .string()
      .trim()
      .refine((v) => !v || RSA_PIN_RE.test(v.toUpperCase()), PAYROLL_MSG.rsaPinInvalid),
    nhfNumber: z
      .string()
      .trim()
      .refine((v) => !v || /^[A-Za-z0-9/-]{1,20}$/.test(v), PAYROLL_MSG.nhfNumberInvalid),
  });
type EmployeeForm = z.input<ReturnType<typeof employeeFormSchema>>;

/** The statutory-base components the form edits; any other component is kept as it is. */
const BASES = ['Basic', 'Housing', 'Transport'] as const;
const isBase = (description: string) => BASES.some((b) => b.toLowerCase() === description.toLowerCase());
const naira = (minor: number | null) => (minor ? (Math.abs(minor) / 100).toFixed(2) : '');

function defaults(e?: PayrollEmployee | null): EmployeeForm {
  const part = (name: string) =>
    naira(e?.components.find((c) => c.description.toLowerCase() === name.toLowerCase())?.amountMinor ?? null);
  return {
    name: e?.name ?? '',
    email: e?.email ?? '',
    salaryAmount: e?.salaryVisible ? naira(e.salaryAmountMinor) : '',
    bankCode: e?.bankDetails.bankCode ?? '',
    accountNumber: '',
    annualRent: e?.salaryVisible ? naira(e.annualRentMinor) : '',
    basic: e?.salaryVisible ? part('Basic') : '',
    housing: e?.salaryVisible ? part('Housing') : '',
    transport: e?.salaryVisible ? part('Transport') : '',
    stateOfResidence: e?.stateOfResidence ?? '',
    pfaName: e?.pfaName ?? '',
    rsaPin: '',
    nhfNumber: e?.nhfNumber ?? '',
  };
}

/** The form's components: Basic/Housing/Transport as typed, then the employee's other components. */
function componentsOf(v: EmployeeForm, e?: PayrollEmployee | null): EmployeeInput['components'] {
  const typed = (
    [
      ['Basic', v.basic],
      ['Housing', v.housing],
      ['Transport', v.transport],
    ] as const
  )
    .filter(([, a]) => a?.trim())
    .map(([description, amount]) => ({ description, type: 'addition' as const, amount: amount!.trim() }));
  const kept = (e?.components ?? [])
    .filter((c) => !isBase(c.description) && c.amountMinor !== null)
    .map((c) => ({ description: c.description, type: c.type, amount: naira(c.amountMinor) }));
  return [...typed, ...kept];
}

/** The add body of the form's values (every figure typed). */
function addBody(v: EmployeeForm): EmployeeInput {
  return {
    name: v.name,
    email: v.email,
    salaryAmount: v.salaryAmount,
    bankCode: v.bankCode,
    accountNumber: v.accountNumber,
    annualRent: v.annualRent || undefined,
    stateOfResidence: v.stateOfResidence || undefined,
    pfaName: v.pfaName.trim() || undefined,
    rsaPin: v.rsaPin.trim().toUpperCase() || undefined,
    nhfNumber: v.nhfNumber.trim() || undefined,
    components: componentsOf(v),
  };
}

/**
 * The add call takes a list, so its field errors are keyed `employees.0.<field>` (and a component's
 * `employees.0.components.<i>.<field>`). This puts them back on the form's own fields: the
 * one employee's prefix goes, and a component's error lands on the Basic/Housing/Transport field it
 * came from (`componentsOf` sends the typed ones first, in that order). Other errors pass unchanged.
 */
export function addErrorsOnForm(err: unknown, v: EmployeeForm): unknown {
  if (!(err instanceof ApiError) || !err.errors) return err;
  const typed = (
    [
      ['basic', v.basic],
      ['housing', v.housing],
      ['transport', v.transport],
    ] as const
  )
    .filter(([, a]) => a?.trim())
    .map(([field]) => field);
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(err.errors)) {
    const m = /^employees\.0\.(.+)$/.exec(key);
    let field = m ? m[1] : key;
    const c = /^components\.(\d+)\./.exec(field);
    if (c) field = typed[Number(c[1])] ?? 'salaryAmount';
    errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return new ApiError(err.httpStatus, err.status, err.message, errors);
}

/**
 * The PUT body: a blank account number or RSA PIN is left out (the API keeps the stored one), and
 * without figures (masked role) no salary, rent or component is sent (the API keeps them).
 */
export function updateBody(v: EmployeeForm, e: PayrollEmployee): EmployeeUpdateInput {
  const accountNumber = v.accountNumber.trim();
  const rsaPin = v.rsaPin.trim().toUpperCase();
  return {
    name: v.name,
    email: v.email,
    bankCode: v.bankCode,
    ...(accountNumber ? { accountNumber } : {}),
    stateOfResidence: v.stateOfResidence || undefined,
    pfaName: v.pfaName.trim() || undefined,
    ...(rsaPin ? { rsaPin } : {}),
    nhfNumber: v.nhfNumber.trim() || undefined,
    ...(e.salaryVisible
      ? {
          salaryAmount: v.salaryAmount.trim(),
          annualRent: v.annualRent.trim() || '0',
          components: componentsOf(v, e),
        }
      : {}),
  };
}

/** Add employee (no `employee`) or edit one (prefilled): one form, 002 §5 salary rules. */
export function EmployeeFormModal(props: {
  opened: boolean;
  onClose: () => void;
  employee?: PayrollEmployee | null;
}) {
  const e = props.employee ?? null;
  const editing = !!e;
  const figures = !e || e.salaryVisible;
  const schema = useMemo(() => employeeFormSchema({ figures, editing }), [figures, editing]);
  const banks = useBanks();
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
  const err = (k: keyof EmployeeForm) => form.formState.errors[k]?.message;
  const title = editing ? 'Edit employee' : 'Add employee';
  const masked = { value: MASKED, disabled: true, description: PAYROLL_MSG.noPermission };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} size="lg">
      <form onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}>
        <Stack>
          <Group grow>
            <TextInput label="Full name" {...form.register('name')} error={err('name')} />
            <TextInput label="Email" {...form.register('email')} error={err('email')} />
          </Group>
          {figures ? (
            <>
              <Group grow>
                <TextInput
                  label="Monthly salary (₦)"
                  {...form.register('salaryAmount')}
                  error={err('salaryAmount')}
                />
                <TextInput
                  label="Annual rent paid (₦, for rent relief)"
                  {...form.register('annualRent')}
                  error={err('annualRent')}
                />
              </Group>
              <Group grow>
                <TextInput label="Basic (₦ a month)" {...form.register('basic')} error={err('basic')} />
                <TextInput label="Housing" {...form.register('housing')} error={err('housing')} />
                <TextInput label="Transport" {...form.register('transport')} error={err('transport')} />
              </Group>
            </>
          ) : (
            <Group grow>
              <TextInput label="Monthly salary (₦)" {...masked} />
              <TextInput label="Annual rent paid (₦, for rent relief)" {...masked} />
            </Group>
          )}
          <Group grow align="flex-start">
            <Controller
              control={form.control}
              name="bankCode"
              render={({ field }) => (
                <Select
                  label="Bank"
                  searchable
                  data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
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
          </Group>
          <Text size="sm" fw={500}>
            Remittance details (optional)
          </Text>
          <Group grow align="flex-start">
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
          </Group>
          <Group grow align="flex-start">
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
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
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
