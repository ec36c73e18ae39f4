import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db';

/** What every module receives. Modules add their own services to `services` at registration. */
export type AppDeps = {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** Cross-module services (mail, notifications, jobs, ledger, rails...), set during registration. */
  services: Record<string, unknown>;
};
