import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db';
import { Seams } from './seams';
import type { ReadReplica } from './read-replica';

export type AccountCreated = { id: string; name: string; type: string; ownerUserId: string };

/** What every module receives. */
export type AppDeps = {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /**
   * The app's declared seams (platform/seams.ts): the hooks areas register (account created, demo,
   * boot, workers, deposit matchers, listeners…) and the ports one area provides to others (rails,
   * jobs, vending…). Per app instance: tests build many apps in one process.
   */
  seams: Seams;
  /** The hot standby for reads that may lag (platform/read-replica.ts), when DATABASE_READ_URL is set. */
  reads?: ReadReplica;
};

/** A fresh, empty registry for a new app. */
export const emptySeams = (): Seams => new Seams();
