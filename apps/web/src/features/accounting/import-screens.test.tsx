import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp } from '../../app/test-utils';

// Map Payment Tags: the payroll journal and fee accounts (issue 27 §1 Posting) are shown with the
// defaults the first sync picked, and saved with the category mapping on Finish Import.

const acc = (id: string, name: string, type: string) => ({ id, name, type, active: true });
const mapping = {
  bankAccountId: '35',
  defaultExpenseAccountId: '7',
  payrollAccountId: '21',
  employerPensionAccountId: '25',
  nsitfExpenseAccountId: '26',
  payePayableAccountId: '37',
  pensionPayableAccountId: '38',
  nhfPayableAccountId: '39',
  nsitfPayableAccountId: '41',
  otherDeductionsAccountId: '42',
  bankChargesAccountId: '8',
  mappings: [
    {
      categoryId: 'c1',
      categoryName: 'Travel',
      providerAccountId: null,
      providerAccountName: null,
      classId: null,
      className: null,
    },
  ],
};

const field = (label: string) => screen.getAllByLabelText(label)[0];

describe('import payment tags: payroll and fees accounts', () => {
  it('shows the journal accounts with their defaults and saves them on Finish Import', async () => {
    const { api } = renderApp('/integrations/map-tags', {
      session: {},
      routes: {
        'GET /api/accounting/payment-tags': ok(mapping),
        'PUT /api/accounting/payment-tags': ok(mapping),
        'GET /api/accounting/classes': ok([]),
        'GET /api/accounting/accounts/Bank': ok([acc('35', 'Operating Bank Account', 'Bank')]),
        'GET /api/accounting/accounts/Expense': ok([
          acc('7', 'Advertising & Marketing', 'Expense'),
          acc('8', 'Bank Charges', 'Expense'),
          acc('21', 'Salaries & Wages', 'Expense'),
          acc('25', 'Employer Pension Contributions', 'Expense'),
          acc('26', 'NSITF Contributions', 'Expense'),
        ]),
        'GET /api/accounting/accounts/Other%20Current%20Liability': ok([
          acc('37', 'PAYE Payable', 'Other Current Liability'),
          acc('38', 'Pension Payable', 'Other Current Liability'),
          acc('39', 'NHF Payable', 'Other Current Liability'),
          acc('41', 'NSITF Payable', 'Other Current Liability'),
          acc('42', 'Payroll Liabilities', 'Other Current Liability'),
        ]),
      },
    });
    expect(await screen.findByText('Payroll and fees')).toBeTruthy();
    await waitFor(() => expect((field('PAYE payable') as HTMLInputElement).value).toBe('PAYE Payable'));
    expect((field('Salaries (gross pay)') as HTMLInputElement).value).toBe('Salaries & Wages');
    expect((field('Bank charges (transfer fees)') as HTMLInputElement).value).toBe('Bank Charges');
    expect((field('Other salary deductions') as HTMLInputElement).value).toBe('Payroll Liabilities');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Finish Import' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      bankAccountId: '35',
      payrollAccountId: '21',
      payePayableAccountId: '37',
      pensionPayableAccountId: '38',
      nhfPayableAccountId: '39',
      nsitfPayableAccountId: '41',
      otherDeductionsAccountId: '42',
      employerPensionAccountId: '25',
      nsitfExpenseAccountId: '26',
      bankChargesAccountId: '8',
    });
  });
});
