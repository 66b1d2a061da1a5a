import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { TEST_FILES_AT_ONCE } from '../vitest.workers.ts';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    maxWorkers: TEST_FILES_AT_ONCE,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'test/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    setupFiles: ['test/setup-dom.ts'],
    // A hang guard: rendering a route tree takes seconds on a busy 2-core machine, ten times that under load.
    testTimeout: 60_000,
  },
});
