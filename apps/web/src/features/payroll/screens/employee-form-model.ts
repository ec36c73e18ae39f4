import { z } from 'zod';
import {
  PAYROLL_MSG,
  RSA_PIN_RE,
  salarySchema,
  type EmployeeInput,
  type EmployeeUpdateInput,
  type PayrollEmployee,
} from '@owo/contract/payroll';
import {
  employeeToSplit,
  splitToEmployee,
  type PayComponent,
  type PaySplit,
} from '@owo/contract/payroll-pay';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';

const money = (required: boolean) =>
  z.string().superRefine((v, ctx) => {
    if (!required && !v.trim()) return;
    const r = salarySchema.safeParse(v);
    if (!r.success)
      ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? PAYROLL_MSG.salaryMin });
  });

/** Naira as typed → kobo (blank = 0; not a valid amount = null). */
export function toMinor(v: string | undefined): number | null {
  const s = (v ?? '').trim().replace(/,/g, '');
  if (!s) return 0;
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) return null;
  const [w, f = ''] = s.split('.');
  return Number(w) * 100 + Number(f.padEnd(2, '0'));
}
export const naira = (minor: number | null) => (minor ? (Math.abs(minor) / 100).toFixed(2) : '');

/** The salary split's own messages (the web's, not the contract's), read when the form validates. */
export const SPLIT_MSG = {
  basicRequired: () => i18n.t('payroll:split.basicRequired'),
  addUp: (sum: number, gross: number) =>
    i18n.t('payroll:split.addUp', { sum: formatMoney(sum), gross: formatMoney(gross) }),
} as const;

/** The split of the form's values (kobo); a blank split is all basic. Null while a figure is not a number. */
export function splitOf(v: Pick<EmployeeForm, 'gross' | 'basic' | 'housing' | 'transport' | 'other'>) {
  const [gross, basic, housing, transport, other] = [v.gross, v.basic, v.housing, v.transport, v.other].map(
    toMinor,
  );
  if ([gross, basic, housing, transport, other].some((x) => x === null)) return null;
  const blank = ![v.basic, v.housing, v.transport, v.other].some((x) => x?.trim());
  return {
    grossMinor: gross!,
    basicMinor: blank ? gross! : basic!,
    housingMinor: housing!,
    transportMinor: transport!,
    otherMinor: other!,
  } satisfies PaySplit;
}

/**
 * The add/edit employee form, in the user's model (issue 35 §5): the MONTHLY GROSS and its split
 * (Basic, Housing, Transport, Other allowances, adding up to the gross; all blank = all basic).
 * Mapped onto the API's model by the contract's `splitToEmployee`: salaryAmount = Basic, the rest
 * are additions, so gross = salaryAmount + additions = what was typed. `figures`: the salary fields
 * are typed (false for an edit by a role without canViewPayrollSensitiveData: shown masked and
 * never sent). `editing`: the account number and RSA PIN leave the API masked, so blank keeps them.
 */
export const employeeFormSchema = (o: { figures: boolean; editing: boolean }) =>
  z
    .object({
      name: z.string().trim().min(1, PAYROLL_MSG.nameMissing).max(120),
      email: z.string().trim().max(254).email(PAYROLL_MSG.emailInvalid),
      gross: money(o.figures),
      basic: money(false),
      housing: money(false),
      transport: money(false),
      other: money(false),
      bankCode: z.string().min(1, 'Please select a bank'),
      accountNumber: z
        .string()
        .trim()
        .refine((v) => (o.editing && !v) || /^\d{10}$/.test(v), 'Account number must be 10 digits'),
      annualRent: money(false),
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
    })
    .superRefine((v, ctx) => {
      if (!o.figures) return;
      const s = splitOf(v);
      if (!s || !s.grossMinor) return; // the amount fields report their own errors
      if (!s.basicMinor) {
        ctx.addIssue({ code: 'custom', path: ['basic'], message: SPLIT_MSG.basicRequired() });
        return;
      }
      const sum = s.basicMinor + s.housingMinor + s.transportMinor + s.otherMinor;
      if (sum !== s.grossMinor)
        ctx.addIssue({ code: 'custom', path: ['split'], message: SPLIT_MSG.addUp(sum, s.grossMinor) });
    });
export type EmployeeForm = z.input<ReturnType<typeof employeeFormSchema>>;

/** An employee's stored pay as the form's split (`employeeToSplit`), with what the form keeps. */
export function loaded(e?: PayrollEmployee | null) {
  if (!e?.salaryVisible || e.salaryAmountMinor === null) return null;
  const components: PayComponent[] = e.components.map((c) => ({
    description: c.description,
    amountMinor: c.amountMinor ?? 0,
  }));
  return employeeToSplit(e.salaryAmountMinor, components);
}

export function defaults(e?: PayrollEmployee | null): EmployeeForm {
  const l = loaded(e);
  return {
    name: e?.name ?? '',
    email: e?.email ?? '',
    gross: naira(l?.split.grossMinor ?? null),
    basic: naira(l?.split.basicMinor ?? null),
    housing: naira(l?.split.housingMinor ?? null),
    transport: naira(l?.split.transportMinor ?? null),
    other: naira(l?.split.otherMinor ?? null),
    bankCode: e?.bankDetails.bankCode ?? '',
    accountNumber: '',
    annualRent: e?.salaryVisible ? naira(e.annualRentMinor) : '',
    stateOfResidence: e?.stateOfResidence ?? '',
    pfaName: e?.pfaName ?? '',
    rsaPin: '',
    nhfNumber: e?.nhfNumber ?? '',
  };
}

/** The API's salaryAmount and components of the form's split (the employee's named allowances and deductions kept). */
export function figuresOf(v: EmployeeForm, e?: PayrollEmployee | null) {
  const s = splitOf(v)!;
  const l = loaded(e);
  const mapped = splitToEmployee(s, { named: l?.named, deductions: l?.deductions });
  return {
    salaryAmount: naira(mapped.salaryMinor),
    components: mapped.components.map((c) => ({
      description: c.description,
      type: c.type,
      amount: naira(c.amountMinor),
    })),
  };
}

/** The add body of the form's values (every figure typed). */
export function addBody(v: EmployeeForm): EmployeeInput {
  const f = figuresOf(v);
  return {
    name: v.name,
    email: v.email,
    salaryAmount: f.salaryAmount,
    bankCode: v.bankCode,
    accountNumber: v.accountNumber,
    annualRent: v.annualRent || undefined,
    stateOfResidence: v.stateOfResidence || undefined,
    pfaName: v.pfaName.trim() || undefined,
    rsaPin: v.rsaPin.trim().toUpperCase() || undefined,
    nhfNumber: v.nhfNumber.trim() || undefined,
    components: f.components,
  };
}

/** Which form field the i-th sent component came from (`splitToEmployee` sends Housing, Transport, Other allowances first). */
function componentField(v: EmployeeForm, i: number): string {
  const typed = (
    [
      ['housing', v.housing],
      ['transport', v.transport],
      ['other', v.other],
    ] as const
  )
    .filter(([, a]) => (toMinor(a) ?? 0) > 0)
    .map(([field]) => field);
  return typed[i] ?? 'other';
}

/**
 * The add call takes a list, so its field errors are keyed `employees.0.<field>` (and a component's
 * `employees.0.components.<i>.<field>`). This puts them back on the form's own fields: the
 * one employee's prefix goes, `salaryAmount` lands on Basic (the salary is the basic; on the gross
 * when no split was typed), and a component's error on the Housing/Transport/Other field it came
 * from. Other errors pass unchanged.
 */
export function addErrorsOnForm(err: unknown, v: EmployeeForm): unknown {
  if (!(err instanceof ApiError) || !err.errors) return err;
  const errors: Record<string, string[]> = {};
  const split = [v.basic, v.housing, v.transport, v.other].some((x) => x?.trim());
  for (const [key, messages] of Object.entries(err.errors)) {
    const m = /^employees\.0\.(.+)$/.exec(key);
    let field = m ? m[1] : key;
    const c = /^components\.(\d+)\./.exec(field);
    if (c) field = componentField(v, Number(c[1]));
    else if (field === 'salaryAmount') field = split ? 'basic' : 'gross';
    errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return new ApiError(err.httpStatus, err.status, err.message, errors);
}

/**
 * The PUT body: a blank account number or RSA PIN is left out (the API keeps the stored one), and
 * without figures (masked role) no salary, rent or component is sent (the API keeps them).
 */
export function updateBody(v: EmployeeForm, e: PayrollEmployee): EmployeeUpdateInput {
  const accountNumber = v.accountNumber.trim();
  const rsaPin = v.rsaPin.trim().toUpperCase();
  return {
    name: v.name,
    email: v.email,
    bankCode: v.bankCode,
    ...(accountNumber ? { accountNumber } : {}),
    stateOfResidence: v.stateOfResidence || undefined,
    pfaName: v.pfaName.trim() || undefined,
    ...(rsaPin ? { rsaPin } : {}),
    nhfNumber: v.nhfNumber.trim() || undefined,
    ...(e.salaryVisible ? { ...figuresOf(v, e), annualRent: v.annualRent.trim() || '0' } : {}),
  };
}
