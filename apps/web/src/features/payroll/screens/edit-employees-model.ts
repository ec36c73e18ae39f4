import { z } from 'zod';
import { PAYROLL_MSG, salarySchema, type PayrollEmployee } from '@owo/contract/payroll';
import { type PayrollRow } from '@owo/contract/payroll-runs';
import {
  employeeToSplit,
  RESERVED_LINES,
  splitToEmployee,
  type PayComponent,
} from '@owo/contract/payroll-pay';
import { SPLIT_MSG, splitOf, toMinor } from './employee-form-model';

/** Lines the server computes (never typed): PAYE, pension and NHF. */
const SALARY = 'Salary';
export const EDITABLE = ['draft', 'rejected'];

const amount = (required: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (!required && !v.trim()) return;
    const r = salarySchema.safeParse(v);
    if (!r.success)
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? PAYROLL_MSG.amountInvalid });
  });

/** A deduction of this run (loan, advance): typed positive, sent negative. */
const deductionSchema = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'Description is required')
    .max(60)
    .refine((d) => ![...RESERVED_LINES, SALARY].some((r) => r.toLowerCase() === d.toLowerCase()), {
      message: PAYROLL_MSG.reservedLine,
    }),
  amount: amount(true),
});

export const formSchema = (visible: boolean) =>
  z.object({
    rows: z
      .array(
        z
          .object({
            employeeId: z.string(),
            name: z.string(),
            email: z.string(),
            netMinor: z.number().nullable(),
            gross: amount(visible),
            basic: amount(false),
            housing: amount(false),
            transport: amount(false),
            other: amount(false),
            /** The named allowances Other allowances holds (kept while it covers them). */
            named: z.array(z.object({ description: z.string(), amountMinor: z.number() })),
            deductions: z.array(deductionSchema),
          })
          .superRefine((r, ctx) => {
            if (!visible) return;
            const s = splitOf(r);
            if (!s || !s.grossMinor) return;
            if (!s.basicMinor) {
              ctx.addIssue({ code: 'custom', path: ['basic'], message: SPLIT_MSG.basicRequired() });
              return;
            }
            const sum = s.basicMinor + s.housingMinor + s.transportMinor + s.otherMinor;
            if (sum !== s.grossMinor)
              ctx.addIssue({ code: 'custom', path: ['split'], message: SPLIT_MSG.addUp(sum, s.grossMinor) });
          }),
      )
      .min(1, PAYROLL_MSG.employeesRequired),
  });
export type EditForm = z.input<ReturnType<typeof formSchema>>;
export type RowForm = EditForm['rows'][number];

const naira = (minor: number) => (minor ? (Math.abs(minor) / 100).toFixed(2) : '');

/** This run's lines (Salary + components) as the user's split, named allowances and deductions. */
function splitFields(salaryMinor: number | null, components: PayComponent[]) {
  if (salaryMinor === null)
    return { gross: '', basic: '', housing: '', transport: '', other: '', named: [], deductions: [] };
  const l = employeeToSplit(salaryMinor, components);
  return {
    gross: naira(l.split.grossMinor),
    basic: naira(l.split.basicMinor),
    housing: naira(l.split.housingMinor),
    transport: naira(l.split.transportMinor),
    other: naira(l.split.otherMinor),
    named: l.named,
    deductions: l.deductions.map((d) => ({ description: d.description, amount: naira(d.amountMinor) })),
  };
}

export const fromRow = (r: PayrollRow): RowForm => {
  const b = r.salaryBreakdown ?? {};
  const components = Object.entries(b)
    .filter(([k]) => k !== SALARY && !RESERVED_LINES.includes(k))
    .map(([description, a]) => ({
      description,
      amountMinor: toMinor(a.replace('-', ''))! * (a.startsWith('-') ? -1 : 1),
    }));
  const salary = b[SALARY] === undefined ? null : toMinor(b[SALARY]);
  return {
    employeeId: r.employeeId!,
    name: r.name,
    email: r.email,
    netMinor: r.finalAmountMinor,
    ...splitFields(r.salaryBreakdown ? (salary ?? 0) : null, components),
  };
};

export const fromEmployee = (e: PayrollEmployee): RowForm => ({
  employeeId: e.id,
  name: e.name,
  email: e.email,
  netMinor: null,
  ...splitFields(
    e.salaryAmountMinor,
    e.components.map((c) => ({ description: c.description, amountMinor: c.amountMinor ?? 0 })),
  ),
});

/** The row's API lines: `splitToEmployee` (Salary = Basic, then the additions) and its deductions. */
export function linesOf(r: RowForm): Record<string, string> {
  const mapped = splitToEmployee(splitOf(r)!, {
    named: r.named,
    deductions: r.deductions.map((d) => ({
      description: d.description.trim(),
      amountMinor: -toMinor(d.amount)!,
    })),
  });
  return {
    [SALARY]: naira(mapped.salaryMinor),
    ...Object.fromEntries(
      mapped.components.map((c) => [c.description, `${c.amountMinor < 0 ? '-' : ''}${naira(c.amountMinor)}`]),
    ),
  };
}
