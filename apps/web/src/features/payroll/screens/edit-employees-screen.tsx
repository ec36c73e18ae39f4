import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { PAYROLL_MSG, salarySchema, type PayrollEmployee, type PayrollRow } from '@owo/contract/payroll';
import {
  employeeNetPay,
  employeeToSplit,
  RESERVED_LINES,
  splitToEmployee,
  type PayComponent,
} from '@owo/contract/payroll-pay';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { payrollApi, refreshPayroll, useEmployees, usePayroll, usePayrollRows } from '../api';
import { MASKED } from '../labels';
import { SPLIT_MSG, splitOf, toMinor, usePayContext } from './employee-form';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

/** Lines the server computes (never typed): PAYE, pension and NHF. */
const SALARY = 'Salary';
const EDITABLE = ['draft', 'rejected'];

const amount = (required: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (!required && !v.trim()) return;
    const r = salarySchema.safeParse(v);
    if (!r.success)
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? PAYROLL_MSG.amountInvalid });
  });

/** A deduction of this run (loan, advance): typed positive, sent negative. */
const deductionSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(60)
    .refine((d) => ![...RESERVED_LINES, SALARY].some((r) => r.toLowerCase() === d.toLowerCase()), {
      message: PAYROLL_MSG.reservedLine,
    }),
  amount: amount(true),
});

const formSchema = (visible: boolean) =>
  z.object({
    rows: z
      .array(
        z
          .object({
            employeeId: z.string(),
            name: z.string(),
            email: z.string(),
            netMinor: z.number().nullable(),
            gross: amount(visible),
            basic: amount(false),
            housing: amount(false),
            transport: amount(false),
            other: amount(false),
            /** The named allowances Other allowances holds (kept while it covers them). */
            named: z.array(z.object({ description: z.string(), amountMinor: z.number() })),
            deductions: z.array(deductionSchema),
          })
          .superRefine((r, ctx) => {
            if (!visible) return;
            const s = splitOf(r);
            if (!s || !s.grossMinor) return;
            if (!s.basicMinor) {
              ctx.addIssue({ code: 'custom', path: ['basic'], message: SPLIT_MSG.basicRequired });
              return;
            }
            const sum = s.basicMinor + s.housingMinor + s.transportMinor + s.otherMinor;
            if (sum !== s.grossMinor)
              ctx.addIssue({ code: 'custom', path: ['split'], message: SPLIT_MSG.addUp(sum, s.grossMinor) });
          }),
      )
      .min(1, PAYROLL_MSG.employeesRequired),
  });
type EditForm = z.input<ReturnType<typeof formSchema>>;
type RowForm = EditForm['rows'][number];

const naira = (minor: number) => (minor ? (Math.abs(minor) / 100).toFixed(2) : '');

/** This run's lines (Salary + components) as the user's split, named allowances and deductions. */
function splitFields(salaryMinor: number | null, components: PayComponent[]) {
  if (salaryMinor === null)
    return { gross: '', basic: '', housing: '', transport: '', other: '', named: [], deductions: [] };
  const l = employeeToSplit(salaryMinor, components);
  return {
    gross: naira(l.split.grossMinor),
    basic: naira(l.split.basicMinor),
    housing: naira(l.split.housingMinor),
    transport: naira(l.split.transportMinor),
    other: naira(l.split.otherMinor),
    named: l.named,
    deductions: l.deductions.map((d) => ({ description: d.description, amount: naira(d.amountMinor) })),
  };
}

const fromRow = (r: PayrollRow): RowForm => {
  const b = r.salaryBreakdown ?? {};
  const components = Object.entries(b)
    .filter(([k]) => k !== SALARY && !RESERVED_LINES.includes(k))
    .map(([description, a]) => ({
      description,
      amountMinor: toMinor(a.replace('-', ''))! * (a.startsWith('-') ? -1 : 1),
    }));
  const salary = b[SALARY] === undefined ? null : toMinor(b[SALARY]);
  return {
    employeeId: r.employeeId!,
    name: r.name,
    email: r.email,
    netMinor: r.finalAmountMinor,
    ...splitFields(r.salaryBreakdown ? (salary ?? 0) : null, components),
  };
};

const fromEmployee = (e: PayrollEmployee): RowForm => ({
  employeeId: e.id,
  name: e.name,
  email: e.email,
  netMinor: null,
  ...splitFields(
    e.salaryAmountMinor,
    e.components.map((c) => ({ description: c.description, amountMinor: c.amountMinor ?? 0 })),
  ),
});

/** The row's API lines: `splitToEmployee` (Salary = Basic, then the additions) and its deductions. */
function linesOf(r: RowForm): Record<string, string> {
  const mapped = splitToEmployee(splitOf(r)!, {
    named: r.named,
    deductions: r.deductions.map((d) => ({
      description: d.description.trim(),
      amountMinor: -toMinor(d.amount)!,
    })),
  });
  return {
    [SALARY]: naira(mapped.salaryMinor),
    ...Object.fromEntries(
      mapped.components.map((c) => [c.description, `${c.amountMinor < 0 ? '-' : ''}${naira(c.amountMinor)}`]),
    ),
  };
}

/**
 * /payroll/:payrollId/employees/edit (002 §2; issue 35 §5): this run's employees and their pay in
 * the user's model (the monthly gross and its split, and this run's deductions) while the payroll
 * is a draft or rejected, with gross, statutory deductions and net live (the contract's
 * `employeeNetPay`, the server's own); PUT /payrolls/{id}/employees recomputes PAYE, pension and
 * NHF. Without canViewPayrollSensitiveData the figures are asterisks and only employees can be
 * added or removed (their pay for this run is kept by the server).
 */
export function EditPayrollEmployeesScreen() {
  const { payrollId } = useParams();
  const navigate = useNavigate();
  const payroll = usePayroll(payrollId);
  const rows = usePayrollRows(payrollId);
  const employees = useEmployees({ limit: 1000 });
  const visible = payroll.data?.salaryVisible ?? true;
  const schema = useMemo(() => formSchema(visible), [visible]);
  const form = useZodForm(schema, { defaultValues: { rows: [] } });
  const list = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !rows.data) return;
    loaded.current = true;
    form.reset({ rows: rows.data.filter((r) => r.employeeId).map(fromRow) });
  }, [rows.data, form]);
  const [picked, setPicked] = useState<string | null>(null);
  const save = useApiMutation({
    form,
    mutationFn: (v: EditForm) =>
      payrollApi.updateEmployees(
        payrollId!,
        v.rows.map((r) =>
          visible
            ? {
                employeeId: r.employeeId,
                lines: linesOf(r),
              }
            : { employeeId: r.employeeId },
        ),
      ),
    onSuccess: () => {
      void refreshPayroll();
      void navigate(paths.payroll.details.href({ ref: payrollId! }));
    },
  });

  const ctx = usePayContext(0);
  const byId = new Map((employees.data?.items ?? []).map((e) => [e.id, e]));
  const watched = form.watch('rows');
  /** A row's live pay: the contract's function with the employee's rent and NHF switch. */
  const liveOf = (r: RowForm | undefined) => {
    const e = r && byId.get(r.employeeId);
    const s = r && splitOf(r);
    if (!r || !e || !s || !s.grossMinor || e.annualRentMinor == null) return null;
    const deductions = r.deductions.map((d) => ({
      description: d.description,
      amountMinor: -(toMinor(d.amount) ?? 0),
    }));
    return employeeNetPay(
      {
        ...splitToEmployee(s, { named: r.named, deductions }),
        annualRentMinor: e.annualRentMinor,
        nhfEnabled: e.nhfEnabled,
      },
      ctx,
    );
  };

  if (payroll.isLoading || rows.isLoading) return <Loader />;
  if (payroll.error || !payroll.data)
    return <Alert color="red">{payroll.error?.message ?? 'Payroll not found'}</Alert>;
  const p = payroll.data;
  const editable = EDITABLE.includes(p.status);
  const inRun = new Set(watched.map((r) => r.employeeId));
  const choices = (employees.data?.items ?? []).filter((e) => !inRun.has(e.id));
  const errors = form.formState.errors;
  const money = (i: number, key: 'gross' | 'basic' | 'housing' | 'transport' | 'other', label: string) => (
    <TextInput
      size="xs"
      label={label}
      aria-label={`${label} for ${list.fields[i].name}`}
      disabled={!editable}
      {...form.register(`rows.${i}.${key}`)}
      error={errors.rows?.[i]?.[key]?.message}
    />
  );
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={() => navigate(paths.payroll.details.href({ ref: p.id }))}>
            ← Back
          </Button>
        }
        title="Edit payroll employees"
        description={
          <>
            {p.name} · {p.reference} · the monthly gross is Basic + Housing + Transport + Other allowances;
            PAYE, pension and NHF are recomputed when you save
          </>
        }
      />
      {!editable && <Alert color="red">{PAYROLL_MSG.notEditable}</Alert>}
      {!visible && (
        <Alert color="yellow" title={PAYROLL_MSG.noPermission}>
          Salary figures are hidden for your role. You can add or remove employees; each one keeps their pay
          for this run.
        </Alert>
      )}
      <form onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))} aria-label="Payroll employees">
        <Stack>
          <Card padding={0}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Monthly gross and its split (₦)</Table.Th>
                  <Table.Th>Deductions (₦ a month)</Table.Th>
                  <Table.Th>Pay this run</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.fields.map((f, i) => {
                  const live = visible ? liveOf(watched[i]) : null;
                  const splitError = (errors.rows?.[i] as Record<string, { message?: string }> | undefined)
                    ?.split?.message;
                  return (
                    <Table.Tr key={f.key}>
                      <Table.Td>
                        <Text size="sm">{f.name}</Text>
                        <Text size="xs" c="dimmed">
                          {f.email}
                        </Text>
                      </Table.Td>
                      <Table.Td title={visible ? undefined : PAYROLL_MSG.noPermission}>
                        {visible ? (
                          <Stack gap={4}>
                            {money(i, 'gross', 'Monthly gross')}
                            <Group gap={4} wrap="nowrap" align="flex-start">
                              {money(i, 'basic', 'Basic')}
                              {money(i, 'housing', 'Housing')}
                              {money(i, 'transport', 'Transport')}
                              {money(i, 'other', 'Other allowances')}
                            </Group>
                            {splitError && (
                              <Text c="red" size="xs" role="alert">
                                {splitError}
                              </Text>
                            )}
                          </Stack>
                        ) : (
                          MASKED
                        )}
                      </Table.Td>
                      <Table.Td title={visible ? undefined : PAYROLL_MSG.noPermission}>
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
                      <Table.Td title={visible ? undefined : PAYROLL_MSG.noPermission}>
                        {!visible ? (
                          MASKED
                        ) : live ? (
                          <Stack gap={0} aria-label={`Pay for ${f.name}`}>
                            <Text size="xs">Gross {formatMoney(live.grossMinor)}</Text>
                            <Text size="xs">Statutory −{formatMoney(live.statutoryMinor)}</Text>
                            {live.otherDeductionsMinor > 0 && (
                              <Text size="xs">Deductions −{formatMoney(live.otherDeductionsMinor)}</Text>
                            )}
                            <Text size="sm" fw={600}>
                              Net {formatMoney(live.netMinor)}
                            </Text>
                          </Stack>
                        ) : f.netMinor === null ? (
                          '—'
                        ) : (
                          formatMoney(f.netMinor)
                        )}
                      </Table.Td>
                      <Table.Td>
                        {editable && (
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            aria-label={`Remove ${f.name}`}
                            onClick={() => list.remove(i)}
                          >
                            Remove
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Card>
          {errors.rows?.message && (
            <Text c="red" size="sm">
              {errors.rows.message}
            </Text>
          )}
          {errors.root?.server?.message && (
            <Text c="red" size="sm">
              {errors.root.server.message}
            </Text>
          )}
          {editable && (
            <Group align="flex-end">
              <Select
                label="Add an employee"
                placeholder="Search employees"
                searchable
                data={choices.map((e) => ({ value: e.id, label: `${e.name} (${e.email})` }))}
                value={picked}
                onChange={setPicked}
                w={360}
              />
              <Button
                variant="default"
                disabled={!picked}
                onClick={() => {
                  const e = choices.find((c) => c.id === picked);
                  if (e) list.append(fromEmployee(e));
                  setPicked(null);
                }}
              >
                Add to payroll
              </Button>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.payroll.details.href({ ref: p.id }))}>
              Cancel
            </Button>
            {editable && (
              <Button type="submit" loading={save.isPending}>
                Save employees
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
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
            placeholder="Description"
            aria-label={`Deduction ${j + 1} description for ${props.name}`}
            disabled={props.disabled}
            {...props.register(`rows.${props.index}.deductions.${j}.description`)}
            error={err?.[j]?.description?.message}
          />
          <TextInput
            size="xs"
            placeholder="Amount"
            aria-label={`Deduction ${j + 1} amount for ${props.name}`}
            disabled={props.disabled}
            {...props.register(`rows.${props.index}.deductions.${j}.amount`)}
            error={err?.[j]?.amount?.message}
          />
          {!props.disabled && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove deduction ${j + 1} for ${props.name}`}
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
          aria-label={`Add deduction for ${props.name}`}
          onClick={() => lines.append({ description: '', amount: '' })}
        >
          + Add deduction
        </Button>
      )}
    </Stack>
  );
}
