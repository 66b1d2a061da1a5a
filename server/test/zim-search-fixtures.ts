/** Tests only: libraries with articles to search (docs/API-library.md "Search"). */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { mediaPath } from '../src/media/store.ts';
import { inspectZim, recordLibrary } from '../src/modules/libraries/libraries.service.ts';
import { addMedia, addResource } from './library-fixtures.ts';
import { illustrationPng, zimwriterfs } from './zim-tools.ts';

const page = (title: string, body: string): string =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title><style>.murcielago { color: red }</style></head><body>${body}</body></html>`;

/** An encyclopedia of the valley: a song, a tree whose text names the song, a redirect to the song, a picture. */
export async function valleyZim(dir: string): Promise<Buffer> {
  const file = await zimwriterfs(
    dir,
    [
      { file: 'index.html', content: page('Portada', '<a href="cancion.html">Canción</a> <a href="ceiba.html">La ceiba</a>') },
      { file: 'cancion.html', content: page('Canción', '<p>Se canta con el tambor al caer la tarde.</p><script>var secreto = "xilofono";</script>') },
      { file: 'ceiba.html', content: page('La ceiba', '<p>La ceiba es un &aacute;rbol sagrado de la monta&ntilde;a; bajo ella se canta una canción.</p>') },
      // zimwriterfs writes a page that only refreshes to another as a redirect entry
      { file: 'arrullo.html', content: '<html><head><meta http-equiv="refresh" content="0;url=cancion.html"><title>Arrullo</title></head><body></body></html>' },
      { file: 'img.png', content: illustrationPng() },
    ],
    { welcome: 'index.html', illustration: 'img.png', title: 'Enciclopedia del valle' },
  );
  return fs.readFileSync(file);
}

/**
 * A «Biblioteca» resource for `bytes`, recorded as every import door records
 * it, its check started: the index follows once the check passes.
 */
export async function addLibrary(app: FastifyInstance, dataDir: string, title: string, bytes: Buffer, opts: { status?: 'published' | 'pending' | 'draft'; category?: number } = {}): Promise<number> {
  const sha = addMedia(app.db, dataDir, bytes, 'zim', 'application/x-zim');
  const id = addResource(app.db, { title, type: 7, media: sha, status: opts.status ?? 'published', category: opts.category ?? null });
  recordLibrary(app.db, id, sha, await inspectZim(mediaPath(dataDir, sha, 'zim')));
  app.libraryChecks.start(id, sha);
  return id;
}

/** Every check and every index the kit has to make, made. */
export async function allIndexed(app: FastifyInstance): Promise<void> {
  await app.libraryChecks.idle();
  await app.articleIndex.idle();
}

