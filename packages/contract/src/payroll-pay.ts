// Net pay (issue 35 §5): THE computation of an employee's gross, statutory deductions (PAYE,
// pension, NHF), other deductions and net, shared by the API (employee list, runs, payslips,
// exports) and the web (the employee form's live figures). Nigerian statutory payroll deductions for
// 2026 (docs/areas/payroll.md; /shared/domain/NIGERIA.md "Payroll statutory
// deductions, 2026"). Pure functions over integer kobo.
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
  /** PAYE + pension + NHF (positive): what the law takes. */
  statutoryMinor: number;
  /** The employee's own deductions (loans, advances; positive): what else comes off. */
  otherDeductionsMinor: number;
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

/** The month before the law: gross, the statutory bases, the lines by description, other deductions. */
function monthOf(pay: EmployeePay) {
  const grossMinor = pay.lines.filter((l) => l.amountMinor > 0).reduce((a, l) => a + l.amountMinor, 0);
  const { basicMinor, housingMinor, transportMinor } = bases(pay.lines);
  const breakdown: Record<string, number> = {};
  for (const l of pay.lines) breakdown[l.description] = (breakdown[l.description] ?? 0) + l.amountMinor;
  const otherDeductionsMinor = -pay.lines
    .filter((l) => l.amountMinor < 0)
    .reduce((a, l) => a + l.amountMinor, 0);
  return { grossMinor, basicMinor, housingMinor, transportMinor, otherDeductionsMinor, breakdown };
}

/** The statutory figures of a month with the setting off: none. */
const NO_STATUTORY = {
  pensionMinor: 0,
  nhfMinor: 0,
  rentReliefAnnualMinor: 0,
  chargeableAnnualMinor: 0,
  payeAnnualMinor: 0,
  payeMinor: 0,
  employerPensionMinor: 0,
  nsitfMinor: 0,
};
type StatutoryFigures = typeof NO_STATUTORY;

/**
 * The law on one month: pension (if the headcount reaches the threshold) and NHF on the month;
 * PAYE on the year (gross×12 − pension×12 − NHF×12 − rent relief), deducted as a twelfth; the
 * employer's pension and NSITF.
 */
function statutoryOf(
  m: ReturnType<typeof monthOf>,
  pay: EmployeePay,
  s: StatutorySettings,
  ctx: { headcount: number },
): StatutoryFigures {
  const { grossMinor, basicMinor } = m;
  const bht = basicMinor + m.housingMinor + m.transportMinor;
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
  return {
    pensionMinor,
    nhfMinor,
    rentReliefAnnualMinor,
    chargeableAnnualMinor,
    payeAnnualMinor,
    payeMinor,
    employerPensionMinor,
    nsitfMinor,
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
  const m = monthOf(pay);
  const t = s.enabled ? statutoryOf(m, pay, s, ctx) : NO_STATUTORY;
  const breakdown = m.breakdown;
  if (t.payeMinor) breakdown[LINE.paye] = -t.payeMinor;
  if (t.pensionMinor) breakdown[LINE.pension] = -t.pensionMinor;
  if (t.nhfMinor) breakdown[LINE.nhf] = -t.nhfMinor;
  const employerCosts: Record<string, number> = {};
  if (t.employerPensionMinor) employerCosts[LINE.pensionEmployer] = t.employerPensionMinor;
  if (t.nsitfMinor) employerCosts[LINE.nsitf] = t.nsitfMinor;
  const netMinor = Object.values(breakdown).reduce((a, v) => a + v, 0);
  return {
    grossMinor: m.grossMinor,
    basicMinor: m.basicMinor,
    housingMinor: m.housingMinor,
    transportMinor: m.transportMinor,
    ...t,
    statutoryMinor: t.payeMinor + t.pensionMinor + t.nhfMinor,
    otherDeductionsMinor: m.otherDeductionsMinor,
    breakdown,
    employerCosts,
    netMinor,
  };
}

// ---- the employee's model (002 §3): salaryAmount, then components ----

/** A component of an employee's pay as stored and sent: additions positive, deductions negative. */
export type PayComponent = { description: string; amountMinor: number };

/** The spec's model (002 §3): `salaryAmount` first, then each component (additions add, deductions subtract). */
export function employeePayLines(salaryMinor: number, components: readonly PayComponent[]): PayLine[] {
  return [
    { description: LINE.salary, amountMinor: salaryMinor },
    ...components.map((c) => ({ description: c.description, amountMinor: c.amountMinor })),
  ];
}

/** The company context of a month's pay: its statutory settings and its headcount (pension coverage). */
export type PayContext = { settings: StatutorySettings; headcount: number };

/**
 * THE net pay of an employee (the list, the runs, the payslips, the portal, the exports and the
 * web form all come from here): gross = salary + additions, minus PAYE, pension and NHF, minus the
 * employee's own deductions.
 */
export function employeeNetPay(
  e: {
    salaryMinor: number;
    components: readonly PayComponent[];
    annualRentMinor: number;
    nhfEnabled: boolean;
  },
  ctx: PayContext,
): StatutoryResult {
  return computeEmployee(
    {
      lines: employeePayLines(e.salaryMinor, e.components),
      annualRentMinor: e.annualRentMinor,
      nhfEnabled: e.nhfEnabled,
    },
    ctx.settings,
    { headcount: ctx.headcount },
  );
}

/** Whether the company's pension coverage threshold is reached (pension is deducted from everyone). */
export const pensionApplies = (ctx: PayContext) => ctx.headcount >= ctx.settings.pensionMinEmployees;

// ---- review flags (issue 35 §5): shown on the employee list, never changed silently ----

export const PAY_REVIEW_FLAGS = ['componentsDoubleSalary'] as const;
export type PayReviewFlag = (typeof PAY_REVIEW_FLAGS)[number];
export const PAY_REVIEW_MSG: Record<PayReviewFlag, string> = {
  componentsDoubleSalary:
    'Basic, Housing and Transport add up to the salary itself, so this employee is paid twice: the components are added on top of the salary. Check the gross and edit the employee.',
};

const BHT = ['basic', 'housing', 'transport'];
const isBht = (d: string) => BHT.includes(d.trim().toLowerCase());

/**
 * `componentsDoubleSalary`: the Basic, Housing and Transport additions add up to the employee's own
 * `salaryAmount` (the salary was typed as the gross, then split again into components: the gross
 * is doubled). Only flags; nothing is changed.
 */
export function payReviewFlags(salaryMinor: number, components: readonly PayComponent[]): PayReviewFlag[] {
  const bht = components
    .filter((c) => c.amountMinor > 0 && isBht(c.description))
    .reduce((a, c) => a + c.amountMinor, 0);
  return bht > 0 && bht === salaryMinor ? ['componentsDoubleSalary'] : [];
}

// ---- the user's model (issue 35 §5): the monthly gross and its split ----

/** Component names the form writes for the split (Basic is the salary itself). */
export const SPLIT_LINE = { housing: 'Housing', transport: 'Transport', other: 'Other allowances' } as const;

/** What the user types: the monthly gross and its split (kobo); the split adds up to the gross. */
export type PaySplit = {
  grossMinor: number;
  basicMinor: number;
  housingMinor: number;
  transportMinor: number;
  otherMinor: number;
};

/** The split's parts that do not add up to the gross: the difference (0 = fine). */
export const splitDifference = (s: PaySplit) =>
  s.grossMinor - (s.basicMinor + s.housingMinor + s.transportMinor + s.otherMinor);

/**
 * The user's split onto the API's model: `salaryAmount` = Basic; Housing, Transport and Other
 * allowances are additions; so gross = salaryAmount + additions = what the user typed, and the
 * statutory bases are the same (no Basic component: the salary is the basic). `named` are the
 * employee's own named allowances that Other allowances already holds (from `employeeToSplit`):
 * kept as they are while Other allowances still covers them, the "Other allowances" line taking
 * the rest; `deductions` are sent back as they are.
 */
export function splitToEmployee(
  s: PaySplit,
  keep: { named?: readonly PayComponent[]; deductions?: readonly PayComponent[] } = {},
): { salaryMinor: number; components: (PayComponent & { type: 'addition' | 'deduction' })[] } {
  const named = keep.named ?? [];
  const namedMinor = named.reduce((a, c) => a + c.amountMinor, 0);
  const keepNamed = namedMinor > 0 && s.otherMinor >= namedMinor;
  const add = (description: string, amountMinor: number) =>
    amountMinor > 0 ? [{ description, type: 'addition' as const, amountMinor }] : [];
  return {
    salaryMinor: s.basicMinor,
    components: [
      ...add(SPLIT_LINE.housing, s.housingMinor),
      ...add(SPLIT_LINE.transport, s.transportMinor),
      ...add(SPLIT_LINE.other, keepNamed ? s.otherMinor - namedMinor : s.otherMinor),
      ...(keepNamed ? named.map((c) => ({ ...c, type: 'addition' as const })) : []),
      ...(keep.deductions ?? []).map((c) => ({ ...c, type: 'deduction' as const })),
    ],
  };
}

/**
 * An employee back into the user's split, the same way: gross = salary + additions; Basic is the
 * salary (or, for an employee entered with a Basic component, that component, the salary then
 * counting as an other allowance, so the doubled entry shows its real gross); Housing and
 * Transport their components; Other allowances the rest of the additions, of which `named` are the
 * employee's own named allowances (Bonus, Meal...), kept by `splitToEmployee` while Other
 * allowances covers them; `deductions` are kept as they are.
 */
export function employeeToSplit(
  salaryMinor: number,
  components: readonly PayComponent[],
): { split: PaySplit; named: PayComponent[]; deductions: PayComponent[] } {
  const additions = components.filter((c) => c.amountMinor > 0);
  const sumOf = (name: string) =>
    additions
      .filter((c) => c.description.trim().toLowerCase() === name)
      .reduce((a, c) => a + c.amountMinor, 0);
  const hasBasic = additions.some((c) => c.description.trim().toLowerCase() === 'basic');
  const rest = additions.filter((c) => !isBht(c.description));
  const named = rest
    .filter((c) => c.description !== SPLIT_LINE.other)
    .map((c) => ({ description: c.description, amountMinor: c.amountMinor }));
  return {
    split: {
      grossMinor: salaryMinor + additions.reduce((a, c) => a + c.amountMinor, 0),
      basicMinor: hasBasic ? sumOf('basic') : salaryMinor,
      housingMinor: sumOf('housing'),
      transportMinor: sumOf('transport'),
      otherMinor: (hasBasic ? salaryMinor : 0) + rest.reduce((a, c) => a + c.amountMinor, 0),
    },
    named,
    deductions: components
      .filter((c) => c.amountMinor < 0)
      .map((c) => ({ description: c.description, amountMinor: c.amountMinor })),
  };
}
