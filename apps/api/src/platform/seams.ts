// Declared seams (issue 36 §2): the one typed, per-app registry through which areas reach each
// other without importing each other, and the platform reaches the areas without importing them.
//
// A seam is declared by the area that OWNS it (the one that calls it, or whose interface it is), in
// ONE file per area, `<area>/seams.ts`, by augmenting `HookSeams` or `PortSeams` below:
//
//   declare module '../../platform/seams' {
//     interface HookSeams { depositMatcher: DepositMatcher }
//   }
//
// and each area registers what it provides in its register function (`deps.seams.on(...)`,
// `deps.seams.provide(...)`). Everything is typed from the declaration: no casts at either end.
// State lives in the app's `Seams` instance (tests build many apps in one process): nothing here
// or in a seam's owner is module-level.
import type { AccountCreated, AppDeps } from './deps';
import type { Tx } from './db';
import type { ApiKeyAuthenticator, SubsidiaryResolver } from './guard';
import type { JobsState } from './jobs';

/**
 * Hook seams: any number per app, each registered under a name (registering the same name again
 * replaces it), called in registration order. The platform's own four are declared here.
 */
export interface HookSeams {
  /** Run inside the transaction that creates an account (money adds the NGN wallet here). */
  accountCreated: (tx: Tx, account: AccountCreated) => Promise<void>;
  /** Demo data per area, run once after the demo company is seeded. */
  demo: (deps: AppDeps, ctx: { accountId: string; ownerId: string }) => Promise<void>;
  /** Run once per process at startup, after migrations and module registration, before demo seeding and
   *  serving (teams syncs the built-in roles here). Lets an area act at boot without the platform importing it. */
  boot: (deps: AppDeps) => Promise<void>;
  /** Background workers started in embedded mode or by `npm run worker`; each returns its stop. */
  workers: (deps: AppDeps) => Promise<() => Promise<void>>;
}

/** Port seams: at most one implementation per app, provided by one area, used by others. */
export interface PortSeams {
  /** Who the subsidiary header resolves to (provided by accounts, used by the guard). */
  subsidiaryResolver: SubsidiaryResolver;
  /** API-key callers (provided by developers, used by the guard). */
  apiKeyAuthenticator: ApiKeyAuthenticator;
  /** This app's queues, tickers and pg-boss runner (platform/jobs.ts, created on first use). */
  jobs: JobsState;
}

type HookMaps = { [K in keyof HookSeams]?: Map<string, HookSeams[K]> };

/** The app's registry of seams (`deps.seams`). */
export class Seams {
  private readonly hooksBySeam: HookMaps = {};
  private readonly ports: Partial<PortSeams> = {};

  /** Registers (or replaces, by name) a hook of `seam`. */
  on<K extends keyof HookSeams>(seam: K, name: string, hook: HookSeams[K]): void {
    const map: Map<string, HookSeams[K]> = this.hooksBySeam[seam] ?? new Map<string, HookSeams[K]>();
    map.set(name, hook);
    // TypeScript cannot relate a generic key's write to its mapped type; the key and map agree by construction.
    this.hooksBySeam[seam] = map as HookMaps[K];
  }

  /** Every hook of `seam`, in registration order. */
  hooks<K extends keyof HookSeams>(seam: K): HookSeams[K][] {
    const map: Map<string, HookSeams[K]> | undefined = this.hooksBySeam[seam];
    return map ? [...map.values()] : [];
  }

  /** The hook of `seam` registered under `name`, if any. */
  hook<K extends keyof HookSeams>(seam: K, name: string): HookSeams[K] | undefined {
    const map: Map<string, HookSeams[K]> | undefined = this.hooksBySeam[seam];
    return map?.get(name);
  }

  /** Removes the hook of `seam` registered under `name`. */
  off<K extends keyof HookSeams>(seam: K, name: string): void {
    this.hooksBySeam[seam]?.delete(name);
  }

  /** The names registered on `seam`, in registration order. */
  names<K extends keyof HookSeams>(seam: K): string[] {
    return [...(this.hooksBySeam[seam]?.keys() ?? [])];
  }

  /** Provides (or replaces) the implementation of `port`. */
  provide<K extends keyof PortSeams>(port: K, impl: PortSeams[K]): void {
    this.ports[port] = impl;
  }

  /** The implementation of `port`, or undefined when no area provided it (yet). */
  maybe<K extends keyof PortSeams>(port: K): PortSeams[K] | undefined {
    return this.ports[port];
  }

  /** The implementation of `port`; throws when no area provided it (a registration-order bug). */
  port<K extends keyof PortSeams>(port: K): PortSeams[K] {
    const impl = this.ports[port];
    if (impl === undefined) throw new Error(`seam ${port}: not provided`);
    return impl;
  }
}
