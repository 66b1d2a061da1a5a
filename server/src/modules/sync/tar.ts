import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';

/*
 * A small ustar reader and writer over streams: packs hold media of any size,
 * so no entry is ever held in memory whole. Only what packs need: regular
 * files with short names. The reader is strict (header checksums, zero
 * padding, the two closing zero blocks) so one changed or missing byte
 * anywhere is noticed, not silently skipped.
 */

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

export class TarError extends Error {
  readonly truncated: boolean;
  constructor(message: string, truncated = false) {
    super(message);
    this.truncated = truncated;
  }
}

const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

function octal(buf: Buffer, offset: number, length: number, value: number): void {
  buf.write(value.toString(8).padStart(length - 1, '0'), offset, length - 1, 'ascii');
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100 || !/^[A-Za-z0-9._/-]+$/.test(name)) throw new TarError(`nombre de entrada no válido: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  octal(h, 100, 8, 0o644);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, size);
  octal(h, 136, 12, Math.floor(mtime.getTime() / 1000));
  h.fill(0x20, 148, 156); // the checksum field counts as spaces while summing
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\u000000', 257, 8, 'latin1');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return h;
}

/** Writes entries one after the other, honouring the destination's back-pressure. */
export class TarWriter {
  readonly #out: Writable;
  readonly #onBytes: (n: number) => void;
  constructor(out: Writable, onBytes: (n: number) => void = () => undefined) {
    this.#out = out;
    this.#onBytes = onBytes;
  }

  async #write(chunk: Buffer): Promise<void> {
    this.#onBytes(chunk.length);
    if (!this.#out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        this.#out.once('error', onError);
        this.#out.once('drain', () => {
          this.#out.off('error', onError);
          resolve();
        });
      });
    }
  }

  async addBuffer(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.#write(header(name, data.length, mtime));
    await this.#write(data);
    await this.#write(ZERO_BLOCK.subarray(0, padding(data.length)));
  }

  /** `body` must yield exactly `size` bytes (a file read as a stream). */
  async addStream(name: string, size: number, body: AsyncIterable<Buffer>, mtime = new Date()): Promise<void> {
    await this.#write(header(name, size, mtime));
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) throw new TarError(`${name} creció mientras se empaquetaba`);
      await this.#write(chunk);
    }
    if (written !== size) throw new TarError(`${name} cambió de tamaño mientras se empaquetaba`);
    await this.#write(ZERO_BLOCK.subarray(0, padding(size)));
  }

  async finish(): Promise<void> {
    await this.#write(Buffer.alloc(2 * BLOCK));
  }
}

/** The size in bytes of a tar holding entries of these sizes (for progress and estimates). */
export function tarSize(entrySizes: readonly number[]): number {
  return entrySizes.reduce((total, size) => total + BLOCK + size + padding(size), 0) + 2 * BLOCK;
}

/** Pulls exact byte counts from a stream without buffering more than one chunk. */
class ByteReader {
  readonly #it: AsyncIterator<Buffer>;
  #rest: Buffer = Buffer.alloc(0);
  #ended = false;
  readonly #onBytes: (n: number) => void;
  constructor(source: Readable, onBytes: (n: number) => void) {
    // Not destroyed when reading stops early: the caller decides (drain an upload so its answer is read, close a file).
    this.#it = source.iterator({ destroyOnReturn: false });
    this.#onBytes = onBytes;
  }

  async #fill(): Promise<boolean> {
    if (this.#rest.length > 0) return true;
    if (this.#ended) return false;
    const next = await this.#it.next();
    if (next.done) {
      this.#ended = true;
      return false;
    }
    this.#rest = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    this.#onBytes(this.#rest.length);
    return true;
  }

  /** Up to `max` bytes, at least one; null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    if (!(await this.#fill())) return null;
    const out = this.#rest.subarray(0, max);
    this.#rest = this.#rest.subarray(out.length);
    return out;
  }

  async exactly(n: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.some(n - got);
      if (!part) {
        if (got === 0) return null;
        throw new TarError('el archivo termina antes de tiempo', true);
      }
      parts.push(part);
      got += part.length;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
  }

  async atEnd(): Promise<boolean> {
    return !(await this.#fill());
  }

  async release(): Promise<void> {
    await this.#it.return?.();
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it whole before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

function parseHeader(h: Buffer): { name: string; size: number } {
  const stored = Number.parseInt(h.toString('latin1', 148, 156).replace(/[\0 ]+$/g, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (h[i] as number);
  if (stored !== sum) throw new TarError('la cabecera de una entrada está dañada');
  if (h.toString('latin1', 257, 262) !== 'ustar') throw new TarError('no es un archivo tar ustar');
  const type = h.toString('latin1', 156, 157);
  if (type !== '0' && type !== '\0') throw new TarError('el paquete tiene una entrada que no es un archivo');
  const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
  const sizeField = h.toString('latin1', 124, 136).replace(/[\0 ]+$/g, '').trim();
  if (!/^[0-7]+$/.test(sizeField)) throw new TarError('la cabecera de una entrada está dañada');
  return { name, size: Number.parseInt(sizeField, 8) };
}

/** The entries of a tar stream, in order; throws TarError on anything malformed or cut short. */
export async function* readTar(source: Readable, onBytes: (n: number) => void = () => undefined): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source, onBytes);
  try {
    yield* entriesOf(reader);
  } finally {
    await reader.release();
  }
}

async function* entriesOf(reader: ByteReader): AsyncGenerator<TarEntry> {
  for (;;) {
    const h = await reader.exactly(BLOCK);
    if (!h) throw new TarError('el archivo termina antes de tiempo', true);
    if (h.equals(ZERO_BLOCK)) {
      const second = await reader.exactly(BLOCK);
      if (!second) throw new TarError('el archivo termina antes de tiempo', true);
      if (!second.equals(ZERO_BLOCK)) throw new TarError('el final del archivo está dañado');
      // Some writers pad to a record size with zeros; anything else is foreign.
      for (let rest = await reader.some(BLOCK); rest; rest = await reader.some(BLOCK)) {
        if (rest.some((b) => b !== 0)) throw new TarError('hay datos después del final del archivo');
      }
      return;
    }
    const { name, size } = parseHeader(h);
    let left = size;
    let consumed = false;
    const body: AsyncIterable<Buffer> = {
      async *[Symbol.asyncIterator]() {
        consumed = true;
        while (left > 0) {
          const chunk = await reader.some(Math.min(left, 64 * 1024));
          if (!chunk) throw new TarError('el archivo termina antes de tiempo', true);
          left -= chunk.length;
          yield chunk;
        }
      },
    };
    yield { name, size, body };
    if (!consumed || left > 0) {
      for await (const chunk of body) void chunk;
    }
    const pad = padding(size);
    if (pad > 0) {
      const zeros = await reader.exactly(pad);
      if (!zeros) throw new TarError('el archivo termina antes de tiempo', true);
      if (zeros.some((b) => b !== 0)) throw new TarError('el relleno de una entrada está dañado');
    }
    if (await reader.atEnd()) throw new TarError('el archivo termina antes de tiempo', true);
  }
}

/** Reads an entry's body to its end, its sha256 computed on the way; with FILE, also written there and fsynced. */
export async function hashEntryTo(entry: TarEntry, file: string | null): Promise<string> {
  const hash = createHash('sha256');
  // Written and fsynced on libuv's thread pool: an import never holds up other requests.
  const out = file === null ? null : await fs.promises.open(file, 'w');
  try {
    for await (const chunk of entry.body) {
      hash.update(chunk);
      if (out !== null) await out.write(chunk);
    }
    if (out !== null) await out.sync();
  } finally {
    await out?.close();
  }
  return hash.digest('hex');
}
