import { defineConfig } from 'tsup';

// The API is bundled into one ESM file; the contract package is inlined (it ships as TS source).
export default defineConfig({
  entry: { main: 'src/main.ts', worker: 'src/worker.ts', 'ledger-verify': 'src/scripts/ledger-verify.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@owo/contract'],
  splitting: false,
});
