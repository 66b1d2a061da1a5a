import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'test/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    setupFiles: ['test/setup-dom.ts'],
    // rendering a route tree takes seconds on a busy 2-core machine
    testTimeout: 15_000,
  },
});
