// ESLint flat config for the whole monorepo (issue 15). `npm run lint` runs it with `prettier --check`.
// Style is Prettier's job (eslint-config-prettier turns off every rule that would fight it).
// The boundary rules below are the table "Boundaries: what may import what" in docs/ARCHITECTURE.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';

const root = path.dirname(fileURLToPath(import.meta.url));
const API = 'apps/api/src';
const WEB = 'apps/web/src';

/** Sub-folders of `dir` (read at every run, so a new module or feature is covered without editing this file). */
const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
/** A module's table files (`tables.ts`, `fees-tables.ts`, ...): the database schema, shared on purpose. */
const tableFilesOf = (dir) => fs.readdirSync(path.join(root, dir)).filter((f) => /(^|-)tables\.ts$/.test(f));

// Files that only tests use. They may reach into any module or feature (they set up and check state
// across areas); the boundary rules apply to production code.
const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.spec.ts',
  '**/test-support.ts',
  '**/test-utils.ts',
  '**/test-utils.tsx',
  '**/test-setup.ts',
  '**/test-rails.ts',
  '**/fixtures.ts',
  '**/*.fixture.ts',
  '**/second-process.fixture.ts',
  '**/crash-server.ts',
  'apps/api/test/**',
  // The fault simulator drives every area together, as the tests do.
  'apps/api/sim/**',
];

const apiModules = foldersOf(`${API}/modules`);
const webFeatures = foldersOf(`${WEB}/features`);

const MODULE_RULE =
  'A module imports platform/, rails/, @owo/contract, its own files, and another module only through that ' +
  "module's public index.ts (or its tables.ts for foreign keys; .dependency-cruiser.cjs narrows that). Export what you need from the " +
  "other module's index.ts, or move the shared piece down into platform/.";

const apiZones = [
  // platform/ is the floor every module stands on; it never reaches up into an area.
  {
    target: [`${API}/platform/!(schema).ts`, `${API}/platform/*/**`],
    from: `${API}/modules`,
    message:
      'platform/ imports no module. To call into an area from the platform, add a hook or service to AppDeps ' +
      'in platform/deps.ts and let the module register it (see hooks.boot for an example).',
  },
  {
    // platform/schema.ts gathers every module's table definitions for drizzle (tables only, no behaviour).
    target: `${API}/platform/schema.ts`,
    from: `${API}/modules`,
    except: apiModules.flatMap((m) => tableFilesOf(`${API}/modules/${m}`).map((f) => `./${m}/${f}`)),
    message: 'platform/schema.ts gathers modules/*/tables.ts (and *-tables.ts) only.',
  },
  {
    target: `${API}/rails`,
    from: `${API}/modules`,
    message: 'rails/ (payment-rail adapters) import platform/ and @owo/contract, never a module.',
  },
  {
    target: [`${API}/platform`, `${API}/rails`, `${API}/modules`],
    from: [`${API}/app.ts`, `${API}/bootstrap.ts`, `${API}/main.ts`, `${API}/worker.ts`, `${API}/scripts`],
    message:
      'app.ts, bootstrap.ts, main.ts, worker.ts and scripts/ are the composition root: they import ' +
      'areas, areas never import them.',
  },
  ...apiModules.flatMap((m) =>
    apiModules
      .filter((other) => other !== m)
      .map((other) => ({
        target: `${API}/modules/${m}`,
        from: `${API}/modules/${other}`,
        except: ['./index.ts', ...tableFilesOf(`${API}/modules/${other}`).map((f) => `./${f}`)],
        message: `${MODULE_RULE} (modules/${m} -> modules/${other})`,
      })),
  ),
];

const FEATURE_RULE =
  'A feature imports lib/, components/, app/ hooks and guards, its own files, and another feature only through ' +
  "that feature's index.ts. Export what you need from the other feature's index.ts.";

const webZones = [
  ...webFeatures.flatMap((f) =>
    webFeatures
      .filter((other) => other !== f)
      .map((other) => ({
        target: `${WEB}/features/${f}`,
        from: `${WEB}/features/${other}`,
        except: ['./index.ts'],
        message: `${FEATURE_RULE} (features/${f} -> features/${other})`,
      })),
  ),
  {
    target: `${WEB}/features`,
    from: [
      `${WEB}/app/app.tsx`,
      `${WEB}/app/routes.tsx`,
      `${WEB}/app/feature-routes.tsx`,
      `${WEB}/app/layouts`,
      `${WEB}/main.tsx`,
    ],
    message:
      "Features don't import the app shell (app.tsx, routes, layouts): the shell composes features. Use app/ hooks, guards and areas.",
  },
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'lib/ and components/ are shared by every feature: they import neither features/ nor app/.',
  },
];

// SQL that PostgreSQL 15 reads too (see its config block below).
const SQL_NUMERIC_LITERAL = {
  selector:
    "TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/(^|[^A-Za-z0-9_$])[0-9]+_[0-9]/], TaggedTemplateExpression[tag.object.name='sql'] TemplateElement[value.raw=/(^|[^A-Za-z0-9_$])[0-9]+_[0-9]/], CallExpression[callee.property.name=/^(query|raw|execute)$/] > TemplateLiteral > TemplateElement[value.raw=/(^|[^A-Za-z0-9_$])[0-9]+_[0-9]/]",
  message: 'A numeric literal with underscores in SQL text is a syntax error before PostgreSQL 16.',
};

// An app path written as text: starts with `/`, is not an `/api/` URL (esquery regexes cannot hold a
// `/`, hence \x2F).
const APP_PATH = String.raw`/^\x2F(?!api(\x2F|$))/`;
const NAVIGATE = "CallExpression:matches([callee.name='navigate'], [callee.property.name='navigate'])";
const PATHS_MESSAGE =
  'Link and navigate with the typed path map: paths.<area>.<page>.href(params, search) from lib/paths.ts ' +
  '(add the route there if it is missing), not a literal app path.';
const LITERAL_APP_PATHS = [
  // navigate('/x'), navigate(`/x/${id}`), navigate(ok ? '/x' : '/y'), router.navigate(...)
  `${NAVIGATE} > Literal[value=${APP_PATH}]`,
  `${NAVIGATE} > TemplateLiteral > TemplateElement[value.raw=/^\\x2F/]`,
  `${NAVIGATE} > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${APP_PATH}]`,
  `${NAVIGATE} > :matches(ConditionalExpression, LogicalExpression) > TemplateLiteral > TemplateElement[value.raw=/^\\x2F/]`,
  // <Link to="/x">, <Navigate to={`/x/${id}`}>, <Anchor href="/x">, to={a ?? '/'}
  `JSXAttribute[name.name=/^(to|href)$/] Literal[value=${APP_PATH}]`,
  `JSXAttribute[name.name=/^(to|href)$/] TemplateLiteral > TemplateElement:first-child[value.raw=${APP_PATH}]`,
  // { to: '/x' } in a menu or card list
  `Property[key.name='to'] > Literal[value=${APP_PATH}]`,
  `Property[key.name='to'] > TemplateLiteral > TemplateElement:first-child[value.raw=${APP_PATH}]`,
].map((selector) => ({ selector, message: PATHS_MESSAGE }));

// Imports are resolved with the TypeScript paths of each workspace.
const importSettings = {
  'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
  'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [
    createTypeScriptImportResolver({
      noWarnOnMultipleProjects: true,
      project: ['apps/api', 'apps/web', 'packages/contract', 'e2e', 'bench'].map((d) =>
        path.join(root, d, 'tsconfig.json'),
      ),
    }),
  ],
};

/** The boundary rules alone, without type information (apps/api/test/boundaries.test.ts checks them fast). */
export const boundaryConfig = (zones) => ({
  plugins: { 'import-x': importX },
  settings: importSettings,
  rules: {
    'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
    'import-x/no-cycle': 'error',
  },
});
export { apiZones, webZones };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      '**/.tmp/**',
      '**/coverage/**',
      'apps/api/drizzle/**',
      // generated by openapi-typescript from docs/openapi.json (npm run openapi)
      'apps/api/test/generated/**',
      'e2e/artifacts/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,

  // Every eslint-disable says why on the same line (`// eslint-disable-next-line rule -- reason`),
  // names its rules, and is removed once nothing needs it.
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': eslintComments },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
    },
  },

  // TypeScript: the type-aware recommended rules. Every linted .ts file must be in a tsconfig.
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Fastify/React handlers may be async: a promise-returning callback where void is expected is fine
      // for attributes (onClick etc.); conditionals and spreads still have to await their promises.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Off: register*() functions and rail adapter methods are async by contract (callers always await
      // them); an async body without `await` is harmless. Missing awaits are no-floating-promises' job.
      '@typescript-eslint/require-await': 'off',
      // Off: it reports assertions that tsc needs (generic drizzle tables, widening a literal to a union)
      // and its autofix then breaks the build.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },

  // Plain JavaScript (scripts, bench, e2e runners): no type information, Node globals.
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },

  // SQL that PostgreSQL 15 reads too (.ci/run's second API pass): `7_500` in SQL text is a syntax error
  // before PostgreSQL 16. Tests included, since that pass runs them.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    rules: { 'no-restricted-syntax': ['error', SQL_NUMERIC_LITERAL] },
  },

  // Every in-app link and navigation goes through the typed path map (`paths.x.href(...)` from
  // lib/paths.ts, issue 36), so a link cannot point at a path that does not exist. External URLs and
  // `/api/` URLs are fine. The SQL entry is repeated: a later block's options replace an earlier one's.
  {
    files: [`${WEB}/**/*.ts`, `${WEB}/**/*.tsx`],
    ignores: TEST_FILES,
    rules: { 'no-restricted-syntax': ['error', SQL_NUMERIC_LITERAL, ...LITERAL_APP_PATHS] },
  },

  // Imports: resolved with the TypeScript paths of each workspace; no cycles anywhere.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // Boundaries, for production code (tests may reach across; see TEST_FILES).
  {
    files: [`${API}/**/*.ts`],
    ignores: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones, basePath: root }] },
  },
  {
    files: [`${WEB}/**/*.ts`, `${WEB}/**/*.tsx`],
    ignores: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones, basePath: root }] },
  },

  // Rooms the next engineer can hold in their head (issue 36): a production file over 400 lines, or
  // a function over 80, is a warning to split it by use case (tests and the simulator are exempt).
  {
    files: [`${API}/**/*.ts`, `${WEB}/**/*.ts`, `${WEB}/**/*.tsx`, 'packages/contract/src/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },

  // React hooks for the web app. The plugin's React Compiler checks (refs, set-state-in-effect, ...) are
  // left off: the app does not use the compiler, and their 13 hits need component rewrites, not line fixes.
  {
    files: [`apps/web/**/*.ts`, `apps/web/**/*.tsx`],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Tests read untyped JSON (`res.json()` is `any`) and build loose fixtures: the no-unsafe-* family
  // would flag ~600 lines of assertions without finding bugs, so it is off for test files only.
  // Floating promises and the rest stay on (an unawaited `user.click` is a real flaky test).
  {
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  prettier,
);
