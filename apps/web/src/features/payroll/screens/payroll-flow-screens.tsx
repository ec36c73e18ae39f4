import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, useController } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { checkPayrollDates, PAYROLL_MSG, type PayrollDetail } from '@owo/contract/payroll';
import { DateField } from '../../../components/date-field';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useAccountingAuthCheck } from '../../accounting';
import { useWallets } from '../../money';
import { payrollApi, refreshPayroll, useEmployees, usePayroll, usePayrollRows } from '../api';
import { MASKED } from '../labels';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';

/** Breakdown lines in payslip order: Salary, other earnings, then deductions (jsonb keeps no order). */
export const orderedLines = (m: Record<string, number>) =>
  Object.entries(m).sort(
    ([ka, a], [kb, b]) => Number(kb === 'Salary') - Number(ka === 'Salary') || Number(b > 0) - Number(a > 0),
  );

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

/** /payroll/create: the dialog's details and the employees; creates a draft and goes to preview. */
export function PayrollCreateScreen() {
  const navigate = useNavigate();
  const wallets = useWallets();
  const employees = useEmployees({ page: 1, limit: 1000 });
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
  const type = form.watch('type');
  const mode = form.watch('mode');
  const selected = form.watch('employees');
  // 002 §4: creation checks the accounting authorisation first (as expense submit does).
  const books = useAccountingAuthCheck();
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
    onSuccess: (res) => {
      void refreshPayroll();
      void navigate(paths.payroll.preview.href({ id: res.data.id }));
    },
  });
  const { field: sched, fieldState: schedState } = useController({
    control: form.control,
    name: 'scheduledPayDate',
  });
  const err = (k: keyof Dialog) => form.formState.errors[k]?.message;
  const ngn = (wallets.data ?? []).filter((w) => w.currency === 'NGN');
  const all = employees.data?.items ?? [];
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader mb={0} title="New payroll" />
      <form onSubmit={form.handleSubmit((v) => void books.check(() => create.mutate(v)))}>
        {books.modal}
        <Stack>
          <Card>
            <Stack>
              <Group grow>
                <TextInput label="Payroll name" {...form.register('name')} error={err('name')} />
                <Controller
                  control={form.control}
                  name="walletId"
                  render={({ field }) => (
                    <Select
                      label="Pay from"
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
              </Group>
              <TextInput label="Description" {...form.register('description')} />
              <Group grow align="flex-start">
                <div>
                  <Text size="sm" fw={500} mb={4}>
                    Payroll type
                  </Text>
                  <Controller
                    control={form.control}
                    name="type"
                    render={({ field }) => (
                      <SegmentedControl
                        fullWidth
                        data={[
                          { value: 'once', label: 'Once' },
                          { value: 'recurring', label: 'Recurring' },
                        ]}
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </div>
                <div>
                  <Text size="sm" fw={500} mb={4}>
                    Payout type
                  </Text>
                  <Controller
                    control={form.control}
                    name="mode"
                    render={({ field }) => (
                      <SegmentedControl
                        fullWidth
                        data={[
                          { value: 'instant', label: 'Instant' },
                          { value: 'scheduled', label: 'Scheduled' },
                        ]}
                        value={field.value}
                        onChange={field.onChange}
                      />
                    )}
                  />
                </div>
              </Group>
              <Group grow align="flex-start">
                {type === 'recurring' && (
                  <Controller
                    control={form.control}
                    name="daysBeforeMonthEndToCreatePayroll"
                    render={({ field }) => (
                      <NumberInput
                        label="Payroll creation date"
                        rightSection={
                          <Text size="xs" c="dimmed" pr="xl">
                            days to month end
                          </Text>
                        }
                        rightSectionWidth={130}
                        min={0}
                        max={31}
                        value={field.value}
                        onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                        error={err('daysBeforeMonthEndToCreatePayroll')}
                      />
                    )}
                  />
                )}
                {(type === 'recurring' || mode === 'scheduled') && type === 'recurring' && (
                  <Controller
                    control={form.control}
                    name="daysBeforeMonthEndToProcessPayroll"
                    render={({ field }) => (
                      <NumberInput
                        label="Payroll processing date"
                        rightSection={
                          <Text size="xs" c="dimmed" pr="xl">
                            days to month end
                          </Text>
                        }
                        rightSectionWidth={130}
                        min={0}
                        max={31}
                        value={field.value}
                        onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                        error={err('daysBeforeMonthEndToProcessPayroll')}
                      />
                    )}
                  />
                )}
                {mode === 'scheduled' && type === 'once' && (
                  <DateField
                    label="Scheduled pay date"
                    value={sched.value}
                    onChange={sched.onChange}
                    onBlur={sched.onBlur}
                    error={schedState.error?.message}
                  />
                )}
              </Group>
            </Stack>
          </Card>
          <Card padding={0}>
            <Group justify="space-between" p="md">
              <Title order={5}>Employees ({selected.length} selected)</Title>
              <Button
                variant="subtle"
                size="xs"
                onClick={() =>
                  form.setValue('employees', selected.length === all.length ? [] : all.map((e) => e.id))
                }
              >
                {selected.length === all.length ? 'Clear' : 'Select all'}
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
                            ev.currentTarget.checked
                              ? [...selected, e.id]
                              : selected.filter((x) => x !== e.id),
                            { shouldValidate: true },
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>{e.name}</Table.Td>
                    <Table.Td>{e.email}</Table.Td>
                    <Table.Td title="Gross pay">
                      {e.grossAmountMinor === null ? MASKED : formatMoney(e.grossAmountMinor)}
                    </Table.Td>
                    <Table.Td title="Net pay">
                      {e.finalAmountMinor === null ? MASKED : formatMoney(e.finalAmountMinor)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.payroll.root.href())}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Preview payroll
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The run's totals by line (earnings positive, deductions negative) and employer costs. */
export function Totals(props: { p: PayrollDetail }) {
  const p = props.p;
  if (!p.salaryVisible)
    return (
      <Alert color="yellow" title={PAYROLL_MSG.noPermission}>
        Net pay {MASKED}
      </Alert>
    );
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <div>
          <Text size="xs" c="dimmed">
            Gross pay
          </Text>
          <Text fw={600}>{formatMoney(p.grossAmountMinor ?? 0)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Net pay (paid to employees)
          </Text>
          <Text fw={600}>{formatMoney(p.netAmountMinor ?? 0)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Employer cost (pension, NSITF)
          </Text>
          <Text fw={600}>{formatMoney(p.employerCostMinor ?? 0)}</Text>
        </div>
      </SimpleGrid>
      <Table mt="md">
        <Table.Tbody>
          {orderedLines(p.payrollBreakdownMinor ?? {}).map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td>{k}</Table.Td>
              <Table.Td ta="right" c={v < 0 ? 'red' : undefined}>
                {formatMoney(v)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

export function RowsTable(props: { id: string; status?: string }) {
  const rows = usePayrollRows(props.id, props.status);
  return (
    <Card padding={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th>Bank</Table.Th>
            <Table.Th>Breakdown</Table.Th>
            <Table.Th>Net pay</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rows.data ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>
                {r.bankDetails.bankName} · {r.bankDetails.accountNumber}
              </Table.Td>
              <Table.Td>
                {r.salaryBreakdownMinor
                  ? orderedLines(r.salaryBreakdownMinor)
                      .map(([k, v]) => `${k} ${formatMoney(v)}`)
                      .join(' · ')
                  : MASKED}
              </Table.Td>
              <Table.Td>{r.finalAmountMinor === null ? MASKED : formatMoney(r.finalAmountMinor)}</Table.Td>
              <Table.Td>
                {r.status}
                {r.failureReason ? ` — ${r.failureReason}` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** /payroll/preview?id=: the computed draft (redirects to /payroll when there is none). */
export function PayrollPreviewScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const navigate = useNavigate();
  const p = usePayroll(id);
  if (!id) return <Navigate to={paths.payroll.root.href()} replace />;
  if (p.error) return <Navigate to={paths.payroll.root.href()} replace />;
  if (!p.data) return null;
  return (
    <Stack gap="lg">
      <PageHeader mb={0} title={<>Preview: {p.data.name}</>} />
      <Totals p={p.data} />
      <RowsTable id={id} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate(paths.payroll.root.href())}>
          Save as draft
        </Button>
        <Button onClick={() => navigate(paths.payroll.review.href({ id }))}>Continue</Button>
      </Group>
    </Stack>
  );
}

/** /payroll/review?id=: submit for approval, then the Payroll Created dialog. */
export function PayrollReviewScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const navigate = useNavigate();
  const p = usePayroll(id);
  const [done, setDone] = useState(false);
  const submit = useApiMutation({
    mutationFn: () => payrollApi.submit(id!),
    onSuccess: () => {
      void refreshPayroll();
      setDone(true);
    },
  });
  if (!id || p.error) return <Navigate to={paths.payroll.root.href()} replace />;
  if (!p.data) return null;
  const d = p.data;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader mb={0} title="Review payroll" />
      <Card>
        <SimpleGrid cols={2}>
          <Text c="dimmed">Name</Text>
          <Text>{d.name}</Text>
          <Text c="dimmed">Type</Text>
          <Text>
            {d.type === 'once' ? 'Once' : 'Recurring'} · {d.mode === 'instant' ? 'Instant' : 'Scheduled'}
          </Text>
          <Text c="dimmed">Employees</Text>
          <Text>{d.employeeCount}</Text>
          <Text c="dimmed">Net pay</Text>
          <Text>{d.netAmountMinor === null ? MASKED : formatMoney(d.netAmountMinor)}</Text>
        </SimpleGrid>
      </Card>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => navigate(paths.payroll.preview.href({ id }))}>
          Back
        </Button>
        <Button loading={submit.isPending} disabled={d.status !== 'draft'} onClick={() => submit.mutate()}>
          Submit for approval
        </Button>
      </Group>
      <Modal
        opened={done}
        onClose={() => navigate(paths.payroll.root.href())}
        title="Payroll Created"
        centered
      >
        <Stack>
          <Text>{d.name} was sent for approval. Each employee is paid when it is approved.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.payroll.details.href({ ref: id }))}>
              View payroll
            </Button>
            <Button onClick={() => navigate(paths.dashboard.href())}>Back Home</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
