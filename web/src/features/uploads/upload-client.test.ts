import { describe, expect, it } from 'vitest';
import type { ManagedResource } from '@kit/contract';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { RetryWaker, UPLOAD_STALLED, sendFile, type ChunkAnswer, type UploadState, type UploadTransport } from './upload-client.ts';

/*
 * The loop against a stand-in of the server's side of the protocol (the
 * real server is exercised by web/e2e/upload.spec.ts): it keeps every byte
 * that reached it, refuses a PATCH at the wrong offset with 409, and can cut
 * a chunk part-way as a dropped Wi-Fi link does.
 */

const RESOURCE = { id: 7, title: 'Video' } as ManagedResource;

function apiError(httpCode: number, code: string, data: unknown = null): ApiError {
  return new ApiError({ httpCode, type: 'test', code, message: code, data });
}

type Cut = { keep: number; error: ApiError } | ApiError;

class ProtocolServer implements UploadTransport {
  readonly received: number[] = [];
  readonly patches: { offset: number; length: number }[] = [];
  offsetAsks = 0;
  /** what happens to the next PATCHes, in order (undefined: accepted) */
  readonly cuts: (Cut | undefined)[] = [];
  readonly size: number;
  constructor(size: number) {
    this.size = size;
  }

  async offset(): Promise<number> {
    this.offsetAsks += 1;
    return this.received.length;
  }

  async patch(_id: string, offset: number, bytes: Blob, onSent: (loaded: number) => void): Promise<ChunkAnswer> {
    this.patches.push({ offset, length: bytes.size });
    const cut = this.cuts.shift();
    if (cut instanceof ApiError) throw cut;
    if (offset !== this.received.length) throw apiError(409, 'UPLOAD_OFFSET_MISMATCH', { offset: this.received.length });
    const data = [...new Uint8Array(await bytes.arrayBuffer())];
    const kept = cut ? data.slice(0, cut.keep) : data;
    for (const byte of kept) this.received.push(byte);
    onSent(kept.length);
    if (cut) throw cut.error;
    const complete = this.received.length === this.size;
    return { offset: this.received.length, complete, resource: complete ? RESOURCE : null };
  }
}

function fileOf(size: number): Blob {
  return new Blob([Uint8Array.from({ length: size }, (_, i) => i % 251)]);
}

async function bytesOf(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}

const noWait = () => 0;

describe('sendFile', () => {
  it('sends the file in chunks of the given size and answers the resource the last one attached it to', async () => {
    const file = fileOf(10);
    const server = new ProtocolServer(10);
    const states: UploadState[] = [];
    const resource = await sendFile({ transport: server, file, upload: { id: 'u', size: 10, offset: 0 }, chunkSize: 4, onState: (s) => states.push(s) });
    expect(resource).toBe(RESOURCE);
    expect(server.patches).toEqual([
      { offset: 0, length: 4 },
      { offset: 4, length: 4 },
      { offset: 8, length: 2 },
    ]);
    expect(server.received).toEqual(await bytesOf(file));
    const sent = states.map((s) => s.sent);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(states.at(-1)).toMatchObject({ phase: 'done', sent: 10, size: 10 });
  });

  it('starts from the offset the server already holds', async () => {
    const file = fileOf(10);
    const server = new ProtocolServer(10);
    server.received.push(...(await bytesOf(file.slice(0, 6))));
    await sendFile({ transport: server, file, upload: { id: 'u', size: 10, offset: 6 }, chunkSize: 4 });
    expect(server.patches).toEqual([{ offset: 6, length: 4 }]);
    expect(server.received).toEqual(await bytesOf(file));
  });

  it('after a cut link asks the server where it stands and goes on from there, not from the chunk it sent', async () => {
    const file = fileOf(12);
    const server = new ProtocolServer(12);
    server.cuts.push(undefined, { keep: 1, error: apiError(0, NETWORK_ERROR) }, apiError(0, NETWORK_ERROR));
    const waits: number[] = [];
    const states: UploadState[] = [];
    await sendFile({
      transport: server,
      file,
      upload: { id: 'u', size: 12, offset: 0 },
      chunkSize: 4,
      backoff: (attempt) => {
        waits.push(attempt);
        return 0;
      },
      onState: (s) => states.push(s),
    });
    // 0–4 ok; 4–8 cut after one byte; 5–9 refused by the link; then 5–9, 9–12
    expect(server.patches.map((p) => p.offset)).toEqual([0, 4, 5, 5, 9]);
    expect(server.offsetAsks).toBe(2);
    expect(waits).toEqual([1, 2]);
    expect(states.filter((s) => s.phase === 'waiting').map((s) => s.error?.code)).toEqual([NETWORK_ERROR, NETWORK_ERROR]);
    // the retries still say the link dropped; the first chunk that gets through clears it
    expect(states.some((s) => s.phase === 'sending' && s.error?.code === NETWORK_ERROR)).toBe(true);
    expect(states.at(-1)?.error).toBeNull();
    expect(server.received).toEqual(await bytesOf(file));
  });

  it('retries a busy server (503) but not a refused file, which it throws as the server said', async () => {
    const server = new ProtocolServer(8);
    server.cuts.push(apiError(503, 'UNAVAILABLE'), apiError(415, 'FILE_TYPE_NOT_ALLOWED'));
    const sending = sendFile({ transport: server, file: fileOf(8), upload: { id: 'u', size: 8, offset: 0 }, chunkSize: 4, backoff: noWait });
    await expect(sending).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
    expect(server.patches).toHaveLength(2);
  });

  it('continues at once from the offset a 409 UPLOAD_OFFSET_MISMATCH gives', async () => {
    const file = fileOf(8);
    const server = new ProtocolServer(8);
    server.received.push(...(await bytesOf(file.slice(0, 3))));
    let waited = false;
    await sendFile({
      transport: server,
      file,
      upload: { id: 'u', size: 8, offset: 0 },
      chunkSize: 4,
      backoff: () => {
        waited = true;
        return 0;
      },
    });
    expect(server.patches.map((p) => p.offset)).toEqual([0, 3, 7]);
    expect(waited).toBe(false);
    expect(server.received).toEqual(await bytesOf(file));
  });

  it('finishes with an empty chunk when the server already holds every byte', async () => {
    const file = fileOf(5);
    const server = new ProtocolServer(5);
    server.received.push(...(await bytesOf(file)));
    await expect(sendFile({ transport: server, file, upload: { id: 'u', size: 5, offset: 5 }, chunkSize: 4 })).resolves.toBe(RESOURCE);
    expect(server.patches).toEqual([{ offset: 5, length: 0 }]);
  });

  it('halves the chunk after a stall, never below the protocol minimum', async () => {
    const size = 2 * 1024 * 1024;
    const server = new ProtocolServer(size);
    server.cuts.push(apiError(0, UPLOAD_STALLED));
    await sendFile({ transport: server, file: fileOf(size), upload: { id: 'u', size, offset: 0 }, chunkSize: 1024 * 1024, backoff: noWait });
    expect(server.patches.map((p) => p.length)).toEqual([1024 * 1024, 512 * 1024, 512 * 1024, 512 * 1024, 512 * 1024]);
  });

  /** A 4-byte upload whose only chunk is cut, then an hour's wait that DURING the wait ends. */
  function oneLongWait(during: (waker: RetryWaker, controller: AbortController) => void) {
    const server = new ProtocolServer(4);
    server.cuts.push(apiError(0, NETWORK_ERROR));
    const waker = new RetryWaker();
    const controller = new AbortController();
    const sending = sendFile({
      transport: server,
      file: fileOf(4),
      upload: { id: 'u', size: 4, offset: 0 },
      chunkSize: 4,
      waker,
      signal: controller.signal,
      backoff: () => 3_600_000,
      onState: (state) => {
        if (state.phase === 'waiting') setTimeout(() => during(waker, controller), 0);
      },
    });
    return { server, sending };
  }

  it('"Reanudar" (wake) ends a long wait at once', async () => {
    const { server, sending } = oneLongWait((waker) => waker.wake());
    await expect(sending).resolves.toBe(RESOURCE);
    expect(server.patches).toHaveLength(2);
  });

  it('stops waiting when aborted, with the reason it was aborted for', async () => {
    const reason = new Error('el usuario canceló');
    const { server, sending } = oneLongWait((_waker, controller) => controller.abort(reason));
    await expect(sending).rejects.toBe(reason);
    expect(server.patches).toHaveLength(1);
  });
});
