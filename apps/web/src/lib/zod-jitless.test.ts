import { describe, expect, it } from 'vitest';
import './zod-jitless';

describe('zod-jitless', () => {
  it("turns on zod's jitless mode through the global config zod reads", async () => {
    const { config, globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    expect(config().jitless).toBe(true);
  });
});
