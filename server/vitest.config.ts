import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'contract/src/**/*.test.ts', '../fixtures/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // beforeAll builds an app and hashes several argon2 passwords: seconds on a busy 2-core machine
    hookTimeout: 60_000,
  },
});
