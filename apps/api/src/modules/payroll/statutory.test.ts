import { describe, expect, it } from 'vitest';
import {
  computeEmployee,
  DEFAULT_STATUTORY,
  divRound,
  payeAnnual,
  type StatutorySettings,
} from './statutory';

const N = (naira: number) => Math.round(naira * 100);
const salary = (naira: number, extra: [string, number][] = []) => [
  { description: 'Salary', amountMinor: N(naira) },
  ...extra.map(([description, a]) => ({ description, amountMinor: N(a) })),
];

describe('statutory deductions (NIGERIA.md, 2026)', () => {
  it('the worked example: ₦744,180 a year, ₦62,015 a month, to the kobo', () => {
    const r = computeEmployee(
      {
        lines: salary(100_000, [
          ['Basic', 250_000],
          ['HOUSING', 100_000],
          ['transport', 50_000],
        ]),
        annualRentMinor: N(1_200_000),
        nhfEnabled: true,
      },
      DEFAULT_STATUTORY,
      { headcount: 10 },
    );
    expect(r.grossMinor * 12).toBe(N(6_000_000));
    expect(r.pensionMinor * 12).toBe(N(384_000));
    expect(r.nhfMinor * 12).toBe(N(75_000));
    expect(r.rentReliefAnnualMinor).toBe(N(240_000));
    expect(r.chargeableAnnualMinor).toBe(N(5_301_000));
    expect(r.payeAnnualMinor).toBe(N(744_180));
    expect(r.payeMinor).toBe(N(62_015));
    expect(r.breakdown).toEqual({
      Salary: N(100_000),
      Basic: N(250_000),
      HOUSING: N(100_000),
      transport: N(50_000),
      PAYE: -N(62_015),
      'Pension (employee)': -N(32_000),
      NHF: -N(6_250),
    });
    expect(r.employerCosts).toEqual({ 'Pension (employer)': N(40_000), NSITF: N(5_000) });
    expect(r.netMinor).toBe(N(399_735));
  });

  // Hand-computed (the working is in each row's note). Monthly naira in, monthly naira out.
  type Case = {
    note: string;
    lines: ReturnType<typeof salary>;
    rent?: number;
    nhf?: boolean;
    headcount?: number;
    settings?: Partial<StatutorySettings>;
    paye: number;
    pension: number;
    nhfOut: number;
    net: number;
    employer?: Record<string, number>;
  };
  const cases: Case[] = [
    {
      note: '₦50k: 537,000 chargeable, inside the 0% band',
      lines: salary(50_000),
      paye: 0,
      pension: 4_000,
      nhfOut: 1_250,
      net: 44_750,
    },
    {
      note: '₦100k: 1,200,000 − 96,000 − 30,000 = 1,074,000; 274,000 × 15% = 41,100 → 3,425',
      lines: salary(100_000),
      paye: 3_425,
      pension: 8_000,
      nhfOut: 2_500,
      net: 86_075,
    },
    {
      note: '₦250k: 3,000,000 − 240,000 − 75,000 = 2,685,000; 1,885,000 × 15% = 282,750 → 23,562.50',
      lines: salary(250_000),
      paye: 23_562.5,
      pension: 20_000,
      nhfOut: 6_250,
      net: 200_187.5,
    },
    {
      note: 'exactly ₦3m chargeable (pension under the headcount threshold, NHF off): 330,000 → 27,500',
      lines: salary(250_000),
      nhf: false,
      headcount: 2,
      paye: 27_500,
      pension: 0,
      nhfOut: 0,
      net: 222_500,
      employer: { NSITF: 2_500 },
    },
    {
      note: '₦1m, rent ₦3m (relief capped at 500,000): 12m − 960,000 − 500,000 = 10,540,000; 330,000 + 7,540,000 × 18% = 1,687,200 → 140,600',
      lines: salary(1_000_000),
      rent: 3_000_000,
      nhf: false,
      paye: 140_600,
      pension: 80_000,
      nhfOut: 0,
      net: 779_400,
      employer: { 'Pension (employer)': 100_000, NSITF: 10_000 },
    },
    {
      note: '₦2m, no reliefs: 24m; 330,000 + 1,620,000 + 12m × 21% = 4,470,000 → 372,500',
      lines: salary(2_000_000),
      nhf: false,
      headcount: 1,
      paye: 372_500,
      pension: 0,
      nhfOut: 0,
      net: 1_627_500,
    },
    {
      note: '₦3m: 36m; 4,680,000 + 11m × 23% = 7,210,000 → 600,833.33',
      lines: salary(3_000_000),
      nhf: false,
      headcount: 1,
      paye: 600_833.33,
      pension: 0,
      nhfOut: 0,
      net: 2_399_166.67,
    },
    {
      note: '₦5m: 60m; 4,680,000 + 25m × 23% + 10m × 25% = 12,930,000 → 1,077,500',
      lines: salary(5_000_000),
      nhf: false,
      headcount: 1,
      paye: 1_077_500,
      pension: 0,
      nhfOut: 0,
      net: 3_922_500,
    },
    {
      note: '₦70k, minimum-wage exemption off: 840,000; 40,000 × 15% = 6,000 → 500',
      lines: salary(70_000),
      nhf: false,
      headcount: 1,
      paye: 500,
      pension: 0,
      nhfOut: 0,
      net: 69_500,
    },
    {
      note: '₦70k, minimum-wage exemption on (a setting): no PAYE',
      lines: salary(70_000),
      nhf: false,
      headcount: 1,
      settings: { minimumWageExempt: true },
      paye: 0,
      pension: 0,
      nhfOut: 0,
      net: 70_000,
    },
    {
      note: 'statutory lines off (company setting): only the loan comes off',
      lines: salary(500_000, [['Loan', -20_000]]),
      settings: { enabled: false },
      paye: 0,
      pension: 0,
      nhfOut: 0,
      net: 480_000,
      employer: {},
    },
    {
      note: '₦400k + bonus 100k − loan 50k, rent 1m: 6m − 384,000 − 120,000 − 200,000 = 5,296,000; 330,000 + 2,296,000 × 18% = 743,280 → 61,940',
      lines: salary(400_000, [
        ['Bonus', 100_000],
        ['Loan', -50_000],
      ]),
      rent: 1_000_000,
      paye: 61_940,
      pension: 32_000,
      nhfOut: 10_000,
      net: 346_060,
      employer: { 'Pension (employer)': 40_000, NSITF: 5_000 },
    },
    {
      note: '₦123,456.78: 1,481,481.36; 681,481.36 × 15% = 102,222.204 → 102,222.20 a year → 8,518.52 (half-up)',
      lines: salary(123_456.78),
      nhf: false,
      headcount: 1,
      paye: 8_518.52,
      pension: 0,
      nhfOut: 0,
      net: 114_938.26,
    },
    {
      note: 'NSITF on basic + housing + transport (a setting): 1% of 300,000',
      lines: salary(0, [
        ['Basic', 200_000],
        ['Housing', 100_000],
        ['Other', 100_000],
      ]).filter((l) => l.amountMinor),
      nhf: false,
      headcount: 1,
      settings: { nsitfBase: 'bht' },
      // 4.8m; 330,000 + 1.8m × 18% = 654,000 → 54,500
      paye: 54_500,
      pension: 0,
      nhfOut: 0,
      net: 345_500,
      employer: { NSITF: 3_000 },
    },
  ];

  it.each(cases)('$note', (c) => {
    const r = computeEmployee(
      { lines: c.lines, annualRentMinor: N(c.rent ?? 0), nhfEnabled: c.nhf ?? true },
      { ...DEFAULT_STATUTORY, ...c.settings },
      { headcount: c.headcount ?? 5 },
    );
    expect(r.payeMinor).toBe(N(c.paye));
    expect(r.pensionMinor).toBe(N(c.pension));
    expect(r.nhfMinor).toBe(N(c.nhfOut));
    expect(r.netMinor).toBe(N(c.net));
    expect(Object.values(r.breakdown).reduce((a, v) => a + v, 0)).toBe(r.netMinor);
    if (c.employer)
      expect(r.employerCosts).toEqual(
        Object.fromEntries(Object.entries(c.employer).map(([k, v]) => [k, N(v)])),
      );
  });

  it('band edges and rounding', () => {
    const b = DEFAULT_STATUTORY.payeBands;
    expect(payeAnnual(N(800_000), b)).toBe(0);
    expect(payeAnnual(N(800_000) + 1, b)).toBe(0); // 1 kobo × 15% rounds to 0
    expect(payeAnnual(N(800_000) + 4, b)).toBe(1); // 0.6 kobo rounds up
    expect(payeAnnual(N(12_000_000), b)).toBe(N(1_950_000));
    expect(payeAnnual(N(25_000_000), b)).toBe(N(4_680_000));
    expect(payeAnnual(N(50_000_000), b)).toBe(N(10_430_000));
    expect(payeAnnual(-5, b)).toBe(0);
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(4, 3)).toBe(1);
    expect(divRound(-5, 2)).toBe(-3);
  });
});
