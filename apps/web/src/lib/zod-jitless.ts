// Imported first by the entry points (main.tsx, entry-server.tsx): zod's object schemas otherwise
// probe `new Function` when they are built, which the API's Content-Security-Policy (script-src
// 'self') reports as a violation (Lighthouse best practices). Set before any schema exists.
// zod 4 keeps its config on `globalThis.__zod_globalConfig` (one object for every copy of zod, see
// zod/v4/core/core.js), so this sets it without importing zod: the entry chunk carries no zod
// (issue 38 §3), the pages that build schemas load it with them. zod-jitless.test.ts pins it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });
