// Imported first by the entry points (main.tsx, entry-server.tsx): zod's object schemas otherwise
// probe `new Function` when they are built, which the API's Content-Security-Policy (script-src
// 'self') reports as a violation (Lighthouse best practices). Set before any schema exists.
import { config } from 'zod/v4/core';

config({ jitless: true });
