import type { ManagedResource } from '@kit/contract';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';

/*
 * The resumable upload loop of docs/API-contributions.md: the file goes in
 * chunks (PATCH at the server's offset), so a cut Wi-Fi link loses at most
 * the chunk in flight. After a failure it asks the server where it stands
 * and goes on from there, with back-off, or at once when the link returns or
 * the user presses "Reanudar".
 */

/** Code of the ApiError a transport throws when a chunk stalls (no progress for too long). */
export const UPLOAD_STALLED = 'UPLOAD_STALLED';
/** Never cut chunks below this on a slow link (the protocol's advice). */
export const MIN_CHUNK_BYTES = 256 * 1024;
const MAX_BACKOFF_MS = 30_000;

export interface ChunkAnswer {
  offset: number;
  complete: boolean;
  resource: ManagedResource | null;
}

/** How bytes reach the server; xhr-transport.ts in the app. */
export interface UploadTransport {
  /** the bytes the server holds (GET/HEAD /api/uploads/{id}) */
  offset(id: string, signal: AbortSignal): Promise<number>;
  /** PATCH /api/uploads/{id} with Upload-Offset; `onSent` hears the bytes of this chunk sent so far */
  patch(id: string, offset: number, bytes: Blob, onSent: (loaded: number) => void, signal: AbortSignal): Promise<ChunkAnswer>;
}

export interface UploadState {
  phase: 'sending' | 'waiting' | 'done';
  /** bytes sent (the server's offset plus what is in flight) */
  sent: number;
  size: number;
  /** why the link dropped, from the failure until a chunk gets through again (waiting and retrying) */
  error: ApiError | null;
}

export interface SendFileOptions {
  transport: UploadTransport;
  file: Blob;
  upload: { id: string; size: number; offset: number };
  /** bytes per PATCH (the server's suggestion, GET /api/v2/uploads/config) */
  chunkSize: number;
  waker?: RetryWaker;
  onState?: (state: UploadState) => void;
  signal?: AbortSignal;
  /** the wait before the n-th retry in a row (n ≥ 1) */
  backoff?: (attempt: number) => number;
}

/** 1 s, 2 s, 4 s … up to 30 s. */
export function defaultBackoff(attempt: number): number {
  return Math.min(1000 * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}

/** A failure worth retrying: the link, a stall, or the server busy or restarting. The rest is final. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === NETWORK_ERROR || error.code === UPLOAD_STALLED || error.httpCode === 0) return true;
  return error.httpCode >= 500 && error.code !== 'DISK_FULL';
}

/** The server's offset from a 409 UPLOAD_OFFSET_MISMATCH, or null for any other failure. */
export function mismatchOffset(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'UPLOAD_OFFSET_MISMATCH') return null;
  const offset = (error.data as { offset?: unknown } | null)?.offset;
  return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : null;
}

/**
 * The wait between retries, ended early by `wake()` (the "Reanudar" button)
 * or by the browser's `online` event (the link came back).
 */
export class RetryWaker {
  private wakeUp: (() => void) | null = null;

  wake(): void {
    this.wakeUp?.();
  }

  wait(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const finish = (error?: unknown) => {
        clearTimeout(timer);
        globalThis.removeEventListener?.('online', onOnline);
        signal?.removeEventListener('abort', onAbort);
        this.wakeUp = null;
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error(String(error)));
      };
      const onOnline = () => finish();
      const onAbort = () => finish(signal?.reason ?? new Error('aborted'));
      const timer = setTimeout(() => finish(), ms);
      this.wakeUp = () => finish();
      globalThis.addEventListener?.('online', onOnline);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/**
 * Sends `file` from the upload's offset to its end and answers the resource
 * the last chunk attached it to. Retries failures of the link for as long
 * as it is not aborted; throws a final refusal (the upload is gone, the
 * file's type is refused…) as the server's ApiError.
 */
export async function sendFile(options: SendFileOptions): Promise<ManagedResource | null> {
  const { transport, file, upload, onState, backoff = defaultBackoff } = options;
  const signal = options.signal ?? new AbortController().signal;
  const waker = options.waker ?? new RetryWaker();
  const size = upload.size;
  let offset = upload.offset;
  let chunkSize = Math.max(1, options.chunkSize);
  let failures = 0;
  /** the failure being retried: the UI keeps saying the link dropped until a chunk gets through again */
  let lastError: ApiError | null = null;
  let askOffset = false;
  const report = (state: Omit<UploadState, 'size'>) => onState?.({ ...state, size });

  for (;;) {
    signal.throwIfAborted();
    try {
      if (askOffset) {
        offset = await transport.offset(upload.id, signal);
        askOffset = false;
      }
      const from = offset;
      report({ phase: 'sending', sent: from, error: lastError });
      // At the end this is an empty chunk: it completes an upload whose last answer was lost.
      const bytes = file.slice(from, Math.min(from + chunkSize, size));
      const answer = await transport.patch(upload.id, from, bytes, (loaded) => report({ phase: 'sending', sent: Math.min(from + loaded, size), error: lastError }), signal);
      failures = 0;
      lastError = null;
      if (answer.complete) {
        report({ phase: 'done', sent: size, error: null });
        return answer.resource;
      }
      offset = answer.offset;
    } catch (error) {
      if (signal.aborted) throw error;
      const serverOffset = mismatchOffset(error);
      if (serverOffset !== null) {
        offset = serverOffset;
        continue;
      }
      if (!isRetryable(error)) throw error;
      // A stalled chunk means a slow link: smaller pieces finish within the server's time limit.
      if (error instanceof ApiError && error.code === UPLOAD_STALLED) chunkSize = Math.max(Math.min(MIN_CHUNK_BYTES, chunkSize), Math.floor(chunkSize / 2));
      failures += 1;
      lastError = error as ApiError;
      askOffset = true;
      const delay = backoff(failures);
      report({ phase: 'waiting', sent: offset, error: lastError });
      await waker.wait(delay, signal);
    }
  }
}
