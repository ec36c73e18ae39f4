import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureDatabase } from '../src/platform/db';
import { createAppOn, type TestApp } from './factories';

export * from './factories';

/** A fresh database cloned from the migrated template. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await ensureDatabase(adminUrl, name, inject('pgTemplate'));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The app on a fresh database (createTestDatabase), listening on a free port. */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { webDist?: string; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  return createAppOn(await createTestDatabase(), env, opts);
}
