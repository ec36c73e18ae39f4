import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pureContract } from './build/pure-contract';
import { TEST_CEILING_MS } from './src/test-ceilings';

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
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, with the
    // main process idle. The jsdom files are CPU-bound, so two workers use both cores.
    maxWorkers: 2,
    testTimeout: TEST_CEILING_MS,
    hookTimeout: TEST_CEILING_MS,
  },
});
