import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { mediaPath } from '../../media/store.ts';
import { articleNamespace } from '../../zim/layout.ts';
import { ZimError } from '../../zim/errors.ts';
import { ZimFile, type ZimEntry, type ZimItem } from '../../zim/zim-file.ts';
import { foldText } from '@kit/contract/fold';
import { htmlToText } from './html-text.ts';
import { textWords } from './search.query.ts';
import {
  addTexts,
  addTitles,
  dropTitles,
  failSearchIndex,
  articlesAfter,
  findSearchIndex,
  finishSearchIndex,
  nextLibraryToIndex,
  startSearchIndex,
  startText,
  type DbSearchIndex,
  type NewTitle,
} from './articles.repo.ts';
import { BackgroundRun } from '../../background-run.ts';

export interface ArticleIndexOptions {
  /** entries read per titles transaction */
  titleBatch?: number;
  /** articles read per text transaction */
  textBatch?: number;
  /** called after each committed batch with where the index now is (tests, timing) */
  onBatch?: (at: DbSearchIndex) => void;
}

export const DEFAULT_TITLE_BATCH = 2000;
/** Title rows removed per transaction when a library's rows go. */
export const DROP_BATCH = 2000;

/**
 * A library's search rows, removed one batch per transaction with the event
 * loop free in between. A big library (a Wikipedia has millions of titles)
 * in one DELETE would hold the database, and so the whole server, for
 * minutes on a Pi, past the service's watchdog, which would then kill it and
 * roll the delete back. Called before the library's row is deleted, and
 * before a new file's index starts over.
 */
export async function dropLibraryRows(db: Db, resourceId: number, batch = DROP_BATCH): Promise<void> {
  while (db.transaction(() => dropTitles(db, resourceId, batch))() === batch) await nextTurn();
}
export const DEFAULT_TEXT_BATCH = 50;
/** A page larger than this is not read for its text (a real article is a few hundred KiB at most). */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Words past this many characters of a page's text are not indexed. */
const MAX_TEXT_CHARS = 256 * 1024;

const isPage = (entry: ZimEntry | undefined, namespace: string): entry is ZimItem =>
  entry?.kind === 'item' && entry.namespace === namespace && entry.mimeType.startsWith('text/html');

/** A name's words as the index cuts and folds them, and how many there are (the title index's order). */
const foldedWords = (name: string): string[] => textWords(foldText(name));
const wordCount = (words: readonly string[]): number => Math.min(Math.max(words.length, 1), 1000);

/**
 * The title row of an entry (an article, or a redirect to one), or null for
 * anything else, and for a redirect whose name differs from its target's
 * title only in accents, case or punctuation: the target is found by the
 * same words.
 */
async function titleOf(zim: ZimFile, entry: ZimEntry, namespace: string): Promise<NewTitle | null> {
  if (entry.namespace !== namespace) return null;
  const name = foldedWords(entry.title);
  if (isPage(entry, namespace)) return { entry: entry.index, redirect: 0, name: entry.title, path: entry.contentPath ?? entry.path, title: entry.title, words: wordCount(name) };
  if (entry.kind !== 'redirect') return null;
  let target: ZimItem | undefined;
  try {
    target = await zim.resolve(entry);
  } catch (error) {
    // A redirect loop names nothing a reader can open.
    if (error instanceof ZimError && error.code === 'ZIM_REDIRECT_LOOP') return null;
    throw error;
  }
  if (!isPage(target, namespace) || foldedWords(target.title).join(' ') === name.join(' ')) return null;
  return { entry: entry.index, redirect: 1, name: entry.title, path: target.contentPath ?? target.path, title: target.title, words: wordCount(name) };
}

/**
 * Builds the search index of every checked library, in the background, one
 * library at a time (docs/API-contributions.md#bibliotecas-zim): first the
 * titles (the directory entries only), then the text of each article. Each
 * batch commits its rows and its position together and then yields, so
 * requests keep being answered and a stop resumes where it was. Usable
 * alone (a bench script): `new ArticleIndex(db, dataDir, log, { textBatch })`,
 * `wake()`, `await idle()`.
 */
export class ArticleIndex {
  readonly #db: Db;
  readonly #dataDir: string;
  readonly #log: FastifyBaseLogger;
  readonly #titleBatch: number;
  readonly #textBatch: number;
  readonly #onBatch: (at: DbSearchIndex) => void;
  readonly #run = new BackgroundRun();
  #again = false;

  constructor(db: Db, dataDir: string, log: FastifyBaseLogger, options: ArticleIndexOptions = {}) {
    this.#db = db;
    this.#dataDir = dataDir;
    this.#log = log;
    this.#titleBatch = options.titleBatch ?? DEFAULT_TITLE_BATCH;
    this.#textBatch = options.textBatch ?? DEFAULT_TEXT_BATCH;
    this.#onBatch = options.onBatch ?? (() => undefined);
  }

  /** Looks for libraries to index (a check ended, the server started). */
  wake(): void {
    this.#again = true;
    this.#run.start(() => this.#drain());
  }

  /** Resolves once every checked library is indexed (tests, bench). */
  idle(): Promise<void> {
    return this.#run.idle();
  }

  /** Stops after the batch in hand; what it committed stays. */
  close(): Promise<void> {
    return this.#run.close();
  }

  async #drain(): Promise<void> {
    while (this.#again && !this.#run.signal.aborted) {
      this.#again = false;
      for (let next = nextLibraryToIndex(this.#db); next && !this.#run.signal.aborted; next = nextLibraryToIndex(this.#db)) {
        this.#again = true;
        await this.#index(next.resource_id, next.media_sha256);
      }
    }
  }

  async #index(resourceId: number, sha256: string): Promise<void> {
    let at = findSearchIndex(this.#db, resourceId);
    let zim: ZimFile | undefined;
    try {
      zim = await ZimFile.open(mediaPath(this.#dataDir, sha256, 'zim'));
      if (at?.media_sha256 !== sha256) {
        // an earlier file's rows, a batch at a time, before the new index starts
        await dropLibraryRows(this.#db, resourceId);
        startSearchIndex(this.#db, resourceId, sha256, zim.header.entryCount);
        at = findSearchIndex(this.#db, resourceId);
      }
      const started = Date.now();
      while (at && (at.phase === 'titles' || at.phase === 'text') && !this.#run.signal.aborted) {
        const moved = at.phase === 'titles' ? await this.#titles(zim, at) : await this.#texts(zim, at);
        at = moved ? findSearchIndex(this.#db, resourceId) : undefined;
        if (at) this.#onBatch(at);
        await nextTurn();
      }
      if (at?.phase === 'done') this.#log.info({ resourceId, sha256, articles: at.total, ms: Date.now() - started }, 'library search index built');
    } catch (error) {
      this.#log.warn({ resourceId, sha256, err: (error as Error).message }, 'library search index failed: its articles are not searchable');
      // Not tried again until a new file lands.
      failSearchIndex(this.#db, resourceId, sha256);
    } finally {
      await zim?.close();
    }
  }

  /** One batch of directory entries, in path order; the article namespace is contiguous, so its end ends the phase. */
  async #titles(zim: ZimFile, at: DbSearchIndex): Promise<boolean> {
    const namespace = articleNamespace(zim.layout);
    const end = Math.min(zim.header.entryCount, at.position + this.#titleBatch);
    const titles: NewTitle[] = [];
    let next = at.position;
    for (; next < end; next++) {
      const entry = await zim.entryAt(next);
      if (entry.namespace > namespace) {
        next = zim.header.entryCount;
        break;
      }
      const title = await titleOf(zim, entry, namespace);
      if (title) titles.push(title);
    }
    if (!addTitles(this.#db, at, titles, next)) return false;
    if (next < zim.header.entryCount) return true;
    const moved = findSearchIndex(this.#db, at.resource_id);
    return moved !== undefined && startText(this.#db, moved);
  }

  /** One batch of articles' text, in id order (path order: neighbours share clusters). */
  async #texts(zim: ZimFile, at: DbSearchIndex): Promise<boolean> {
    const articles = articlesAfter(this.#db, at.resource_id, at.position, this.#textBatch);
    const last = articles.at(-1);
    if (!last) return finishSearchIndex(this.#db, at);
    const namespace = articleNamespace(zim.layout);
    const texts: Array<{ id: number; body: string }> = [];
    for (const article of articles) {
      const entry = await zim.entryAt(article.entry);
      const page = isPage(entry, namespace) ? await zim.readItemUpTo(entry, MAX_PAGE_BYTES) : undefined;
      if (!page) continue;
      const body = htmlToText(page.toString('utf8')).slice(0, MAX_TEXT_CHARS);
      if (body !== '') texts.push({ id: article.id, body });
    }
    return addTexts(this.#db, at, texts, last.id, articles.length);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the background search index of libraries' articles (modules/search) */
    articleIndex: ArticleIndex;
  }
}
