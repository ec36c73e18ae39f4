import type pg from 'pg';
import type { Config } from './config';
import type { Db, Tx } from './db';

export type AccountCreated = { id: string; name: string; type: string; ownerUserId: string };

/** Extension points between modules, per app instance (tests build many apps in one process). */
export type Hooks = {
  /** Run inside the transaction that creates an account (money adds the NGN wallet here). */
  accountCreated: ((tx: Tx, account: AccountCreated) => Promise<void>)[];
  /** Demo data per area, run once after the demo company is seeded. */
  demo: ((deps: AppDeps, ctx: { accountId: string; ownerId: string }) => Promise<void>)[];
  /** Run once per process at startup, after migrations and module registration, before demo seeding and
   *  serving (teams syncs the built-in roles here). Lets an area act at boot without the platform importing it. */
  boot: ((deps: AppDeps) => Promise<void>)[];
  /** Background workers started in embedded mode or by `npm run worker`; each returns its stop. */
  workers: ((deps: AppDeps) => Promise<() => Promise<void>>)[];
};

/** What every module receives. */
export type AppDeps = {
  config: Config;
  db: Db;
  pool: pg.Pool;
  hooks: Hooks;
  /** Cross-module services set during registration (rails adapter, jobs, ...). */
  services: Record<string, unknown>;
};

export const emptyHooks = (): Hooks => ({ accountCreated: [], demo: [], boot: [], workers: [] });
