import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount what a test rendered (vitest globals are off, so Testing Library cannot register this itself).
afterEach(cleanup);
