// Nigerian statutory payroll deductions for 2026 (docs/ARCHITECTURE.md "Payroll as built";
// /shared/domain/NIGERIA.md "Payroll statutory deductions, 2026"). Pure functions over integer kobo.
// Every rate, threshold and uncertain rule is a setting (`StatutorySettings`), never a constant in
// the arithmetic: an account's row in `payroll_settings` overrides `DEFAULT_STATUTORY`.

/** Rates are basis points (800 = 8%). Bands are annual, in kobo; `upToMinor: null` is the top band. */
export type TaxBand = { upToMinor: number | null; rateBp: number };

export type StatutorySettings = {
  /** The company setting: statutory lines computed at all (on by default for new accounts). */
  enabled: boolean;
  /** Nigeria Tax Act 2025 PAYE bands for 2026 (annual chargeable income). */
  payeBands: TaxBand[];
  /** Rent relief = min(rentReliefBp of annual rent, rentReliefCapMinor). */
  rentReliefBp: number;
  rentReliefCapMinor: number;
  /** Pension Reform Act 2014: employee ≥ 8%, employer ≥ 10% of basic + housing + transport. */
  pensionEmployeeBp: number;
  pensionEmployerBp: number;
  /** Coverage threshold by headcount: UNCERTAIN (3 or 15). */
  pensionMinEmployees: number;
  /** NHF 2.5% of basic; per-employee switch, this is the default for new employees. */
  nhfBp: number;
  nhfDefault: boolean;
  /** NSITF 1% employer cost; its base is UNCERTAIN: gross pay, or basic + housing + transport. */
  nsitfBp: number;
  nsitfBase: 'gross' | 'bht';
  /** Minimum-wage earners exempt from PAYE: UNCERTAIN, off by default. */
  minimumWageExempt: boolean;
  minimumWageMonthlyMinor: number;
};

const NAIRA = 100;
export const DEFAULT_STATUTORY: StatutorySettings = {
  enabled: true,
  payeBands: [
    { upToMinor: 800_000 * NAIRA, rateBp: 0 },
    { upToMinor: 3_000_000 * NAIRA, rateBp: 1500 },
    { upToMinor: 12_000_000 * NAIRA, rateBp: 1800 },
    { upToMinor: 25_000_000 * NAIRA, rateBp: 2100 },
    { upToMinor: 50_000_000 * NAIRA, rateBp: 2300 },
    { upToMinor: null, rateBp: 2500 },
  ],
  rentReliefBp: 2000,
  rentReliefCapMinor: 500_000 * NAIRA,
  pensionEmployeeBp: 800,
  pensionEmployerBp: 1000,
  pensionMinEmployees: 3,
  nhfBp: 250,
  nhfDefault: true,
  nsitfBp: 100,
  nsitfBase: 'gross',
  minimumWageExempt: false,
  minimumWageMonthlyMinor: 70_000 * NAIRA,
};

/** Line names as they appear in salaryBreakdown and on payslips. */
export const LINE = {
  salary: 'Salary',
  paye: 'PAYE',
  pension: 'Pension (employee)',
  nhf: 'NHF',
  pensionEmployer: 'Pension (employer)',
  nsitf: 'NSITF',
} as const;
export const RESERVED_LINES: readonly string[] = [LINE.paye, LINE.pension, LINE.nhf];

/** Half-up division of non-negative integers (kobo arithmetic never leaves integers). */
export function divRound(n: number, d: number): number {
  if (n < 0) return -divRound(-n, d);
  const q = Math.floor(n / d);
  return n - q * d >= d - (n - q * d) ? q + 1 : q;
}
const pct = (amountMinor: number, bp: number) => divRound(amountMinor * bp, 10_000);

/** Annual PAYE on annual chargeable income, band by band; exact to the kobo (half-up once). */
export function payeAnnual(chargeableMinor: number, bands: TaxBand[]): number {
  if (chargeableMinor <= 0) return 0;
  let lower = 0;
  let sumBp = 0; // Σ slice × rate_bp: at most 1e13 × 2500, within 2^53 for incomes below ₦3.6 trillion
  for (const b of bands) {
    const upper = b.upToMinor ?? Number.POSITIVE_INFINITY;
    if (chargeableMinor <= lower) break;
    const slice = Math.min(chargeableMinor, upper) - lower;
    sumBp += slice * b.rateBp;
    lower = upper;
  }
  return divRound(sumBp, 10_000);
}

export type PayLine = { description: string; amountMinor: number };

/** One employee's month: earnings (salary first, then additions) and non-statutory deductions (negative). */
export type EmployeePay = {
  lines: PayLine[];
  annualRentMinor: number;
  nhfEnabled: boolean;
};

export type StatutoryResult = {
  grossMinor: number;
  basicMinor: number;
  housingMinor: number;
  transportMinor: number;
  pensionMinor: number;
  nhfMinor: number;
  rentReliefAnnualMinor: number;
  chargeableAnnualMinor: number;
  payeAnnualMinor: number;
  payeMinor: number;
  employerPensionMinor: number;
  nsitfMinor: number;
  /** description → amount: earnings positive, deductions negative; sums to netMinor. */
  breakdown: Record<string, number>;
  employerCosts: Record<string, number>;
  netMinor: number;
};

const isPart = (d: string, part: string) => d.trim().toLowerCase() === part;

/**
 * The statutory bases: components described "Basic", "Housing", "Transport" (any case) are those
 * parts of pay; with no "Basic" component the salary itself is the basic.
 */
export function bases(lines: PayLine[]) {
  const sum = (part: string) =>
    lines
      .filter((l) => l.amountMinor > 0 && isPart(l.description, part))
      .reduce((s, l) => s + l.amountMinor, 0);
  const hasBasic = lines.some((l) => l.amountMinor > 0 && isPart(l.description, 'basic'));
  const salary = lines.find((l) => l.description === LINE.salary)?.amountMinor ?? 0;
  return {
    basicMinor: hasBasic ? sum('basic') : salary,
    housingMinor: sum('housing'),
    transportMinor: sum('transport'),
  };
}

/**
 * One employee's month. Monthly pension and NHF are computed on the month and annualised ×12;
 * PAYE is computed on the year (gross×12 − pension×12 − NHF×12 − rent relief) and deducted as a
 * twelfth, half-up to the kobo.
 */
export function computeEmployee(
  pay: EmployeePay,
  s: StatutorySettings,
  ctx: { headcount: number },
): StatutoryResult {
  const grossMinor = pay.lines.filter((l) => l.amountMinor > 0).reduce((a, l) => a + l.amountMinor, 0);
  const { basicMinor, housingMinor, transportMinor } = bases(pay.lines);
  const bht = basicMinor + housingMinor + transportMinor;
  const breakdown: Record<string, number> = {};
  for (const l of pay.lines) breakdown[l.description] = (breakdown[l.description] ?? 0) + l.amountMinor;
  const zero = {
    pensionMinor: 0,
    nhfMinor: 0,
    rentReliefAnnualMinor: 0,
    chargeableAnnualMinor: 0,
    payeAnnualMinor: 0,
    payeMinor: 0,
    employerPensionMinor: 0,
    nsitfMinor: 0,
  };
  if (!s.enabled) {
    const netMinor = Object.values(breakdown).reduce((a, v) => a + v, 0);
    return {
      grossMinor,
      basicMinor,
      housingMinor,
      transportMinor,
      ...zero,
      breakdown,
      employerCosts: {},
      netMinor,
    };
  }
  const pensionApplies = ctx.headcount >= s.pensionMinEmployees;
  const pensionMinor = pensionApplies ? pct(bht, s.pensionEmployeeBp) : 0;
  const employerPensionMinor = pensionApplies ? pct(bht, s.pensionEmployerBp) : 0;
  const nhfMinor = pay.nhfEnabled ? pct(basicMinor, s.nhfBp) : 0;
  const rentReliefAnnualMinor = Math.min(
    pct(Math.max(0, pay.annualRentMinor), s.rentReliefBp),
    s.rentReliefCapMinor,
  );
  const chargeableAnnualMinor = Math.max(
    0,
    grossMinor * 12 - pensionMinor * 12 - nhfMinor * 12 - rentReliefAnnualMinor,
  );
  const exempt = s.minimumWageExempt && grossMinor <= s.minimumWageMonthlyMinor;
  const payeAnnualMinor = exempt ? 0 : payeAnnual(chargeableAnnualMinor, s.payeBands);
  const payeMinor = divRound(payeAnnualMinor, 12);
  const nsitfMinor = pct(s.nsitfBase === 'gross' ? grossMinor : bht, s.nsitfBp);
  if (payeMinor) breakdown[LINE.paye] = -payeMinor;
  if (pensionMinor) breakdown[LINE.pension] = -pensionMinor;
  if (nhfMinor) breakdown[LINE.nhf] = -nhfMinor;
  const employerCosts: Record<string, number> = {};
  if (employerPensionMinor) employerCosts[LINE.pensionEmployer] = employerPensionMinor;
  if (nsitfMinor) employerCosts[LINE.nsitf] = nsitfMinor;
  const netMinor = Object.values(breakdown).reduce((a, v) => a + v, 0);
  return {
    grossMinor,
    basicMinor,
    housingMinor,
    transportMinor,
    pensionMinor,
    nhfMinor,
    rentReliefAnnualMinor,
    chargeableAnnualMinor,
    payeAnnualMinor,
    payeMinor,
    employerPensionMinor,
    nsitfMinor,
    breakdown,
    employerCosts,
    netMinor,
  };
}
