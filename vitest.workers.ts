import { availableParallelism } from 'node:os';

/**
 * How many test files run at a time, in every project: two more than there
 * are cores. Most files wait on fsyncs, child processes, sockets and timers,
 * so a quiet 2-core run kept its cores half busy with one file at a time
 * (vitest's default there: one fewer than the cores). Each project sets it
 * itself: a project does not take the root config's value.
 */
export const TEST_FILES_AT_ONCE = availableParallelism() + 2;
