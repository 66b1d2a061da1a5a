import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);

export interface PrecompressOptions {
  /** files smaller than this many bytes are left alone */
  threshold?: number;
  /** file name endings to compress */
  extensions?: readonly string[];
}

// .mjs: pdf.js and its worker, kept as plain files (see features/resource/PdfReader.tsx).
export const DEFAULT_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest'] as const;
export const DEFAULT_THRESHOLD = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every matching file of `dir` that is
 * at least `threshold` bytes, when the compressed copy is smaller. Returns the
 * files it wrote.
 */
export async function precompressDirectory(dir: string, options: PrecompressOptions = {}): Promise<string[]> {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const extensions = options.extensions ?? DEFAULT_EXTENSIONS;
  const written: string[] = [];
  const files = (await listFiles(dir)).filter((file) => extensions.some((ext) => file.endsWith(ext)));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.byteLength < threshold) return;
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
          },
        }),
        // Zopfli: standard gzip ~5 % smaller than zlib's best. Over plain HTTP browsers do not
        // offer brotli, so a kit without a certificate serves every phone these .gz files.
        gzipAsync(content, { numiterations: 15 }),
      ]);
      for (const [suffix, compressed] of [['.br', br], ['.gz', gzipped]] as const) {
        if (compressed.byteLength >= content.byteLength) continue;
        await writeFile(`${file}${suffix}`, compressed);
        written.push(`${file}${suffix}`);
      }
    }),
  );
  return written.sort();
}

/**
 * Vite plugin: pre-compresses the build output once everything is written,
 * including the service worker that vite-plugin-pwa builds after the bundle.
 */
export function precompress(options: PrecompressOptions = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kit:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const written = await precompressDirectory(outDir, options);
        config.logger.info(`precompress: ${written.length} .br/.gz files written in ${path.relative(config.root, outDir)}`);
      },
    },
  };
}
