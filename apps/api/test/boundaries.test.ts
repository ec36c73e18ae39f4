// The import-boundary rules of eslint.config.mjs (docs/ARCHITECTURE.md, "Boundaries"), checked on
// small snippets placed at real paths, without type information so it takes seconds.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

type Zones = unknown[];
type BoundaryModule = {
  boundaryConfig: (zones: Zones) => Linter.Config;
  apiZones: Zones;
  webZones: Zones;
};

let api: ESLint;
let web: ESLint;
beforeAll(async () => {
  const configUrl = pathToFileURL(path.join(root, 'eslint.config.mjs')).href;
  const m = (await import(configUrl)) as BoundaryModule;
  const make = (zones: Zones) =>
    new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
        { files: ['**/*.ts', '**/*.tsx'], ...m.boundaryConfig(zones) },
      ],
    });
  api = make(m.apiZones);
  web = make(m.webZones);
});

/** Rule ids and messages reported for `code` as if it were the file at `file` (relative to the repo). */
async function lint(engine: () => ESLint, file: string, code: string) {
  const [result] = await engine().lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('API boundaries', () => {
  it('platform imports no module', async () => {
    const msgs = await lint(
      () => api,
      'apps/api/src/platform/probe.ts',
      "export { creditDeposit } from '../modules/money/deposits';\nexport { wallets } from '../modules/money/tables';",
    );
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toContain('platform/ imports no module');
    expect(msgs[0]).toContain('platform/deps.ts');
  });

  it('platform/schema.ts may gather module tables, and only tables', async () => {
    expect(
      await lint(() => api, 'apps/api/src/platform/schema.ts', "export * from '../modules/money/tables';"),
    ).toEqual([]);
    expect(
      await lint(() => api, 'apps/api/src/platform/schema.ts', "export * from '../modules/money/wallets';"),
    ).toHaveLength(1);
  });

  it('a module reaches another only through its index.ts or tables', async () => {
    const file = 'apps/api/src/modules/funding/probe.ts';
    expect(await lint(() => api, file, "export { creditDeposit } from '../money';")).toEqual([]);
    expect(await lint(() => api, file, "export { wallets } from '../money/tables';")).toEqual([]);
    expect(await lint(() => api, file, "export { feePolicies } from '../money/fees-tables';")).toEqual([]);
    expect(await lint(() => api, file, "export { applyStatus } from './dispatcher';")).toEqual([]);
    const deep = await lint(() => api, file, "export { creditDeposit } from '../money/deposits';");
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain("only through that module's public index.ts");
    expect(deep[0]).toContain('(modules/funding -> modules/money)');
  });

  it('rails import no module, and areas do not import the composition root', async () => {
    expect(
      await lint(
        () => api,
        'apps/api/src/rails/probe.ts',
        "export { creditDeposit } from '../modules/money';",
      ),
    ).toHaveLength(1);
    expect(
      await lint(() => api, 'apps/api/src/modules/money/probe.ts', "export { buildApp } from '../../app';"),
    ).toHaveLength(1);
  });

  it('reports an import cycle', async () => {
    // platform/schema.ts gathers accounts/tables.ts: a table file importing the gathering closes a loop.
    const msgs = await lint(
      () => api,
      'apps/api/src/modules/accounts/tables.ts',
      "import { invitations } from '../../platform/schema';\nexport const x = invitations;",
    );
    expect(msgs.some((m) => m.startsWith('import-x/no-cycle'))).toBe(true);
  });
});

describe('web boundaries', () => {
  const file = 'apps/web/src/features/money/probe.ts';
  it('a feature reaches another only through its index.ts', async () => {
    expect(await lint(() => web, file, "export * from '../accounts';")).toEqual([]);
    expect(await lint(() => web, file, "export * from '../../lib/api';")).toEqual([]);
    expect(await lint(() => web, file, "export * from '../../app/guards/guards';")).toEqual([]);
    const deep = await lint(() => web, file, "export * from '../teams/api';");
    expect(deep).toHaveLength(1);
    expect(deep[0]).toContain("only through that feature's index.ts");
  });

  it('features do not import the app shell; lib does not import features', async () => {
    expect(await lint(() => web, file, "export * from '../../app/routes';")).toHaveLength(1);
    expect(
      await lint(() => web, 'apps/web/src/lib/probe.ts', "export * from '../features/accounts';"),
    ).toHaveLength(1);
  });
});
