import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/modules/**/*tables.ts',
    './src/rails/**/*tables.ts',
    './src/platform/tables.ts',
    './src/platform/tenancy-tables.ts',
    './src/platform/vault/tables.ts',
  ],
  out: './drizzle',
});
