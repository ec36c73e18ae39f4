import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATUTORY,
  employeeNetPay,
  employeeToSplit,
  payReviewFlags,
  splitDifference,
  splitToEmployee,
} from './payroll-pay';

const N = (naira: number) => naira * 100;
const ctx = { settings: DEFAULT_STATUTORY, headcount: 10 };

describe('net pay: the user split and the API model (issue 35 §5)', () => {
  it('the split maps onto salaryAmount = Basic + additions, so the gross is what the user typed', () => {
    const split = {
      grossMinor: N(450_000),
      basicMinor: N(250_000),
      housingMinor: N(120_000),
      transportMinor: N(50_000),
      otherMinor: N(30_000),
    };
    expect(splitDifference(split)).toBe(0);
    const e = splitToEmployee(split);
    expect(e.salaryMinor).toBe(N(250_000));
    expect(e.components.map((c) => [c.description, c.amountMinor])).toEqual([
      ['Housing', N(120_000)],
      ['Transport', N(50_000)],
      ['Other allowances', N(30_000)],
    ]);
    const pay = employeeNetPay({ ...e, annualRentMinor: 0, nhfEnabled: true }, ctx);
    expect(pay.grossMinor).toBe(N(450_000));
    expect(pay.basicMinor).toBe(N(250_000));
    expect(pay.netMinor).toBe(pay.grossMinor - pay.statutoryMinor - pay.otherDeductionsMinor);
    // and back the same way
    expect(employeeToSplit(e.salaryMinor, e.components).split).toEqual(split);
    expect(payReviewFlags(e.salaryMinor, e.components)).toEqual([]);
  });

  it('the doubled entry loads with its real gross, is flagged, and keeps named allowances and deductions', () => {
    const components = [
      { description: 'Basic', amountMinor: N(250_000) },
      { description: 'Housing', amountMinor: N(120_000) },
      { description: 'Transport', amountMinor: N(80_000) },
    ];
    expect(payReviewFlags(N(450_000), components)).toEqual(['componentsDoubleSalary']);
    const back = employeeToSplit(N(450_000), components);
    expect(back.split).toEqual({
      grossMinor: N(900_000),
      basicMinor: N(250_000),
      housingMinor: N(120_000),
      transportMinor: N(80_000),
      otherMinor: N(450_000),
    });
    // saved unchanged, the same pay (basic, bases and gross) as before
    const saved = splitToEmployee(back.split, back);
    const before = employeeNetPay(
      { salaryMinor: N(450_000), components, annualRentMinor: 0, nhfEnabled: true },
      ctx,
    );
    const after = employeeNetPay({ ...saved, annualRentMinor: 0, nhfEnabled: true }, ctx);
    expect(after.netMinor).toBe(before.netMinor);

    const named = employeeToSplit(N(200_000), [
      { description: 'Bonus', amountMinor: N(20_000) },
      { description: 'Loan', amountMinor: -N(5_000) },
    ]);
    expect(named.split.otherMinor).toBe(N(20_000));
    const kept = splitToEmployee(named.split, named);
    expect(kept.components).toEqual([
      { description: 'Bonus', type: 'addition', amountMinor: N(20_000) },
      { description: 'Loan', type: 'deduction', amountMinor: -N(5_000) },
    ]);
    // Other allowances retyped below the named ones: one "Other allowances" line instead
    const retyped = splitToEmployee({ ...named.split, otherMinor: N(10_000) }, named);
    expect(retyped.components[0]).toEqual({
      description: 'Other allowances',
      type: 'addition',
      amountMinor: N(10_000),
    });
  });
});
