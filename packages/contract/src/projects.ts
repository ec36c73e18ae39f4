import { z } from 'zod';
import { AMOUNT_TEXT_MAX } from './money';

// Projects (001 §2 Projects, §3 project, §7 /project; issue 21 §0: budget body, start and end dates).
// A project is active until it is marked completed (PATCH /project/{id}/activate { active: false }).
// Spend is read from the areas that name a project (expenses now; payouts when they exist).

export const PROJECT_MSG = {
  nameRequired: 'Name is required',
  created: 'Project created successfully',
  budgetSet: 'Project budget updated successfully',
  assigned: 'Project members updated successfully',
  activated: 'Project activated successfully',
  completed: 'Project marked as completed',
  notFound: 'Project not found',
  inactive: 'This project is completed; choose an active project',
  endBeforeStart: 'End date must be on or after the start date',
  memberNotFound: 'Member not found',
  budgetInvalid: 'Budget must be a number with at most 2 decimal places',
  dateInvalid: 'Enter a valid date',
} as const;

const money = z
  .union([z.number(), z.string().max(AMOUNT_TEXT_MAX)])
  .nullable()
  .transform((v, ctx) => {
    if (v === null) return null;
    const s = typeof v === 'number' ? (Number.isFinite(v) ? v.toString() : '') : v.trim();
    if (s === '') return null;
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: PROJECT_MSG.budgetInvalid });
      return z.NEVER;
    }
    const [w, f = ''] = s.split('.');
    return Number(w) * 100 + Number(f.padEnd(2, '0'));
  });

const day = z.string().max(10).date(PROJECT_MSG.dateInvalid).nullable().optional();

export const projectBody = z
  .object({
    name: z.string({ error: PROJECT_MSG.nameRequired }).trim().min(1, PROJECT_MSG.nameRequired).max(120),
    description: z.string().trim().max(500).optional().nullable(),
    budget: money.optional(),
    startDate: day,
    endDate: day,
  })
  .superRefine((b, ctx) => {
    if (b.startDate && b.endDate && b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: PROJECT_MSG.endBeforeStart });
  });
export type ProjectBody = z.input<typeof projectBody>;

/** PUT /project/{id}/budget (issue 21 §0); null removes the budget. */
export const projectBudgetBody = z.object({ budget: money });

/** POST /project/{id}/assign: the members (account access ids) who work on the project. */
export const projectAssignBody = z.object({
  accessIds: z.array(z.string().uuid(PROJECT_MSG.memberNotFound)).max(100),
});

export const projectActiveBody = z.object({ active: z.boolean({ error: 'Active must be true or false' }) });

export const projectSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  budget: z.string().nullable(),
  budgetMinor: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Paid (paying, completed, retired); committed = pending or approved. */
  spent: z.string(),
  spentMinor: z.number().int(),
  committed: z.string(),
  committedMinor: z.number().int(),
  remaining: z.string().nullable(),
  remainingMinor: z.number().int().nullable(),
  members: z.array(z.object({ accessId: z.string().uuid(), userId: z.string().uuid(), name: z.string() })),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectQuery = z.object({
  search: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
