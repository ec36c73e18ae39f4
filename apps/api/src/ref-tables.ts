// The tables a request body's ids may point into (platform/refs.ts `bodyRefs`), by name: part of the
// composition root, since they are the modules' tables and the platform reads none of them itself.
import { eq } from 'drizzle-orm';
import type { RefTables } from './platform/refs';
import * as s from './platform/schema';

/** The tables a body may point into: the record's id column, its tenant column, what it is called. */
export const REF_TABLES = {
  subsidiaries: {
    table: s.subsidiaries,
    id: s.subsidiaries.id,
    accountId: s.subsidiaries.accountId,
    label: 'Subsidiary',
  },
  /** A membership (team access) by its own id. */
  members: {
    table: s.accountMembers,
    id: s.accountMembers.id,
    accountId: s.accountMembers.accountId,
    label: 'Member',
  },
  /** A user by id who is an active member of the company (approvers, card holders, agents). */
  memberUsers: {
    table: s.accountMembers,
    id: s.accountMembers.userId,
    accountId: s.accountMembers.accountId,
    where: eq(s.accountMembers.active, true),
    label: 'Member',
  },
  wallets: { table: s.wallets, id: s.wallets.id, accountId: s.wallets.accountId, label: 'Wallet' },
  categories: {
    table: s.payoutCategories,
    id: s.payoutCategories.id,
    accountId: s.payoutCategories.accountId,
    label: 'Category',
  },
  products: {
    table: s.productsAndServices,
    id: s.productsAndServices.id,
    accountId: s.productsAndServices.accountId,
    label: 'Product',
  },
  payoutAssets: {
    table: s.payoutAssets,
    id: s.payoutAssets.id,
    accountId: s.payoutAssets.accountId,
    label: 'Asset',
  },
  projects: { table: s.projects, id: s.projects.id, accountId: s.projects.accountId, label: 'Project' },
  payees: { table: s.payees, id: s.payees.id, accountId: s.payees.accountId, label: 'Payee' },
  employees: {
    table: s.payrollEmployees,
    id: s.payrollEmployees.id,
    accountId: s.payrollEmployees.accountId,
    label: 'Employee',
  },
  payrollGroups: {
    table: s.payrollGroups,
    id: s.payrollGroups.id,
    accountId: s.payrollGroups.accountId,
    label: 'Group',
  },
  meters: { table: s.meters, id: s.meters.id, accountId: s.meters.accountId, label: 'Meter' },
  kybOwners: {
    table: s.accountOwners,
    id: s.accountOwners.id,
    accountId: s.accountOwners.accountId,
    label: 'Owner',
  },
  beneficiaries: {
    table: s.expenseBeneficiaries,
    id: s.expenseBeneficiaries.id,
    accountId: s.expenseBeneficiaries.accountId,
    label: 'Beneficiary',
  },
} satisfies RefTables;
