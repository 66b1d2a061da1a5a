/**
 * Searching a library, through the kit's search API as the search page asks
 * (docs/API-library.md "Search"): titles of the ZIM's 100 000 articles and
 * their redirects beside the library's 100 000 resources (`GET
 * /api/v2/search?q=`), and one library's articles by title and text (`&library=`).
 * One villager at a time: the time of each answer, end to end over loopback.
 * Words come from the generated titles: whole words, two words, a word
 * typed without accents, a prefix. Other searches of the same kinds go first,
 * untimed, as a kit's earlier searches have: the server has just served the
 * reading, and a first search after a start reads its statements and its
 * index pages cold (184 ms for the first, and the next twenty twice the rest,
 * when nothing came before).
 */
import { foldText } from '@kit/contract/fold';
import { seededRandom, type Random } from '../../fixtures/catalogue/random.ts';
import { reach } from './goals.ts';
import type { BenchServer } from './server.ts';
import { ms, pct, results, rows } from './table.ts';
import type { BenchZim } from './zim-library.ts';

const QUERIES = 60;
/** Function words match half the library: a villager searches by the other words. */
const SHORT = 3;

/** The bench's searches of a library's titles: whole words, two words, a word without accents, a prefix. */
export function queries(rnd: Random, articles: BenchZim['pages']['articles']): string[] {
  const out: string[] = [];
  while (out.length < QUERIES) {
    const title = articles[Math.floor(rnd() * articles.length)]?.title ?? '';
    const words = title.split(' ').filter((w) => w.length > SHORT && !w.startsWith('('));
    const word = words[Math.floor(rnd() * words.length)];
    if (!word) continue;
    const next = words[words.indexOf(word) + 1];
    const kind = out.length % 4;
    if (kind === 0) out.push(word);
    else if (kind === 1 && next) out.push(`${word} ${next}`);
    else if (kind === 2) out.push(foldText(word));
    else out.push(word.slice(0, Math.max(4, Math.ceil(word.length / 2))));
  }
  return out;
}

/** Each query asked once, one after the other; null when the kit has no such search (not built yet). */
async function timeSearches(base: string, qs: readonly string[], extra: string): Promise<number[] | null> {
  const times: number[] = [];
  for (const q of qs) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v2/search?q=${encodeURIComponent(q)}&page=1&per_page=24${extra}`);
    await res.arrayBuffer();
    if (res.status === 404 && times.length === 0) return null;
    if (!res.ok) throw new Error(`bench: search ${q}${extra} → ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

export async function benchZimSearch(server: BenchServer, id: number, zim: BenchZim): Promise<void> {
  const rnd = seededRandom(13);
  const [timed, timedInLibrary] = [queries(rnd, zim.pages.articles), queries(rnd, zim.pages.articles)];
  // never a timed one: its answer would be remembered
  const earlier = seededRandom(17);
  const warmUp = (asked: readonly string[]) => queries(earlier, zim.pages.articles).filter((q) => !asked.includes(q));
  if ((await timeSearches(server.base, warmUp(timed), '')) !== null) await timeSearches(server.base, warmUp(timedInLibrary), `&library=${id}`);
  const titles = await timeSearches(server.base, timed, '');
  const inLibrary = await timeSearches(server.base, timedInLibrary, `&library=${id}`);
  const count = `${zim.pages.articles.length} articles`;
  if (!titles || !inLibrary) {
    rows.push({ figure: `ZIM title and full-text search (${count})`, value: 'not measured (the kit has no /api/v2/search in this build)', baseline: '', ratio: '' });
    return;
  }
  for (const [name, p] of [['p50', 0.5], ['p95', 0.95]] as const) {
    rows.push({ figure: `ZIM title search ${name}, ${count} + redirects beside the library's resources (${QUERIES} queries)`, value: ms(pct(titles, p)), baseline: '', ratio: '' });
    rows.push({ figure: `ZIM search within the library, titles then text, ${name} (${QUERIES} queries)`, value: ms(pct(inLibrary, p)), baseline: '', ratio: '' });
  }
  reach('zim.titleP95', pct(titles, 0.95), `${QUERIES} queries over HTTP, max ${ms(pct(titles, 1))}`);
  results.zimSearch = { titles, inLibrary };
}
