import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, accountMembers } from '../../platform/tenancy-tables';

/** Projects (001 §3: id, name, active) with a budget in kobo and a timeline (issue 21 §0). */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    budgetMinor: bigint('budget_minor', { mode: 'number' }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    active: boolean('active').notNull().default(true),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_account_created_idx').on(t.accountId, t.active, t.createdAt)],
);

/** Members assigned to a project (POST /project/{id}/assign), by account access id. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    accessId: uuid('access_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.accessId] }),
    index('project_members_access_idx').on(t.accessId),
  ],
);
