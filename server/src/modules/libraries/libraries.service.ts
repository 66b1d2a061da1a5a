import { RESOURCE_TYPES, type Library, type LibraryIndex } from '@kit/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { fillEmptyFields } from '../../catalog/resources.repo.ts';
import { mediaPath } from '../../media/store.ts';
import type { Viewer } from '../../access/viewer.ts';
import { ZimError } from '../../zim/errors.ts';
import { ZimFile } from '../../zim/zim-file.ts';
import { checkingLibraries, findLibrary, finishCheck, setCheckPercent, upsertLibrary, type DbLibrary } from './libraries.repo.ts';
import { BackgroundRun } from '../../background-run.ts';

/** Only admins bring offline libraries (a ZIM is GB of someone else's pages): one rule for every door. */
export function mayBringType(viewer: Viewer | null, typeCode: number): boolean {
  return typeCode !== RESOURCE_TYPES.LIBRARY || viewer?.isAdmin === true;
}

export function assertMayBringLibrary(viewer: Viewer, typeCode: number): void {
  if (!mayBringType(viewer, typeCode)) throw new AppError('LIBRARY_ADMIN_ONLY', { field: 'type' });
}

/** A reader's refusal as the admin reads it: the same stable code, in Spanish (errors.ts). */
export function zimRefusal(error: unknown): unknown {
  return error instanceof ZimError ? new AppError(error.code, { field: 'file' }) : error;
}

/** What a ZIM says of itself, read when it lands (every door: upload, USB, pack). */
export interface ZimFacts {
  uuid: string;
  title: string;
  description: string;
  language: string;
  creator: string;
  publisher: string;
  date: string;
  articleCount: number | null;
  mediaCount: number | null;
  size: number;
  /** the file's own icon (PNG), the largest it has, for the cover */
  illustration: Buffer | null;
}

/** Icons a ZIM may carry, largest first (the openZIM metadata convention). */
const ILLUSTRATIONS = ['Illustration_256x256@1', 'Illustration_128x128@1', 'Illustration_96x96@1', 'Illustration_48x48@1', 'Favicon'];
/** A real icon is a few KiB; a larger "icon" is not read. */
const ILLUSTRATION_MAX_BYTES = 1024 * 1024;
const TEXT_MAX = 2000;

/** Counter is "text/html=120;image/png=30;…": articles are the HTML pages, media the pictures, sounds and videos. */
function counts(counter: string | undefined): { articleCount: number | null; mediaCount: number | null } {
  if (!counter) return { articleCount: null, mediaCount: null };
  let articleCount = 0;
  let mediaCount = 0;
  for (const part of counter.split(';')) {
    const [mime = '', raw = ''] = part.split('=');
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 0) continue;
    if (mime.startsWith('text/html')) articleCount += n;
    else if (/^(image|audio|video)\//.test(mime)) mediaCount += n;
  }
  return { articleCount, mediaCount };
}

/**
 * Opens the file with the reader (header, MIME list, offsets) and reads its
 * metadata and icon. Anything the reader refuses comes back as that code's
 * AppError, for the door to refuse the file and keep nothing.
 */
export async function inspectZim(file: string): Promise<ZimFacts> {
  let zim: ZimFile;
  try {
    zim = await ZimFile.open(file);
  } catch (error) {
    throw zimRefusal(error);
  }
  try {
    const meta = await zim.metadata();
    const text = (name: string) => (meta[name] ?? '').trim().slice(0, TEXT_MAX);
    let illustration: Buffer | null = null;
    for (const name of ILLUSTRATIONS) {
      const item = await zim.metadataItem(name);
      illustration = (item && (await zim.readItemUpTo(item, ILLUSTRATION_MAX_BYTES))) ?? null;
      if (illustration) break;
    }
    // The main page is read through the path list, the title list and a cluster: offsets past the end show here.
    await zim.mainPage();
    return {
      uuid: zim.header.uuid,
      title: text('Title'),
      description: text('Description'),
      language: text('Language'),
      creator: text('Creator'),
      publisher: text('Publisher'),
      date: text('Date'),
      ...counts(meta.Counter),
      size: zim.fileSize,
      illustration,
    };
  } catch (error) {
    throw zimRefusal(error);
  } finally {
    await zim.close();
  }
}

/**
 * Records a library's newly landed file in the caller's transaction: its
 * facts, the ZIM's words in the fields the admin left empty, and a check to
 * run (LibraryChecks.start once committed).
 */
export function recordLibrary(db: Db, resourceId: number, sha256: string, facts: ZimFacts): void {
  upsertLibrary(db, {
    resource_id: resourceId,
    media_sha256: sha256,
    zim_uuid: facts.uuid,
    language: facts.language,
    creator: facts.creator,
    publisher: facts.publisher,
    zim_date: facts.date,
    article_count: facts.articleCount,
    media_count: facts.mediaCount,
    size: facts.size,
  });
  fillEmptyFields(db, resourceId, { description: facts.description, author: facts.creator, source: facts.publisher });
}

/** The wire shape; the reason a check failed is for admins only. */
export function toWireLibrary(row: DbLibrary, viewer: Viewer | null, index: LibraryIndex): Library {
  return {
    resourceId: row.resource_id,
    language: row.language,
    creator: row.creator,
    publisher: row.publisher,
    date: row.zim_date,
    articleCount: row.article_count,
    mediaCount: row.media_count,
    size: row.size,
    check: { state: row.check_state, percent: row.check_percent, reason: viewer?.isAdmin ? row.check_reason : null },
    index,
  };
}

export const libraryOf = (db: Db, resourceId: number): DbLibrary | undefined => findLibrary(db, resourceId);

/** Progress is written when it moves by this many points: a few dozen commits per file, not one per MiB. */
const PERCENT_STEP = 5;

/**
 * The background MD5 checks of libraries' files, one at a time (each reads a
 * file of GB from the card). A check cut by a stop starts again at the next
 * boot (resume). A failed check holds the resource back (finishCheck).
 */
export class LibraryChecks {
  readonly #db: Db;
  readonly #dataDir: string;
  readonly #log: FastifyBaseLogger;
  readonly #queue: Array<{ resourceId: number; sha256: string }> = [];
  /** `${resourceId} ${sha256}` of every check queued or running: resume() may run while one is */
  readonly #pending = new Set<string>();
  readonly #run = new BackgroundRun();
  readonly #onChecked: () => void;

  /** `onChecked`: a file passed its check (the search index starts then). */
  constructor(db: Db, dataDir: string, log: FastifyBaseLogger, onChecked: () => void = () => undefined) {
    this.#db = db;
    this.#dataDir = dataDir;
    this.#log = log;
    this.#onChecked = onChecked;
  }

  /** Every check a stop cut short, again from the start. */
  resume(): void {
    for (const row of checkingLibraries(this.#db)) this.start(row.resource_id, row.media_sha256);
  }

  start(resourceId: number, sha256: string): void {
    const key = `${resourceId} ${sha256}`;
    if (this.#run.signal.aborted || this.#pending.has(key)) return;
    this.#pending.add(key);
    this.#queue.push({ resourceId, sha256 });
    this.#run.start(() => this.#drain());
  }

  /** Resolves once nothing is queued (tests, and a clean stop). */
  idle(): Promise<void> {
    return this.#run.idle();
  }

  close(): Promise<void> {
    return this.#run.close();
  }

  async #drain(): Promise<void> {
    for (let job = this.#queue.shift(); job && !this.#run.signal.aborted; job = this.#queue.shift()) {
      await this.#check(job.resourceId, job.sha256);
      this.#pending.delete(`${job.resourceId} ${job.sha256}`);
    }
  }

  async #check(resourceId: number, sha256: string): Promise<void> {
    const { signal } = this.#run;
    let shown = 0;
    try {
      const zim = await ZimFile.open(mediaPath(this.#dataDir, sha256, 'zim'));
      try {
        await zim.verifyChecksum({
          signal,
          onProgress: (done, total) => {
            const percent = Math.floor((done * 100) / Math.max(total, 1));
            if (percent - shown >= PERCENT_STEP && percent < 100) {
              shown = percent;
              setCheckPercent(this.#db, resourceId, sha256, percent);
            }
          },
        });
      } finally {
        await zim.close();
      }
      finishCheck(this.#db, resourceId, sha256, { state: 'ok' });
      this.#log.info({ resourceId, sha256 }, 'library checksum ok');
      this.#onChecked();
    } catch (error) {
      // Stopped: the row stays `checking` and the next boot starts it again.
      if (signal.aborted) return;
      const refusal = zimRefusal(error);
      const reason = refusal instanceof AppError ? refusal.message : 'No se pudo leer el archivo ZIM para comprobarlo';
      finishCheck(this.#db, resourceId, sha256, { state: 'failed', reason });
      this.#log.warn({ resourceId, sha256, err: (error as Error).message }, 'library checksum failed: held back');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the background checks of libraries' ZIM files (modules/libraries) */
    libraryChecks: LibraryChecks;
  }
}
