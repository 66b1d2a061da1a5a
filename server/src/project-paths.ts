import path from 'node:path';

/*
 * Where the project's own files are, from this module's folder: server/src when
 * the server runs from its sources, server/dist when it runs built into one
 * file (scripts/build-server.ts). Both sit two levels below the project's
 * root, so the same paths hold for both.
 */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server', 'migrations');
export const DEMO_DIR = path.join(PROJECT_ROOT, 'fixtures', 'demo');
