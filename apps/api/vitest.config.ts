import { defineConfig } from 'vitest/config';
import { TEST_CEILING_MS } from './test/ceilings';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: TEST_CEILING_MS,
    hookTimeout: TEST_CEILING_MS,
    pool: 'forks',
    // Three workers on two cores: the files spend a third of their time waiting (child processes,
    // job polling, PostgreSQL), and a third worker fills it. 2 → 3 took the layer from 448 s to
    // 341 s on a quiet 2-core machine; a fourth gave nothing more (332 s).
    maxWorkers: 3,
    // One module graph per worker, not per file: each file still gets its own database, app and
    // port, and no test reads module state another file wrote. Halves the layer's wall time.
    isolate: false,
    fileParallelism: true,
  },
});
