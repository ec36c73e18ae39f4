import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { PAYROLL_MSG, RSA_PIN_RE, salarySchema } from '@owo/contract/payroll';
import { NIGERIAN_STATES } from '@owo/contract/kyb';
import {
  ExportCsvButton,
  FilterBar,
  ListBody,
  ListPagination,
  listQuery,
  useListState,
} from '../../../components/list';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { useBanks } from '../../profile';
import { payrollApi, refreshPayroll, useEmployees } from '../api';
import { MASKED } from '../status-badge';
import { BankChangesPanel, usePendingBankChangeIds } from './bank-changes-panel';

const GROUPS = [] as const;

/** /payroll/employees (002 §2): the directory; salary figures only when the server sends them. */
export function EmployeesScreen() {
  const { filters, page, setFilters, setPage } = useListState(GROUPS);
  const list = useEmployees(listQuery(filters, GROUPS, page));
  const canAdd = useCan('payrollEmployees', 'post');
  const [adding, setAdding] = useState(false);
  const items = list.data?.items ?? [];
  const masked = items.some((e) => !e.salaryVisible);
  const bankChangeIds = usePendingBankChangeIds();
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={2}>Employees</Title>
          <Text c="dimmed" size="sm">
            Payroll employees, their salaries and bank details
          </Text>
        </div>
        <Group>
          <ExportCsvButton
            path="/payrolls/employees"
            filters={filters}
            groups={GROUPS}
            filename="owo-payroll-employees.csv"
          />
          {canAdd && (
            <Button variant="default" component={Link} to="/payroll/import-employees">
              Import employees
            </Button>
          )}
          {canAdd && <Button onClick={() => setAdding(true)}>Add employee</Button>}
        </Group>
      </Group>
      {masked && (
        <Alert color="yellow" title={PAYROLL_MSG.noPermission}>
          Salary figures are hidden for your role.
        </Alert>
      )}
      <BankChangesPanel />
      <Card padding={0}>
        <FilterBar
          groups={[]}
          value={filters}
          onChange={setFilters}
          dates={false}
          presets={[]}
          searchPlaceholder="Search by name or email"
        />
        <ListBody query={list} isEmpty={!items.length}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Bank</Table.Th>
                <Table.Th>Salary</Table.Th>
                <Table.Th>Net pay</Table.Th>
                <Table.Th>Portal</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{e.name}</Table.Td>
                  <Table.Td>{e.email}</Table.Td>
                  <Table.Td>
                    {e.bankDetails.bankName} · {e.bankDetails.accountNumber}
                    {bankChangeIds.has(e.id) && (
                      <Badge ml="xs" color="yellow" variant="light">
                        Change pending
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td title={e.salaryVisible ? undefined : PAYROLL_MSG.noPermission}>
                    {e.salaryAmountMinor === null ? MASKED : formatMoney(e.salaryAmountMinor)}
                  </Table.Td>
                  <Table.Td title={e.salaryVisible ? undefined : PAYROLL_MSG.noPermission}>
                    {e.finalAmountMinor === null ? MASKED : formatMoney(e.finalAmountMinor)}
                  </Table.Td>
                  <Table.Td>{e.invitationStatus === 'accepted' ? 'Joined' : 'Invited'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ListBody>
        <ListPagination pagination={list.data?.pagination} page={page} onChange={setPage} />
      </Card>
      <AddEmployeeModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

const money = (required: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (!required && !v.trim()) return;
    const r = salarySchema.safeParse(v);
    if (!r.success)
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? PAYROLL_MSG.salaryMin });
  });

const employeeForm = z.object({
  name: z.string().trim().min(1, PAYROLL_MSG.nameMissing).max(120),
  email: z.string().trim().max(254).email(PAYROLL_MSG.emailInvalid),
  salaryAmount: money(true),
  bankCode: z.string().min(1, 'Please select a bank'),
  accountNumber: z.string().regex(/^\d{10}$/, 'Account number must be 10 digits'),
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
type EmployeeForm = z.input<typeof employeeForm>;

/** Add employee: salary with the 002 §5 rules; basic/housing/transport mark the statutory bases. */
function AddEmployeeModal(props: { opened: boolean; onClose: () => void }) {
  const banks = useBanks();
  const form = useZodForm(employeeForm, {
    defaultValues: {
      name: '',
      email: '',
      salaryAmount: '',
      bankCode: '',
      accountNumber: '',
      annualRent: '',
      basic: '',
      housing: '',
      transport: '',
      stateOfResidence: '',
      pfaName: '',
      rsaPin: '',
      nhfNumber: '',
    },
  });
  const add = useApiMutation({
    mutationFn: (v: EmployeeForm) =>
      payrollApi.addEmployees([
        {
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
          components: (
            [
              ['Basic', v.basic],
              ['Housing', v.housing],
              ['Transport', v.transport],
            ] as const
          )
            .filter(([, a]) => a?.trim())
            .map(([description, amount]) => ({ description, type: 'addition' as const, amount: amount! })),
        },
      ]),
    onSuccess: () => {
      void refreshPayroll();
      form.reset();
      props.onClose();
    },
  });
  const err = (k: keyof EmployeeForm) => form.formState.errors[k]?.message;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Add employee" size="lg">
      <form onSubmit={form.handleSubmit(() => add.mutate(form.getValues()))}>
        <Stack>
          <Group grow>
            <TextInput label="Full name" {...form.register('name')} error={err('name')} />
            <TextInput label="Email" {...form.register('email')} error={err('email')} />
          </Group>
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
          <Group grow>
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
              {...form.register('accountNumber')}
              error={err('accountNumber')}
            />
          </Group>
          <Text size="sm" fw={500}>
            Remittance details (optional)
          </Text>
          <Group grow>
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
          <Group grow>
            <TextInput
              label="Pension fund administrator (PFA)"
              {...form.register('pfaName')}
              error={err('pfaName')}
            />
            <TextInput
              label="RSA PIN"
              placeholder="PEN000000000000"
              autoComplete="off"
              {...form.register('rsaPin')}
              error={err('rsaPin')}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add employee
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
