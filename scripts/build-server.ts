/**
 * The server as the kit runs it: server/src built into one plain JavaScript
 * file, server/dist/main.mjs, with its source map. Node then neither loads its
 * type stripper nor reads some 200 modules at every start, and the kit's
 * memory keeps what those cost (docs/PERFORMANCE.md). The packages stay
 * outside the file (node_modules, as installed), but for the contract, source
 * of this project, and TypeBox, plain ES modules of which the server uses a
 * part: inside, only that part is loaded (6 MB less at idle). `make start` and
 * the tests run the sources.
 */
import path from 'node:path';
import { build } from 'rolldown';

const root = path.resolve(import.meta.dirname, '..');
const INSIDE = ['@kit/', 'typebox'];
const isPackage = (id: string): boolean => !id.startsWith('.') && !path.isAbsolute(id) && !INSIDE.some((name) => id.startsWith(name));

await build({
  input: path.join(root, 'server', 'src', 'main.ts'),
  platform: 'node',
  external: isPackage,
  // server/dist sits two levels below the root, as server/src does (server/src/project-paths.ts)
  output: { file: path.join(root, 'server', 'dist', 'main.mjs'), format: 'esm', sourcemap: true },
  logLevel: 'warn',
});
