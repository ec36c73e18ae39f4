import { Alert, Button, Card, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, type UseFieldArrayReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { PAYROLL_MSG, type PayrollEmployee } from '@owo/contract/payroll';
import { employeeNetPay, splitToEmployee } from '@owo/contract/payroll-pay';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { payrollApi, refreshPayroll, useEmployees, usePayroll, usePayrollRows } from '../api';
import { splitOf, toMinor } from './employee-form-model';
import { usePayContext } from './pay-figures';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import {
  EDITABLE,
  formSchema,
  fromEmployee,
  fromRow,
  linesOf,
  type EditForm,
  type RowForm,
} from './edit-employees-model';
import { EmployeeRow } from './edit-employees-rows';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The form of the run's rows (loaded once from the run) and its save (PUT, then back to the details). */
function useEditForm(
  payrollId: string | undefined,
  visible: boolean,
  rows: ReturnType<typeof usePayrollRows>,
) {
  const navigate = useNavigate();
  const schema = useMemo(() => formSchema(visible), [visible]);
  const form = useZodForm(schema, { defaultValues: { rows: [] } });
  const list = useFieldArray({ control: form.control, name: 'rows', keyName: 'key' });
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !rows.data) return;
    loaded.current = true;
    form.reset({ rows: rows.data.filter((r) => r.employeeId).map(fromRow) });
  }, [rows.data, form]);
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
  return { form, list, save };
}

/** A row's live pay: the contract's function with the employee's rent and NHF switch. */
function useLiveOf(employees: PayrollEmployee[]) {
  const ctx = usePayContext(0);
  const byId = new Map(employees.map((e) => [e.id, e]));
  return (r: RowForm | undefined) => {
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
}

/** Pick an employee not yet in the run and add them to it. */
function AddEmployeePicker(props: {
  choices: PayrollEmployee[];
  list: UseFieldArrayReturn<EditForm, 'rows', 'key'>;
}) {
  const { t } = useTranslation('payroll');
  const [picked, setPicked] = useState<string | null>(null);
  const { choices } = props;
  return (
    <Group align="flex-end">
      <Select
        label={t('editEmployeesScreen.addAnEmployee')}
        placeholder={t('editEmployeesScreen.searchEmployees')}
        searchable
        data={choices.map((e) => ({ value: e.id, label: `${e.name} (${e.email})` }))}
        value={picked}
        onChange={setPicked}
        w={360}
      />
      <Button
        variant="secondary"
        disabled={!picked}
        onClick={() => {
          const e = choices.find((c) => c.id === picked);
          if (e) props.list.append(fromEmployee(e));
          setPicked(null);
        }}
      >
        {t('editEmployeesScreen.addToPayroll')}
      </Button>
    </Group>
  );
}

/** The run's rows: each employee's split, deductions and live pay. */
function RowsTable(props: {
  form: ReturnType<typeof useEditForm>['form'];
  list: UseFieldArrayReturn<EditForm, 'rows', 'key'>;
  watched: RowForm[];
  visible: boolean;
  editable: boolean;
  liveOf: ReturnType<typeof useLiveOf>;
}) {
  const { t } = useTranslation('payroll');
  const { form, list, watched, visible, editable, liveOf } = props;
  return (
    <Card padding={0}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('editEmployeesScreen.employee')}</Table.Th>
            <Table.Th>{t('editEmployeesScreen.monthlyGrossAndItsSplit')}</Table.Th>
            <Table.Th>{t('editEmployeesScreen.deductionsAMonth')}</Table.Th>
            <Table.Th>{t('editEmployeesScreen.payThisRun')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.fields.map((f, i) => (
            <EmployeeRow
              key={f.key}
              form={form}
              f={f}
              i={i}
              visible={visible}
              editable={editable}
              live={visible ? liveOf(watched[i]) : null}
              onRemove={() => list.remove(i)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
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
  const { t } = useTranslation('payroll');
  const { payrollId } = useParams();
  const navigate = useNavigate();
  const payroll = usePayroll(payrollId);
  const rows = usePayrollRows(payrollId);
  const employees = useEmployees({ limit: 1000 });
  const visible = payroll.data?.salaryVisible ?? true;
  const { form, list, save } = useEditForm(payrollId, visible, rows);
  const liveOf = useLiveOf(employees.data?.items ?? []);
  const watched = form.watch('rows');

  if (payroll.isLoading || rows.isLoading) return <Loader />;
  const failed = payroll.error?.message ?? t('editEmployeesScreen.payrollNotFound');
  if (payroll.error || !payroll.data) return <Alert color="red">{messageText(failed)}</Alert>;
  const p = payroll.data;
  const editable = EDITABLE.includes(p.status);
  const inRun = new Set(watched.map((r) => r.employeeId));
  const choices = (employees.data?.items ?? []).filter((e) => !inRun.has(e.id));
  const errors = form.formState.errors;
  const back = () => navigate(paths.payroll.details.href({ ref: p.id }));
  return (
    <Stack gap="lg">
      <PageHeader
        mb={0}
        above={
          <Button variant="subtle" px={0} onClick={back}>
            {t('editEmployeesScreen.back')}
          </Button>
        }
        title={t('editEmployeesScreen.editPayrollEmployees')}
        description={
          <>{t('editEmployeesScreen.theMonthlyGrossIsBasic', { name: p.name, reference: p.reference })}</>
        }
      />
      {!editable && <Alert color="red">{messageText(PAYROLL_MSG.notEditable)}</Alert>}
      {!visible && (
        <Alert color="yellow" title={messageText(PAYROLL_MSG.noPermission)}>
          {t('editEmployeesScreen.salaryFiguresAreHiddenFor')}
        </Alert>
      )}
      <form
        onSubmit={form.handleSubmit(() => save.mutate(form.getValues()))}
        aria-label={t('editEmployeesScreen.payrollEmployees')}
      >
        <Stack>
          <RowsTable
            form={form}
            list={list}
            watched={watched}
            visible={visible}
            editable={editable}
            liveOf={liveOf}
          />
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
          {editable && <AddEmployeePicker choices={choices} list={list} />}
          <Group justify="flex-end">
            <Button variant="secondary" onClick={back}>
              {t('editEmployeesScreen.cancel')}
            </Button>
            {editable && (
              <Button type="submit" loading={save.isPending}>
                {t('editEmployeesScreen.saveEmployees')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
