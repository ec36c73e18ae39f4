import { defineConfig } from 'vitest/config';
import { TEST_CEILING_MS } from './test/ceilings';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: TEST_CEILING_MS,
    hookTimeout: TEST_CEILING_MS,
    pool: 'forks',
    maxWorkers: 2,
    // One module graph per worker, not per file: each file still gets its own database, app and
    // port, and no test reads module state another file wrote. Halves the layer's wall time.
    isolate: false,
    fileParallelism: true,
  },
});
