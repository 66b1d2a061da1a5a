/**
 * Phones reading a library: each phone keeps one connection, asks for the
 * next article of a shared sample as soon as the last one has arrived, and
 * times its first byte (the answer's status line and headers arriving). The
 * same client reads from the kit and from kiwix-serve, so their figures
 * compare.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Reading {
  /** ms from sending a request to its first byte, one per answer */
  firstByte: number[];
  requests: number;
  seconds: number;
  /** answers that were not 200, and requests that failed */
  errors: number;
}

/** One answer as a phone saw it: ms to its first byte and to its last, its bytes and status (0: no answer). */
export interface Timed { firstByte: number; ms: number; bytes: number; status: number }

/** GET `url` on `agent`'s connections, timed; never rejects (a failed request has status 0). */
export function timedGet(agent: http.Agent, url: string, headers: http.OutgoingHttpHeaders = {}): Promise<Timed> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let firstByte = NaN;
    let bytes = 0;
    const done = (status: number) => resolve({ firstByte: Number.isNaN(firstByte) ? performance.now() - t0 : firstByte, ms: performance.now() - t0, bytes, status });
    const request = http.get(url, { agent, headers }, (res) => {
      firstByte = performance.now() - t0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    request.on('error', () => done(0));
  });
}

/** `phones` phones reading `urls` (each from its own place in the list, in turn) for `seconds`. */
export async function phonesReading(urls: readonly string[], phones: number, seconds: number): Promise<Reading> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: phones });
  const firstByte: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  const phone = async (p: number): Promise<void> => {
    for (let n = Math.floor((p * urls.length) / phones); performance.now() < end; n++) {
      const answer = await timedGet(agent, urls[n % urls.length] ?? '');
      firstByte.push(answer.firstByte);
      if (answer.status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: phones }, (_, p) => phone(p)));
  const took = (performance.now() - t0) / 1000;
  agent.destroy();
  return { firstByte, requests: firstByte.length, seconds: took, errors };
}
