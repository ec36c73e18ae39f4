import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pureContract } from './build/pure-contract';
import { TEST_CEILING_MS } from './src/test-ceilings';

// Test files that replace a module (`vi.mock`) need a module graph of their own: a screen another
// file imported first would keep the real module. Every other file shares one graph per worker
// (its DOM, store, query cache and drafts are reset per file in test-setup.ts), which spares it
// the import of React, Mantine and the app (about half of the layer's time).
const TESTS = /\.test\.tsx?$/;
const mockingTests = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => TESTS.test(f) && readFileSync(`src/${f}`, 'utf8').includes('vi.mock('))
  .map((f) => `src/${f}`);

export default defineConfig({
  plugins: [react(), pureContract()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/webhooks': 'http://localhost:3000' } },
  // Source maps are published beside the hashed assets (valid maps, Lighthouse best practices).
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
  },
  test: {
    // happy-dom renders the Mantine screens in about two thirds of jsdom's time. It evaluates the
    // media queries Mantine injects (visibleFrom, hiddenFrom) against its window, so the window
    // is a laptop's: the desktop layout, as jsdom showed it.
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { width: 1440, height: 900 } },
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mockingTests, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: mockingTests } },
    ],
    setupFiles: ['./src/test-setup.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, with the
    // main process idle. The jsdom files are CPU-bound, so two workers use both cores.
    maxWorkers: 2,
    testTimeout: TEST_CEILING_MS,
    hookTimeout: TEST_CEILING_MS,
  },
});
