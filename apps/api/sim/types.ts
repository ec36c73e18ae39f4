// What the simulator's parts agree on: the world a run acts on, an area's operations and invariants.
import type { ApiResult, TestApp } from '../test/factories';
import type { Rng } from './rng';

export type Currency = 'NGN' | 'USD' | 'GBP';

export type Member = { userId: string; email: string; token: string };

/** One simulated company: an owner, a second approver (admin), a wallet in each currency. */
export type Company = {
  id: string;
  name: string;
  owner: Member;
  approver: Member;
  wallets: Record<Currency, { id: string; accountNumber: string | null }>;
};

export type Who = 'owner' | 'approver';

export type SimCall = <T = any>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ApiResult<T>>;

export type World = {
  seed: number;
  /** The in-process API (requests, no jobs unless there is no worker process). */
  primary: TestApp;
  companies: Company[];
  /**
   * A client for `who` of `c`, on one of the API processes chosen by `rng` (the in-process API or
   * the worker process, which serves the same database). Any 5xx answer breaks `no-5xx` unless the
   * step is one where the simulator itself dropped database connections.
   */
  as(c: Company, who: Who, rng: Rng): SimCall;
  /** A public client (no session) for links and webhooks, on a process chosen by `rng`. */
  anon(rng: Rng): SimCall;
  /** Per-area bookkeeping (ids the area made), keyed by area name. */
  state: Record<string, any>;
  log(line: string): void;
};

/** One operation of an area: does one valid thing (or nothing, when nothing fits), says what. */
export type Op = {
  name: string;
  weight: number;
  run(w: World, c: Company, rng: Rng): Promise<string>;
};

/**
 * Answers one line per violation (empty: holds). 'step' runs after every step (`companies`: those
 * the checked steps acted for, to scope a costly check to); 'final' once the run has drained.
 */
export type Invariant = {
  name: string;
  check(w: World, phase: 'step' | 'final', companies?: Company[]): Promise<string[]>;
};

export type Area = {
  name: string;
  ops: Op[];
  invariants?: Invariant[];
  /**
   * Indexes the area's step invariants read by (`table (columns)`), made in the simulator's own
   * database only: a step check looks at the rows of its window through them, so its cost stays
   * flat as the run's data grows, instead of a scan of the whole table after every step.
   */
  indexes?: string[];
  /** Once per company when the world is made (e.g. a vendor to pay). */
  setup?(w: World, c: Company, rng: Rng): Promise<void>;
};

/** A step the run will take: which op, on which company, with its own random stream. */
export type Step = { op: string; company: number; seed: number };

export class InvariantBroken extends Error {
  constructor(
    readonly invariant: string,
    readonly details: string[],
  ) {
    super(`${invariant}: ${details.slice(0, 5).join('; ')}`);
  }
}
