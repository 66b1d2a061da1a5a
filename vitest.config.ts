import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['server', 'web'],
    // One more file at a time than there are cores (vitest's default is one fewer: a
    // single file at a time on a 2-core machine). Many files wait on fsyncs, child
    // processes and sockets, so the cores stay busy; under load the suite also gets
    // its fair share of a CPU other jobs want.
    maxWorkers: availableParallelism() + 1,
  },
});
