import { defineProject } from 'vitest/config';
import { TEST_FILES_AT_ONCE } from '../vitest.workers.ts';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'contract/src/**/*.test.ts', '../fixtures/**/*.test.ts'],
    environment: 'node',
    maxWorkers: TEST_FILES_AT_ONCE,
    // Hang guards, not speed goals: tests wait for conditions, and on a 2-core machine
    // under load (another suite beside this one) a server start or an argon2 hash is
    // five to ten times slower than on a quiet one.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
