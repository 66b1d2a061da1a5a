/** Tests only (server and browser): a small real library with articles to search. */
import fs from 'node:fs';
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
