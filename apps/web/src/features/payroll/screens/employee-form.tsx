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
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

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
  const { t } = useTranslation('payroll');
  const err = errOf(form);
  const splitError = (form.formState.errors as Record<string, { message?: string } | undefined>).split
    ?.message;
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('employeeForm.splitOfTheGrossA')}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {t('employeeForm.basicHousingTransportOtherAllowances')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <TextInput label={t('employeeForm.basic')} {...form.register('basic')} error={err('basic')} />
        <TextInput label={t('employeeForm.housing')} {...form.register('housing')} error={err('housing')} />
        <TextInput
          label={t('employeeForm.transport')}
          {...form.register('transport')}
          error={err('transport')}
        />
        <TextInput
          label={t('employeeForm.otherAllowances')}
          description={
            l?.named.length
              ? t('employeeForm.includes', { value: l.named.map((n) => n.description).join(', ') })
              : undefined
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
          {t('employeeForm.deductionsKeptAsTheyAre', {
            amount: l.deductions.map((d) => `${d.description} ${formatMoney(-d.amountMinor)}`).join(', '),
          })}
        </Text>
      )}
    </div>
  );
}

/** The salary figures: typed (gross, rent, split, live pay) or, for a masked role, shown masked. */
function SalaryFields(props: { form: Form; figures: boolean; l: Loaded; pay: StatutoryResult | null }) {
  const { t } = useTranslation('payroll');
  const { form, l } = props;
  const err = errOf(form);
  if (!props.figures) {
    const masked = { value: MASKED, disabled: true, description: messageText(PAYROLL_MSG.noPermission) };
    return (
      <FormGrid>
        <TextInput label={t('employeeForm.monthlyGross')} {...masked} />
        <TextInput label={t('employeeForm.annualRentPaidForRent')} {...masked} />
      </FormGrid>
    );
  }
  return (
    <>
      <FormGrid>
        <TextInput
          label={t('employeeForm.monthlyGross')}
          description={t('employeeForm.everythingTheEmployeeEarnsIn')}
          {...form.register('gross')}
          error={err('gross')}
        />
        <TextInput
          label={t('employeeForm.annualRentPaidForRent')}
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
  const { t } = useTranslation('payroll');
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
        label={t('employeeForm.accountNumber')}
        maxLength={10}
        description={
          e ? t('employeeForm.leaveBlankToKeep', { accountNumber: e.bankDetails.accountNumber }) : undefined
        }
        {...form.register('accountNumber')}
        error={err('accountNumber')}
      />
    </FormGrid>
  );
}

/** The optional remittance details: state, NHF number, PFA and RSA PIN. */
function RemittanceFields({ form, e }: { form: Form; e: PayrollEmployee | null }) {
  const { t } = useTranslation('payroll');
  const err = errOf(form);
  return (
    <>
      <Text size="sm" fw={500}>
        {t('employeeForm.remittanceDetailsOptional')}
      </Text>
      <FormGrid>
        <Controller
          control={form.control}
          name="stateOfResidence"
          render={({ field }) => (
            <Select
              label={t('employeeForm.stateOfResidence')}
              searchable
              clearable
              data={[...NIGERIAN_STATES]}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              error={err('stateOfResidence')}
            />
          )}
        />
        <TextInput
          label={t('employeeForm.nhfNumber')}
          {...form.register('nhfNumber')}
          error={err('nhfNumber')}
        />
      </FormGrid>
      <FormGrid>
        <TextInput
          label={t('employeeForm.pensionFundAdministratorPfa')}
          {...form.register('pfaName')}
          error={err('pfaName')}
        />
        <TextInput
          label={t('employeeForm.rsaPin')}
          placeholder={t('employeeForm.pen000000000000')}
          autoComplete="off"
          description={e?.rsaPin ? t('employeeForm.leaveBlankToKeep2', { rsaPin: e.rsaPin }) : undefined}
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
  const { t } = useTranslation('payroll');
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
            <TextInput label={t('employeeForm.fullName')} {...form.register('name')} error={err('name')} />
            <TextInput label={t('employeeForm.email')} {...form.register('email')} error={err('email')} />
          </FormGrid>
          {e?.reviewFlags.map((f) => (
            <Alert key={f} color="orange" title={t('employeeForm.checkThisEmployeeSPay')}>
              {PAY_REVIEW_MSG[f]}
            </Alert>
          ))}
          <SalaryFields form={form} figures={figures} l={l} pay={pay} />
          <RemittanceFields form={form} e={e} />
          <BankFields form={form} e={e} banks={banks} />
          <AccountNameCheck lookup={lookup} typedName={name} />
          <Group justify="flex-end">
            <Button variant="secondary" onClick={props.onClose}>
              {t('employeeForm.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? t('employeeForm.saveChanges') : t('employeeForm.addEmployee')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
