/**
 * The bench's ZIM file: the generated encyclopaedia (fixtures/zim-pages.ts)
 * packed by Debian's zimwriterfs, as Kiwix's own files are made (zstd
 * clusters). Made once and kept under
 * `.tmp/bench/` (ignored by git), named by the generator's version, the
 * article count and the seed, so a second run reuses it; the time it took to
 * make is kept beside it.
 *
 * Alone: node scripts/bench/zim-library.ts [articles]
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { ZIM_PAGES_VERSION, zimPages, type ZimPages } from '../../fixtures/zim-pages.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const CACHE = path.join(root, '.tmp', 'bench');
const SEED = 7;

export interface BenchZim {
  file: string;
  /** the name kiwix-serve serves it under: the file's name without `.zim` */
  name: string;
  pages: ZimPages;
  bytes: number;
  /** how long writing the pages and zimwriterfs took when it was made, and whether this run reused it */
  made: { pagesSeconds: number; zimwriterfsSeconds: number; cached: boolean };
}

async function writePages(pages: ZimPages, dir: string): Promise<void> {
  const made = new Set<string>();
  for (const f of pages.files()) {
    const folder = path.dirname(path.join(dir, f.path));
    if (!made.has(folder)) {
      await fs.promises.mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await fs.promises.writeFile(path.join(dir, f.path), f.content);
  }
}

/**
 * Writes the pages under `work`, packs them into `file` with zimwriterfs
 * (without the Xapian full-text index: it nearly doubled the time to make the file,
 * and the kit keeps its own index), and says how long each step took.
 */
export async function packZim(pages: ZimPages, work: string, file: string, name: string): Promise<{ pagesSeconds: number; zimwriterfsSeconds: number }> {
  const html = path.join(work, 'html');
  const t0 = performance.now();
  await writePages(pages, html);
  const t1 = performance.now();
  await run('zimwriterfs', [
    `--welcome=${pages.mainPage}`, `--illustration=${pages.illustration}`, '--language=spa',
    '--title=Enciclopedia del pueblo', '--description=Artículos generados para el banco de pruebas',
    '--creator=Kit Portal', '--publisher=Kit Portal', `--name=${name}`, '--withoutFTIndex', html, file,
  ], { maxBuffer: 64 * 1024 * 1024 });
  return { pagesSeconds: (t1 - t0) / 1000, zimwriterfsSeconds: (performance.now() - t1) / 1000 };
}

/** The bench's file of `articles` articles, made now or found in the cache. */
export async function makeBenchZim(articles: number): Promise<BenchZim> {
  const name = `bench_es_v${ZIM_PAGES_VERSION}_${articles}_${SEED}`;
  const file = path.join(CACHE, `${name}.zim`);
  const facts = `${file}.json`;
  const pages = zimPages(articles, SEED);
  if (fs.existsSync(file) && fs.existsSync(facts)) {
    const made = JSON.parse(fs.readFileSync(facts, 'utf8')) as BenchZim['made'];
    return { file, name, pages, bytes: fs.statSync(file).size, made: { ...made, cached: true } };
  }
  const work = path.join(CACHE, `${name}.build`);
  fs.rmSync(work, { recursive: true, force: true });
  try {
    const part = path.join(work, `${name}.zim`);
    const made = { ...(await packZim(pages, work, part, name)), cached: false };
    fs.renameSync(part, file);
    fs.writeFileSync(facts, `${JSON.stringify(made)}\n`);
    return { file, name, pages, bytes: fs.statSync(file).size, made };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const zim = await makeBenchZim(Number(process.argv[2] ?? 100_000));
  console.log(`${zim.file}: ${(zim.bytes / 1e6).toFixed(0)} MB, ${zim.pages.articles.length} articles, ${zim.pages.redirects.length} redirects`, zim.made);
}
