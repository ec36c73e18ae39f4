import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
  type PayrollSettings,
} from '@owo/contract/payroll';
import {
  DEFAULT_STATUTORY,
  employeeNetPay,
  employeeToSplit,
  PAY_REVIEW_MSG,
  splitToEmployee,
  type PayComponent,
  type PayContext,
  type PaySplit,
  type StatutoryResult,
} from '@owo/contract/payroll-pay';
import { NIGERIAN_STATES } from '@owo/contract/kyb';
import { ApiError, api, type Envelope } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useBanks } from '../../profile';
import { payrollApi, refreshPayroll, useEmployees } from '../api';
import { MASKED } from '../labels';

const money = (required: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (!required && !v.trim()) return;
    const r = salarySchema.safeParse(v);
    if (!r.success)
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? PAYROLL_MSG.salaryMin });
  });

/** Naira as typed → kobo (blank = 0; not a valid amount = null). */
export function toMinor(v: string | undefined): number | null {
  const s = (v ?? '').trim().replace(/,/g, '');
  if (!s) return 0;
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) return null;
  const [w, f = ''] = s.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
}
const naira = (minor: number | null) => (minor ? (Math.abs(minor) / 100).toFixed(2) : '');

export const SPLIT_MSG = {
  basicRequired: 'Enter the basic pay: it is the salary, the other parts are added to it',
  addUp: (sum: number, gross: number) =>
    `Basic, Housing, Transport and Other allowances add up to ${formatMoney(sum)}, not the monthly gross of ${formatMoney(gross)}`,
} as const;

/** The split of the form's values (kobo); a blank split is all basic. Null while a figure is not a number. */
export function splitOf(v: Pick<EmployeeForm, 'gross' | 'basic' | 'housing' | 'transport' | 'other'>) {
  const [gross, basic, housing, transport, other] = [v.gross, v.basic, v.housing, v.transport, v.other].map(
    toMinor,
  );
  if ([gross, basic, housing, transport, other].some((x) => x === null)) return null;
  const blank = ![v.basic, v.housing, v.transport, v.other].some((x) => x?.trim());
  return {
    grossMinor: gross!,
    basicMinor: blank ? gross! : basic!,
    housingMinor: housing!,
    transportMinor: transport!,
    otherMinor: other!,
  } satisfies PaySplit;
}

/**
 * The add/edit employee form, in the user's model (issue 35 §5): the MONTHLY GROSS and its split
 * (Basic, Housing, Transport, Other allowances, adding up to the gross; all blank = all basic).
 * Mapped onto the API's model by the contract's `splitToEmployee`: salaryAmount = Basic, the rest
 * are additions, so gross = salaryAmount + additions = what was typed. `figures`: the salary fields
 * are typed (false for an edit by a role without canViewPayrollSensitiveData: shown masked and
 * never sent). `editing`: the account number and RSA PIN leave the API masked, so blank keeps them.
 */
const employeeFormSchema = (o: { figures: boolean; editing: boolean }) =>
  z
    .object({
      name: z.string().trim().min(1, PAYROLL_MSG.nameMissing).max(120),
      email: z.string().trim().max(254).email(PAYROLL_MSG.emailInvalid),
      gross: money(o.figures),
      basic: money(false),
      housing: money(false),
      transport: money(false),
      other: money(false),
      bankCode: z.string().min(1, 'Please select a bank'),
      accountNumber: z
        .string()
        .trim()
        .refine((v) => (o.editing && !v) || /^\d{10}$/.test(v), 'Account number must be 10 digits'),
      annualRent: money(false),
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
    })
    .superRefine((v, ctx) => {
      if (!o.figures) return;
      const s = splitOf(v);
      if (!s || !s.grossMinor) return; // the amount fields report their own errors
      if (!s.basicMinor) {
        ctx.addIssue({ code: 'custom', path: ['basic'], message: SPLIT_MSG.basicRequired });
        return;
      }
      const sum = s.basicMinor + s.housingMinor + s.transportMinor + s.otherMinor;
      if (sum !== s.grossMinor)
        ctx.addIssue({ code: 'custom', path: ['split'], message: SPLIT_MSG.addUp(sum, s.grossMinor) });
    });
type EmployeeForm = z.input<ReturnType<typeof employeeFormSchema>>;

/** An employee's stored pay as the form's split (`employeeToSplit`), with what the form keeps. */
function loaded(e?: PayrollEmployee | null) {
  if (!e?.salaryVisible || e.salaryAmountMinor === null) return null;
  const components: PayComponent[] = e.components.map((c) => ({
    description: c.description,
    amountMinor: c.amountMinor ?? 0,
  }));
  return employeeToSplit(e.salaryAmountMinor, components);
}

function defaults(e?: PayrollEmployee | null): EmployeeForm {
  const l = loaded(e);
  return {
    name: e?.name ?? '',
    email: e?.email ?? '',
    gross: naira(l?.split.grossMinor ?? null),
    basic: naira(l?.split.basicMinor ?? null),
    housing: naira(l?.split.housingMinor ?? null),
    transport: naira(l?.split.transportMinor ?? null),
    other: naira(l?.split.otherMinor ?? null),
    bankCode: e?.bankDetails.bankCode ?? '',
    accountNumber: '',
    annualRent: e?.salaryVisible ? naira(e.annualRentMinor) : '',
    stateOfResidence: e?.stateOfResidence ?? '',
    pfaName: e?.pfaName ?? '',
    rsaPin: '',
    nhfNumber: e?.nhfNumber ?? '',
  };
}

/** The API's salaryAmount and components of the form's split (the employee's named allowances and deductions kept). */
export function figuresOf(v: EmployeeForm, e?: PayrollEmployee | null) {
  const s = splitOf(v)!;
  const l = loaded(e);
  const mapped = splitToEmployee(s, { named: l?.named, deductions: l?.deductions });
  return {
    salaryAmount: naira(mapped.salaryMinor),
    components: mapped.components.map((c) => ({
      description: c.description,
      type: c.type,
      amount: naira(c.amountMinor),
    })),
  };
}

/** The add body of the form's values (every figure typed). */
function addBody(v: EmployeeForm): EmployeeInput {
  const f = figuresOf(v);
  return {
    name: v.name,
    email: v.email,
    salaryAmount: f.salaryAmount,
    bankCode: v.bankCode,
    accountNumber: v.accountNumber,
    annualRent: v.annualRent || undefined,
    stateOfResidence: v.stateOfResidence || undefined,
    pfaName: v.pfaName.trim() || undefined,
    rsaPin: v.rsaPin.trim().toUpperCase() || undefined,
    nhfNumber: v.nhfNumber.trim() || undefined,
    components: f.components,
  };
}

/** Which form field the i-th sent component came from (`splitToEmployee` sends Housing, Transport, Other allowances first). */
function componentField(v: EmployeeForm, i: number): string {
  const typed = (
    [
      ['housing', v.housing],
      ['transport', v.transport],
      ['other', v.other],
    ] as const
  )
    .filter(([, a]) => (toMinor(a) ?? 0) > 0)
    .map(([field]) => field);
  return typed[i] ?? 'other';
}

/**
 * The add call takes a list, so its field errors are keyed `employees.0.<field>` (and a component's
 * `employees.0.components.<i>.<field>`). This puts them back on the form's own fields: the
 * one employee's prefix goes, `salaryAmount` lands on Basic (the salary is the basic; on the gross
 * when no split was typed), and a component's error on the Housing/Transport/Other field it came
 * from. Other errors pass unchanged.
 */
export function addErrorsOnForm(err: unknown, v: EmployeeForm): unknown {
  if (!(err instanceof ApiError) || !err.errors) return err;
  const errors: Record<string, string[]> = {};
  const split = [v.basic, v.housing, v.transport, v.other].some((x) => x?.trim());
  for (const [key, messages] of Object.entries(err.errors)) {
    const m = /^employees\.0\.(.+)$/.exec(key);
    let field = m ? m[1] : key;
    const c = /^components\.(\d+)\./.exec(field);
    if (c) field = componentField(v, Number(c[1]));
    else if (field === 'salaryAmount') field = split ? 'basic' : 'gross';
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
    ...(e.salaryVisible ? { ...figuresOf(v, e), annualRent: v.annualRent.trim() || '0' } : {}),
  };
}

/**
 * The company context of the live figures: its statutory settings (GET /payrolls/settings; the
 * defaults while it loads or for a role that may not read it) and its headcount (the employee
 * list's total, plus `joining` being added), the same inputs the server's `employeeNetPay` takes.
 */
export function usePayContext(joining: number): PayContext {
  const settings = useQuery({
    queryKey: ['payroll', 'settings'],
    queryFn: async () => (await api.get<PayrollSettings>('/payrolls/settings')).data,
    retry: false,
  });
  const all = useEmployees({ page: 1, limit: 1 });
  const s = settings.data;
  const total = all.data?.pagination?.totalItems ?? all.data?.items.length ?? 0;
  return {
    settings: s
      ? {
          ...DEFAULT_STATUTORY,
          enabled: s.enabled,
          nhfDefault: s.nhfDefault,
          pensionMinEmployees: s.pensionMinEmployees,
          minimumWageExempt: s.minimumWageExempt,
          minimumWageMonthlyMinor: toMinor(s.minimumWageMonthly) ?? DEFAULT_STATUTORY.minimumWageMonthlyMinor,
          nsitfBase: s.nsitfBase,
        }
      : DEFAULT_STATUTORY,
    headcount: total + joining,
  };
}

/** Gross, statutory deductions and net as typed: the contract's `employeeNetPay` (the server's own). */
export function PayFigures(props: { pay: StatutoryResult | null; label?: string }) {
  const p = props.pay;
  const line = (label: string, minor: number | null, strong = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined} aria-label={label}>
        {minor === null ? '—' : formatMoney(minor)}
      </Text>
    </Group>
  );
  return (
    <Card withBorder padding="sm" aria-label={props.label ?? 'Pay summary'}>
      <Stack gap={2}>
        {line('Gross pay', p ? p.grossMinor : null, true)}
        {line('PAYE', p ? -p.payeMinor : null)}
        {line('Pension (employee)', p ? -p.pensionMinor : null)}
        {line('NHF', p ? -p.nhfMinor : null)}
        {line('Statutory deductions', p ? -p.statutoryMinor : null)}
        {p && p.otherDeductionsMinor > 0 ? line('Other deductions', -p.otherDeductionsMinor) : null}
        {line('Net pay', p ? p.netMinor : null, true)}
      </Stack>
    </Card>
  );
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
  const ctx = usePayContext(editing ? 0 : 1);
  const v = form.watch();
  const l = loaded(e);
  const split = figures ? splitOf(v) : null;
  const rent = toMinor(v.annualRent);
  const pay =
    split && split.grossMinor > 0 && rent !== null
      ? employeeNetPay(
          {
            ...splitToEmployee(split, { named: l?.named, deductions: l?.deductions }),
            annualRentMinor: rent,
            nhfEnabled: e ? e.nhfEnabled : ctx.settings.nhfDefault,
          },
          ctx,
        )
      : null;
  const err = (k: keyof EmployeeForm) => form.formState.errors[k]?.message;
  const splitError = (form.formState.errors as Record<string, { message?: string } | undefined>).split
    ?.message;
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
          {e?.reviewFlags.map((f) => (
            <Alert key={f} color="orange" title="Check this employee's pay">
              {PAY_REVIEW_MSG[f]}
            </Alert>
          ))}
          {figures ? (
            <>
              <Group grow align="flex-start">
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
              </Group>
              <div>
                <Text size="sm" fw={500}>
                  Split of the gross (₦ a month)
                </Text>
                <Text size="xs" c="dimmed" mb={4}>
                  Basic + Housing + Transport + Other allowances must add up to the monthly gross. Leave them
                  blank to pay it all as basic.
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
              <PayFigures pay={pay} />
            </>
          ) : (
            <Group grow>
              <TextInput label="Monthly gross (₦)" {...masked} />
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
