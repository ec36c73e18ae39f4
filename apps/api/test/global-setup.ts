import type { TestProject } from 'vitest/node';
import { startTestPostgres, type TestPostgres } from './pg-server';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

// One PostgreSQL for the run (embedded in a temp dir, or the server in DATABASE_URL);
// a migrated template database that each test file clones into its own fresh database.
let pg: TestPostgres | null = null;

export async function setup(project: TestProject) {
  pg = await startTestPostgres();
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', pg.template);
}

export async function teardown() {
  await pg?.stop();
}
