import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount what a test rendered (vitest globals are off, so Testing Library cannot register this itself).
afterEach(cleanup);

// findBy… waits for lazy route chunks, which take seconds to import on a busy 2-core machine;
// the default 1 s made route tests fail under load although nothing was wrong (a hang guard, not a goal).
configure({ asyncUtilTimeout: 30_000 });
