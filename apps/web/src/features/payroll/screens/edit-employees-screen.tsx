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
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, type Control, type UseFormRegister, type FieldErrors } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { PAYROLL_MSG, salarySchema, type PayrollEmployee, type PayrollRow } from '@owo/contract/payroll';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { payrollApi, refreshPayroll, useEmployees, usePayroll, usePayrollRows } from '../api';
import { MASKED } from '../status-badge';

/** Lines the server computes (never typed): PAYE, pension and NHF. */
const STATUTORY = ['PAYE', 'Pension (employee)', 'NHF'];
const SALARY = 'Salary';
const EDITABLE = ['draft', 'rejected'];

const lineSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(60)
    .refine((d) => ![...STATUTORY, SALARY].some((r) => r.toLowerCase() === d.toLowerCase()), {
      message: PAYROLL_MSG.reservedLine,
    }),
  amount: z
    .string()
    .trim()
    .regex(/^-?\d{1,13}(\.\d{1,2})?$/, PAYROLL_MSG.amountInvalid),
});

const formSchema = (visible: boolean) =>
  z.object({
    rows: z
      .array(
        z.object({
          employeeId: z.string(),
          name: z.string(),
          email: z.string(),
          netMinor: z.number().nullable(),
          salary: visible
            ? z.string().superRefine((v, ctx) => {
                const r = salarySchema.safeParse(v);
                if (!r.success)
                  ctx.addIssue({
                    code: 'custom',
                    message: r.error.issues[0]?.message ?? PAYROLL_MSG.salaryMin,
                  });
              })
            : z.string(),
          lines: z.array(lineSchema),
        }),
      )
      .min(1, PAYROLL_MSG.employeesRequired),
  });
type EditForm = z.input<ReturnType<typeof formSchema>>;
type RowForm = EditForm['rows'][number];

const fromRow = (r: PayrollRow): RowForm => ({
  employeeId: r.employeeId!,
  name: r.name,
  email: r.email,
  netMinor: r.finalAmountMinor,
  salary: r.salaryBreakdown?.[SALARY] ?? '',
  lines: Object.entries(r.salaryBreakdown ?? {})
    .filter(([k]) => k !== SALARY && !STATUTORY.includes(k))
    .map(([description, amount]) => ({ description, amount })),
});

const fromEmployee = (e: PayrollEmployee): RowForm => ({
  employeeId: e.id,
  name: e.name,
  email: e.email,
  netMinor: null,
  salary: e.salaryAmount ?? '',
  lines: e.components.map((c) => ({ description: c.description, amount: c.amount ?? '' })),
});

/**
 * /payroll/:payrollId/employees/edit (002 §2): this run's employees and their pay (salary, allowances,
 * deductions) while the payroll is a draft or rejected; PUT /payrolls/{id}/employees recomputes PAYE,
 * pension and NHF. Without canViewPayrollSensitiveData the figures are asterisks and only employees
 * can be added or removed (their pay for this run is kept by the server).
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
                lines: {
                  [SALARY]: r.salary.trim(),
                  ...Object.fromEntries(r.lines.map((l) => [l.description.trim(), l.amount.trim()])),
                },
              }
            : { employeeId: r.employeeId },
        ),
      ),
    onSuccess: () => {
      void refreshPayroll();
      void navigate(`/payroll/${payrollId}/details`);
    },
  });

  if (payroll.isLoading || rows.isLoading) return <Loader />;
  if (payroll.error || !payroll.data)
    return <Alert color="red">{payroll.error?.message ?? 'Payroll not found'}</Alert>;
  const p = payroll.data;
  const editable = EDITABLE.includes(p.status);
  const inRun = new Set(form.watch('rows').map((r) => r.employeeId));
  const choices = (employees.data?.items ?? []).filter((e) => !inRun.has(e.id));
  const errors = form.formState.errors;
  return (
    <Stack gap="lg">
      <div>
        <Button variant="subtle" px={0} onClick={() => navigate(`/payroll/${p.id}/details`)}>
          ← Back
        </Button>
        <Title order={2}>Edit payroll employees</Title>
        <Text c="dimmed" size="sm">
          {p.name} · {p.reference} · PAYE, pension and NHF are recomputed when you save
        </Text>
      </div>
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
                  <Table.Th>Salary (₦ a month)</Table.Th>
                  <Table.Th>Allowances (+) and deductions (−)</Table.Th>
                  <Table.Th>Net pay</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.fields.map((f, i) => (
                  <Table.Tr key={f.key}>
                    <Table.Td>
                      <Text size="sm">{f.name}</Text>
                      <Text size="xs" c="dimmed">
                        {f.email}
                      </Text>
                    </Table.Td>
                    <Table.Td title={visible ? undefined : PAYROLL_MSG.noPermission}>
                      {visible ? (
                        <TextInput
                          aria-label={`Salary for ${f.name}`}
                          disabled={!editable}
                          {...form.register(`rows.${i}.salary`)}
                          error={errors.rows?.[i]?.salary?.message}
                        />
                      ) : (
                        MASKED
                      )}
                    </Table.Td>
                    <Table.Td title={visible ? undefined : PAYROLL_MSG.noPermission}>
                      {visible ? (
                        <LinesEditor
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
                      {f.netMinor === null ? (visible ? '—' : MASKED) : formatMoney(f.netMinor)}
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
                ))}
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
            <Button variant="default" onClick={() => navigate(`/payroll/${p.id}/details`)}>
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

function LinesEditor(props: {
  control: Control<EditForm>;
  register: UseFormRegister<EditForm>;
  errors: FieldErrors<EditForm>;
  index: number;
  name: string;
  disabled: boolean;
}) {
  const lines = useFieldArray({ control: props.control, name: `rows.${props.index}.lines`, keyName: 'key' });
  const err = props.errors.rows?.[props.index]?.lines;
  return (
    <Stack gap={4}>
      {lines.fields.map((l, j) => (
        <Group key={l.key} gap={4} wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            placeholder="Description"
            aria-label={`Line ${j + 1} description for ${props.name}`}
            disabled={props.disabled}
            {...props.register(`rows.${props.index}.lines.${j}.description`)}
            error={err?.[j]?.description?.message}
          />
          <TextInput
            size="xs"
            placeholder="Amount (− for a deduction)"
            aria-label={`Line ${j + 1} amount for ${props.name}`}
            disabled={props.disabled}
            {...props.register(`rows.${props.index}.lines.${j}.amount`)}
            error={err?.[j]?.amount?.message}
          />
          {!props.disabled && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove line ${j + 1} for ${props.name}`}
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
          aria-label={`Add line for ${props.name}`}
          onClick={() => lines.append({ description: '', amount: '' })}
        >
          + Add line
        </Button>
      )}
    </Stack>
  );
}
