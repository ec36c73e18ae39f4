// Module-level rules (issue 36 §3), checked by dependency-cruiser in `npm run lint` (`npm run lint:deps`).
// ESLint (eslint.config.mjs) keeps the file-level boundaries and cycles; this file adds what ESLint
// cannot see: cycles between MODULE FOLDERS through any path (a -> b in one file, b -> a in another).
//
// Writes across modules: no static import tells a read from a write, so the rule checked here is a
// proxy. A module's code reads another area's tables through `platform/schema.ts` (every table in one
// place) and changes them only by calling the owning module's index.ts; importing another module's
// `*tables.ts` directly is allowed to a module's own `*tables.ts` files alone (a foreign key names the
// other table's column). apps/api/test/table-writes.test.ts checks the writes themselves (an
// `insert`/`update`/`delete` on a table defined in another area).
//
// What is left to fix is listed in .dependency-cruiser-known-violations.json (`--ignore-known`):
// `npm run lint:deps:baseline` rewrites it after a cycle is broken, so the list only shrinks.

const API = '^apps/api/src';
const MOD = `${API}/modules`;
const WEB = '^apps/web/src';

// Files only tests use: they may reach into any module or feature (as in eslint.config.mjs TEST_FILES).
// Left out of the graph altogether, so a test's imports make no module cycle either.
const TEST_FILES = [
  '[.](test|spec)[.]tsx?$',
  '/test-(support|utils|setup|rails)[.]tsx?$',
  '/fixtures[.]ts$',
  '[.]fixture[.]ts$',
  '/crash-server[.]ts$',
];

// Module cycles not broken yet, read from the known-violations file. dependency-cruiser's
// `--ignore-known` softens file-level violations only (folder-level ones are a TODO upstream), so the
// folder rule leaves out, for each known cycle, the step from one of its folders to its partner; any
// other cycle through that folder is still an error. `npm run lint:deps:baseline` sets
// DEPCRUISE_BASELINE so that the known cycles are reported again and written back to the file.
const KNOWN_FILE = require('node:path').join(__dirname, '.dependency-cruiser-known-violations.json');
const knownCycles = process.env.DEPCRUISE_BASELINE
  ? []
  : JSON.parse(require('node:fs').readFileSync(KNOWN_FILE, 'utf8')).filter(
      (v) => v.type === 'cycle' && v.rule.name === 'no-module-cycle',
    );
const partnersOf = new Map();
for (const v of knownCycles) partnersOf.set(v.from, [...(partnersOf.get(v.from) ?? []), v.to]);
const exact = (folder) => `^${folder.replace(/[.]/g, '[.]')}$`;

const CYCLE = {
  name: 'no-module-cycle',
  scope: 'folder',
  severity: 'error',
  comment:
    'Module folders form a cycle (through any files): break it with a declared seam (the module ' +
    'lower down exposes a hook the upper one registers), or move the shared piece down into platform/.',
};

module.exports = {
  forbidden: [
    {
      ...CYCLE,
      from: { path: `${MOD}/[^/]+$`, pathNot: [...partnersOf.keys()].map(exact) },
      to: { path: `${MOD}/[^/]+`, circular: true },
    },
    ...[...partnersOf].map(([folder, partners]) => ({
      ...CYCLE,
      from: { path: exact(folder) },
      to: { path: `${MOD}/[^/]+`, pathNot: partners.map(exact), circular: true },
    })),
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment:
        'platform/ is the floor every module stands on and imports no module (platform/schema.ts alone ' +
        'gathers the modules\u2019 tables, for the modules\u2019 reads; no platform file imports it). Declare a ' +
        'hook in platform/deps.ts and let the module register it.',
      from: { path: `${API}/platform/`, pathNot: `${API}/platform/schema[.]ts$` },
      to: { path: `${MOD}/` },
    },
    {
      name: 'rails-import-no-module',
      severity: 'error',
      comment: 'rails/ (payment-rail adapters) import platform/ and @owo/contract, never a module.',
      from: { path: `${API}/rails/` },
      to: { path: `${MOD}/` },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment:
        'A module imports another module only through its index.ts (tables: see module-foreign-tables). ' +
        'Export what you need from the other module\u2019s index.ts.',
      from: { path: `${MOD}/([^/]+)/` },
      to: {
        path: `${MOD}/[^/]+/`,
        pathNot: [`${MOD}/$1/`, `${MOD}/[^/]+/index[.]ts$`, `${MOD}/[^/]+/[^/]*tables[.]ts$`],
      },
    },
    {
      name: 'module-foreign-tables',
      severity: 'error',
      comment:
        'Another module\u2019s tables are read through platform/schema.ts and written only through that ' +
        'module\u2019s index.ts; a direct import of its *tables.ts is for a foreign key, from your own *tables.ts.',
      from: { path: `${MOD}/([^/]+)/`, pathNot: `${MOD}/[^/]+/[^/]*tables[.]ts$` },
      to: { path: `${MOD}/[^/]+/[^/]*tables[.]ts$`, pathNot: `${MOD}/$1/` },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment:
        'A feature imports another feature only through that feature\u2019s index.ts (as eslint.config.mjs).',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: {
        path: `${WEB}/features/[^/]+/`,
        pathNot: [`${WEB}/features/$1/`, `${WEB}/features/[^/]+/index[.]tsx?$`],
      },
    },
  ],
  options: {
    exclude: { path: ['node_modules', ...TEST_FILES] },
    // platform/schema.ts re-exports every table (no behaviour): a module's read through it is no
    // dependency on the other module, so the cruise does not follow it (else every module reading a
    // table would form a cycle with every other through the platform folder).
    doNotFollow: { path: ['node_modules', `${API}/platform/schema[.]ts$`] },
    tsPreCompilationDeps: true,
    // Folder-scope rules (no-module-cycle) need the folder graph.
    metrics: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
