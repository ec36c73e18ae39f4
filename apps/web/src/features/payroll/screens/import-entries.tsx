// The employee import's rows (issue 25 §2, issue 35 §5): each row's pay as it will be imported, the
// validation table's columns and the fix-a-row modal with the values it sends again. Used by
// ImportValidationScreen (import-screens.tsx).
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYROLL_IMPORT_COLUMNS, type ImportEntry } from '@owo/contract/payroll-import';
import { employeeNetPay, type PayContext, type StatutoryResult } from '@owo/contract/payroll-pay';
import { ImportFixModal, type ImportColumn } from '../../../components/import';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { MASKED } from '../labels';
import { toMinor } from './employee-form-model';
import { PayFigures } from './pay-figures';

/** The import's API: upload, batches, their rows. */
export const IMPORT_BASE = '/payrolls/employees/csv';

/**
 * A row's pay as it will be once imported (issue 35 §5): the file's salaryAmount is the monthly
 * gross, all basic (no components), with the row's annual rent and the company's NHF default,
 * through the contract's `employeeNetPay` (the server's own). Null while the figures are not valid.
 */
export function importedPay(
  e: { salaryAmount: string | null; annualRent: string | null },
  ctx: PayContext,
): StatutoryResult | null {
  const gross = toMinor(e.salaryAmount ?? '');
  const rent = toMinor(e.annualRent ?? '');
  if (!gross || rent === null) return null;
  return employeeNetPay(
    { salaryMinor: gross, components: [], annualRentMinor: rent, nhfEnabled: ctx.settings.nhfDefault },
    ctx,
  );
}

/** Fix one row: every cell sent again, with the row's pay as typed. */
export function EntryFixModal({
  entry,
  ctx,
  onClose,
  onSaved,
}: {
  entry: ImportEntry;
  ctx: PayContext;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('payroll');
  return (
    <ImportFixModal
      rowNo={entry.rowNo}
      fields={PAYROLL_IMPORT_COLUMNS.map((c) => ({
        key: c,
        label: t(`importScreens.cell.${c}`),
        placeholder:
          c === 'accountNumber'
            ? t('importScreens.typeTheFullNumber', { value: entry.accountNumber })
            : undefined,
      }))}
      initial={fixValues(entry)}
      errors={entry.errors}
      save={(v) => api.put<ImportEntry>(`${IMPORT_BASE}/entries/${entry.id}`, v)}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(v) =>
        entry.salaryAmount !== null && (
          <PayFigures pay={importedPay({ salaryAmount: v.salaryAmount, annualRent: v.annualRent }, ctx)} />
        )
      }
    </ImportFixModal>
  );
}

/** A row as it will be imported: the file's cells with their problems, its pay, its state. */
export function entryColumns(ctx: PayContext, fix: (e: ImportEntry) => void): ImportColumn<ImportEntry>[] {
  const pay = (e: ImportEntry) => (e.errors.salaryAmount || e.errors.annualRent ? null : importedPay(e, ctx));
  const fig = (e: ImportEntry, minor: number | undefined) =>
    e.salaryAmount === null ? MASKED : minor === undefined ? '—' : formatMoney(minor);
  const t = i18n.getFixedT(null, 'payroll');
  return [
    { label: t('importScreens.col.name'), value: (e) => e.name, error: (e) => e.errors.name },
    { label: t('importScreens.col.email'), value: (e) => e.email, error: (e) => e.errors.email },
    {
      label: t('importScreens.col.monthlyGross'),
      value: (e) => {
        const p = pay(e);
        return e.salaryAmount === null ? MASKED : p ? formatMoney(p.grossMinor) : e.salaryAmount;
      },
      error: (e) => e.errors.salaryAmount,
    },
    {
      label: t('importScreens.col.statutoryDeductions'),
      value: (e) => {
        const p = pay(e);
        return fig(e, p ? -p.statutoryMinor : undefined);
      },
      text: true,
    },
    { label: t('importScreens.col.netPay'), value: (e) => fig(e, pay(e)?.netMinor), text: true },
    {
      label: t('importScreens.col.bank'),
      value: (e) => e.bankName ?? e.bankCode,
      error: (e) => e.errors.bankCode,
    },
    {
      label: t('importScreens.col.account'),
      value: (e) => `${e.accountNumber}${e.accountName ? ` · ${e.accountName}` : ''}`,
      error: (e) => e.errors.accountNumber,
    },
    {
      label: t('importScreens.col.remittance'),
      value: (e) => [e.stateOfResidence, e.pfaName, e.rsaPin, e.nhfNumber].filter(Boolean).join(' · '),
      error: (e) => e.errors.stateOfResidence ?? e.errors.pfaName ?? e.errors.rsaPin ?? e.errors.nhfNumber,
    },
    {
      label: t('importScreens.col.status'),
      nowrap: true,
      value: (e) =>
        e.valid ? (
          <Text size="sm" fw={600} c="green.8">
            {i18n.t('payroll:importScreens.ready')}
          </Text>
        ) : e.nameStatus === 'pending' ? (
          <Text size="sm" fw={600} c="dimmed">
            {i18n.t('payroll:importScreens.checking')}
          </Text>
        ) : (
          <Text size="sm" fw={600} c="red.7">
            {i18n.t('payroll:importScreens.problem')}
          </Text>
        ),
    },
    {
      label: '',
      value: (e) =>
        !e.valid &&
        e.nameStatus !== 'pending' && (
          <Button size="xs" variant="secondary" onClick={() => fix(e)}>
            {i18n.t('payroll:importScreens.fix')}
          </Button>
        ),
    },
  ];
}

/** The row sent again in full; the account number and RSA PIN are masked, so they are typed again. */
export const fixValues = (e: ImportEntry): Record<string, string> => ({
  name: e.name,
  email: e.email,
  salaryAmount: e.salaryAmount ?? '',
  bankCode: e.bankCode,
  accountNumber: '',
  accountName: '',
  annualRent: e.annualRent ?? '',
  stateOfResidence: e.stateOfResidence ?? '',
  pfaName: e.pfaName ?? '',
  // masked like the account number: typed again (left blank, the row has no PIN)
  rsaPin: '',
  nhfNumber: e.nhfNumber ?? '',
});
