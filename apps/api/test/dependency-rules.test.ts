// The module-level rules of .dependency-cruiser.cjs (`npm run lint:deps`) fire: each is run on a
// small tree of files written at the real paths in a temporary folder, so a rule whose path matches
// nothing (a typo) fails here instead of passing silently.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IFlattenedRuleSet } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: IFlattenedRuleSet['forbidden'];
  options: ICruiseOptions;
};

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The violations (`rule: from -> to`) of a tree of files (path relative to the repo -> source). */
async function violations(files: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owo-depcruise-'));
  dirs.push(dir);
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), code);
  }
  const { output } = await cruise(['apps'], {
    ...config.options,
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    outputType: 'json',
  });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

const M = 'apps/api/src/modules';

describe('dependency-cruiser rules', () => {
  it('no cycle between module folders, through any files', async () => {
    expect(
      await violations({
        [`${M}/alpha/index.ts`]: "export { b } from '../beta';\nexport const a = 1;",
        [`${M}/beta/index.ts`]: "export { b } from './service';",
        [`${M}/beta/service.ts`]: "import { a } from '../alpha';\nexport const b = a;",
      }),
    ).toEqual([`no-module-cycle: ${M}/alpha -> ${M}/beta`, `no-module-cycle: ${M}/beta -> ${M}/alpha`]);
  });

  it('platform imports no module; platform/schema.ts gathers tables and is not followed', async () => {
    expect(
      await violations({
        'apps/api/src/platform/guard.ts': "export { a } from '../modules/alpha';",
        'apps/api/src/platform/schema.ts': "export * from '../modules/alpha/tables';",
        [`${M}/alpha/index.ts`]: 'export const a = 1;',
        [`${M}/alpha/tables.ts`]: 'export const t = 1;',
        [`${M}/beta/read.ts`]: "export { t } from '../../platform/schema';",
      }),
    ).toEqual([`platform-imports-no-module: apps/api/src/platform/guard.ts -> ${M}/alpha/index.ts`]);
  });

  it('a module reaches another through its index.ts; tables only from its own tables file', async () => {
    expect(
      await violations({
        [`${M}/alpha/index.ts`]: 'export const a = 1;',
        [`${M}/alpha/deep.ts`]: 'export const d = 1;',
        [`${M}/alpha/tables.ts`]: 'export const t = 1;',
        [`${M}/beta/ok.ts`]: "export { a } from '../alpha';",
        [`${M}/beta/tables.ts`]: "export { t } from '../alpha/tables';",
        [`${M}/beta/deep.ts`]: "export { d } from '../alpha/deep';",
        [`${M}/beta/write.ts`]: "export { t } from '../alpha/tables';",
        // Tests may reach anywhere: they are not in the graph.
        [`${M}/beta/beta.test.ts`]: "export { d } from '../alpha/deep';",
      }),
    ).toEqual([
      `module-foreign-tables: ${M}/beta/write.ts -> ${M}/alpha/tables.ts`,
      `module-through-index: ${M}/beta/deep.ts -> ${M}/alpha/deep.ts`,
    ]);
  });

  it('rails import no module; a web feature reaches another through its index', async () => {
    expect(
      await violations({
        'apps/api/src/rails/adapter.ts': "export { a } from '../modules/alpha';",
        [`${M}/alpha/index.ts`]: 'export const a = 1;',
        'apps/web/src/features/alpha/index.ts': 'export const a = 1;',
        'apps/web/src/features/alpha/api.ts': 'export const api = 1;',
        'apps/web/src/features/beta/ok.ts': "export { a } from '../alpha';",
        'apps/web/src/features/beta/deep.ts': "export { api } from '../alpha/api';",
      }),
    ).toEqual([
      'feature-through-index: apps/web/src/features/beta/deep.ts -> apps/web/src/features/alpha/api.ts',
      `rails-import-no-module: apps/api/src/rails/adapter.ts -> ${M}/alpha/index.ts`,
    ]);
  });
});
